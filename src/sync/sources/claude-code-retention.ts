/**
 * Claude Code deletes its own session transcripts: at start-up it removes those last changed more
 * than `cleanupPeriodDays` ago (30 when unset), read from its user settings
 * (`~/.claude/settings.json`, or under `CLAUDE_CONFIG_DIR`). Sync reads that setting to warn
 * before sessions it holds are deleted (`HistorySource.retention`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SourceEnvironment, SourceRetention } from "../history-source.js";

/** Claude Code's own default when `cleanupPeriodDays` is unset, days. */
export const CLAUDE_DEFAULT_CLEANUP_DAYS = 30;

/**
 * The retention Claude Code applies on this machine: `cleanupPeriodDays` from its user
 * `settings.json` (and `settings.local.json` beside it, which wins), else its default with
 * `settingsFile` null. Never throws: an unreadable or malformed file is as if absent.
 */
export function claudeCodeRetention(environment: SourceEnvironment): SourceRetention {
  const configured = environment.env.CLAUDE_CONFIG_DIR?.trim();
  const folder = configured || join(environment.home, ".claude");
  let found: SourceRetention = { days: CLAUDE_DEFAULT_CLEANUP_DAYS, settingsFile: null };
  for (const name of ["settings.json", "settings.local.json"]) {
    const path = join(folder, name);
    const days = cleanupPeriodDays(path);
    if (days !== null) found = { days, settingsFile: path };
  }
  return found;
}

/** The file's `cleanupPeriodDays` when it is a non-negative number; null otherwise. */
function cleanupPeriodDays(path: string): number | null {
  try {
    const value: unknown = (JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>)
      .cleanupPeriodDays;
    return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}
