/**
 * The warning before an agent deletes its own history: with its retention setting read
 * (`HistorySource.retention`, Claude Code's `cleanupPeriodDays`), the synced files that it will
 * delete within {@link RETENTION_WARNING_DAYS}. Recollect keeps what it synced; the warning names
 * the command that keeps the rest of such a session (run sync again before then, or keep
 * `sync --watch` running).
 */
import { statSync } from "node:fs";
import type { HistorySource, SourceEnvironment, SourceFile } from "./history-source.js";

/** How close to its deletion a file is warned of, days. */
export const RETENTION_WARNING_DAYS = 7;

const DAY_MS = 86_400_000;

/** Files an agent will delete soon by its own setting. */
export interface SourceRetentionWarning {
  /** The agent's retention, days (its setting, else its default). */
  readonly days: number;
  /** The settings file that set it (absolute), or null for the agent's default. */
  readonly settingsFile: string | null;
  /** Files last changed more than `days - RETENTION_WARNING_DAYS` days ago. */
  readonly files: number;
}

/**
 * The warning for `files` of `source` at `nowMs` (ms since the epoch), or null when the source
 * keeps its history or none of the files is within {@link RETENTION_WARNING_DAYS} of deletion.
 * A file's mtime is taken from `mtimes` (path → ms, what the pass's own `stat` saw), else one
 * `stat`; a file that cannot be stat-ed is left out.
 */
export function retentionWarning(
  source: HistorySource,
  environment: SourceEnvironment,
  files: readonly SourceFile[],
  nowMs: number,
  mtimes: ReadonlyMap<string, number> = new Map(),
): SourceRetentionWarning | null {
  if (!source.retention) return null;
  const { days, settingsFile } = source.retention(environment);
  const warnBeforeMs = nowMs - Math.max(0, days - RETENTION_WARNING_DAYS) * DAY_MS;
  let soon = 0;
  for (const file of files) {
    try {
      if ((mtimes.get(file.path) ?? statSync(file.path).mtimeMs) <= warnBeforeMs) soon++;
    } catch {
      // Gone or unreadable since it was listed: the pass reported it already.
    }
  }
  return soon === 0 ? null : { days, settingsFile, files: soon };
}
