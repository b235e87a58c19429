/**
 * The working directory an agent recorded at the top of a JSONL session (Claude Code's `cwd` on
 * each line, Codex's `session_meta.payload.cwd`), read from the file's first bytes only: discovery
 * and `sync --dry-run` need a file's project root without parsing the whole file (and, for a
 * legacy sub-agent transcript, its parent session's id).
 */
import { closeSync, openSync, readSync } from "node:fs";

/** How much of a file is read to find the cwd: sessions record it on the first lines. */
export const CWD_HEAD_BYTES = 64 * 1024;

/**
 * The first non-empty `cwd` (top-level or inside `payload`) among the complete JSON lines in the
 * first {@link CWD_HEAD_BYTES} bytes of `path`; null when none is there or the file is unreadable.
 * Never throws.
 */
export function readRecordedCwd(path: string): string | null {
  return firstRecorded(path, cwdOf);
}

/**
 * The first non-empty top-level `sessionId` among the complete JSON lines in the first
 * {@link CWD_HEAD_BYTES} bytes of `path` (a legacy sub-agent transcript names its parent session
 * so); null when none is there or the file is unreadable. Never throws.
 */
export function readRecordedSessionId(path: string): string | null {
  return firstRecorded(path, (line) => {
    if (!line.includes('"sessionId"')) return null;
    try {
      const value: unknown = (JSON.parse(line) as { sessionId?: unknown }).sessionId;
      return typeof value === "string" && value.trim() !== "" ? value : null;
    } catch {
      return null;
    }
  });
}

/** The first non-null `fieldOf` a complete line of the file's head gives. Never throws. */
function firstRecorded(path: string, fieldOf: (line: string) => string | null): string | null {
  let text: string;
  try {
    const descriptor = openSync(path, "r");
    try {
      const buffer = Buffer.alloc(CWD_HEAD_BYTES);
      const length = readSync(descriptor, buffer, 0, CWD_HEAD_BYTES, 0);
      text = buffer.subarray(0, length).toString("utf8");
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return null;
  }
  const lines = text.split("\n");
  if (text.length >= CWD_HEAD_BYTES) lines.pop();
  for (const line of lines) {
    const value = fieldOf(line);
    if (value) return value;
  }
  return null;
}

function cwdOf(line: string): string | null {
  if (!line.includes('"cwd"')) return null;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof record !== "object" || record === null) return null;
  const top = (record as { cwd?: unknown }).cwd;
  if (typeof top === "string" && top.trim() !== "") return top;
  const payload = (record as { payload?: { cwd?: unknown } }).payload;
  const nested = typeof payload === "object" && payload !== null ? payload.cwd : undefined;
  return typeof nested === "string" && nested.trim() !== "" ? nested : null;
}
