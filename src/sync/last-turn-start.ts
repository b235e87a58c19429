/**
 * Where the last turn of a JSON Lines log begins: the start of the last line that, read on its
 * own by the log's format, is a message from the person. Sync parses an append from there, so the
 * parser sees the whole turn (an assistant reply split over several lines, a question and its
 * answer, a history-tool call and the reply after it) even when the turn straddles two syncs.
 */
import type { ImportFormat } from "../importers/index.js";
import { parseSourceBytes } from "./parse-source.js";

/**
 * Offset within `bytes` (complete JSON lines of `path`) of the last line that is a person's
 * message on its own, or null when no line is. Lines are tried from the end; the cheap filter
 * (the line mentions `user`) skips most lines without parsing them.
 */
export function lastTurnStart(format: ImportFormat, path: string, bytes: Buffer): number | null {
  let end = bytes.length;
  while (end > 0) {
    const newline = bytes.lastIndexOf(0x0a, end - 2);
    const start = newline + 1;
    const line = bytes.subarray(start, end);
    if (line.includes("user") && isUserLine(format, path, line)) return start;
    end = start;
  }
  return null;
}

function isUserLine(format: ImportFormat, path: string, line: Buffer): boolean {
  try {
    const chats = parseSourceBytes(format, path, line, 0).chats;
    return chats[0]?.messages[0]?.role === "user";
  } catch {
    return false;
  }
}
