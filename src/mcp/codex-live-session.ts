/**
 * Codex's live session, seen from the MCP server it spawned. Codex passes no session identity to
 * MCP servers (its `CODEX_THREAD_ID` reaches the shells it runs, not MCP servers: openai/codex
 * issue 19937); the id is read when present all the same. Otherwise the live session is the
 * newest rollout written within the window whose `session_meta` names the project folder (or a
 * folder inside it) as its `cwd`: rollouts are `<CODEX_HOME or ~/.codex>/sessions/YYYY/MM/DD/
 * rollout-<time>-<id>.jsonl`, the first line `{"type":"session_meta","payload":{"id","cwd",…}}`.
 * Only the two newest day folders are looked at (a session that began before yesterday and is
 * still written to is missed; its file stays in its first day's folder).
 */
import { readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join, sep } from "node:path";
import { readHead, recentFiles } from "./recent-file.js";

/** Bytes of a rollout's head read for its `session_meta` line (it carries the instructions). */
const SESSION_META_BYTES = 256 * 1024;

/** Codex's home: `$CODEX_HOME`, else `~/.codex` under `home`. */
export function codexHome(env: NodeJS.ProcessEnv, home: string = homedir()): string {
  const configured = env.CODEX_HOME?.trim();
  return configured ? configured : join(home, ".codex");
}

/**
 * The session id of the Codex session working in `projectPath` now: `CODEX_THREAD_ID` when set,
 * else the newest recent rollout of that folder; null when none.
 */
export function codexLiveSessionId(
  projectPath: string | null,
  env: NodeJS.ProcessEnv,
  nowMs: number,
  home?: string,
): string | null {
  const fromEnv = env.CODEX_THREAD_ID?.trim();
  if (fromEnv) return fromEnv;
  if (projectPath === null) return null;
  const sessions = join(codexHome(env, home), "sessions");
  for (const path of recentFiles(newestDayRollouts(sessions), nowMs)) {
    const meta = sessionMeta(path);
    if (meta && (meta.cwd === projectPath || meta.cwd.startsWith(projectPath + sep))) {
      return meta.id;
    }
  }
  return null;
}

/** Rollout files of the two newest `YYYY/MM/DD` folders under `sessions`. */
function newestDayRollouts(sessions: string): string[] {
  const days: string[] = [];
  for (const year of sortedNames(sessions)) {
    for (const month of sortedNames(join(sessions, year))) {
      for (const day of sortedNames(join(sessions, year, month))) {
        days.push(join(sessions, year, month, day));
      }
    }
  }
  return days.slice(-2).flatMap((day) =>
    sortedNames(day)
      .filter((name) => name.startsWith("rollout-") && name.endsWith(".jsonl"))
      .map((name) => join(day, name)),
  );
}

/** Entry names of `dir`, sorted; none when it cannot be listed. */
function sortedNames(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** The `id` and `cwd` of a rollout's `session_meta` first line; null when it has none. */
function sessionMeta(path: string): { id: string; cwd: string } | null {
  const head = readHead(path, SESSION_META_BYTES);
  const line = head?.split("\n", 1)[0];
  if (!line) return null;
  try {
    const record = JSON.parse(line) as {
      type?: unknown;
      payload?: { id?: unknown; cwd?: unknown };
    };
    const { id, cwd } = record.payload ?? {};
    return record.type === "session_meta" && typeof id === "string" && typeof cwd === "string"
      ? { id, cwd }
      : null;
  } catch {
    return null; // a first line longer than the head read, or not JSON: not identifiable
  }
}
