/**
 * The file an agent is writing to now: the newest of some candidate transcripts, when it changed
 * within a window (agents append each step as it happens, so the session calling a tool has just
 * written to its file). Shared by the live-session finders of each host (`live-session.ts`).
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";

/**
 * How recently a transcript must have changed to count as the live session, ms. A tool call is
 * written to the transcript before the tool runs; two minutes also covers a slow model step
 * before it.
 */
export const LIVE_TRANSCRIPT_WINDOW_MS = 120_000;

/**
 * `paths` changed within {@link LIVE_TRANSCRIPT_WINDOW_MS} of `nowMs`, newest first. A path that
 * cannot be stat-ed (gone between the listing and the stat, unreadable) is left out.
 */
export function recentFiles(paths: readonly string[], nowMs: number): string[] {
  const recent: { path: string; mtimeMs: number }[] = [];
  for (const path of paths) {
    try {
      const { mtimeMs } = statSync(path);
      if (nowMs - mtimeMs <= LIVE_TRANSCRIPT_WINDOW_MS) recent.push({ path, mtimeMs });
    } catch {
      // Gone or unreadable: not the live session.
    }
  }
  return recent.sort((a, b) => b.mtimeMs - a.mtimeMs).map((file) => file.path);
}

/**
 * The first `maxBytes` bytes of `path` as UTF-8 (a torn last character is replaced), or null when
 * the file cannot be read. Bounded, so a long transcript costs one small read.
 */
export function readHead(path: string, maxBytes: number): string | null {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(maxBytes);
    const read = readSync(fd, buffer, 0, maxBytes, 0);
    return buffer.subarray(0, read).toString("utf8");
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
