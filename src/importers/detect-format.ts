/**
 * Recognizes a chat-history format from a file's first bytes, by content rather than extension
 * (a `.md` may be SpecStory or aider, a `.jsonl` Claude Code, Codex or generic).
 */
import { looksLikeAider } from "./formats/aider.js";
import { looksLikeClaudeCodeRecord } from "./formats/claude-code.js";
import { looksLikeCodexRecord } from "./formats/codex.js";
import { SQLITE_HEADER } from "./formats/dyad.js";
import { looksLikeGenericRecord } from "./formats/generic-jsonl.js";
import { tryParseJson } from "./formats/json-lines.js";
import { looksLikeSpecStory } from "./formats/specstory.js";
import type { ImportFormat } from "./imported-chat.js";

/** How many leading bytes detection reads: enough for several long JSONL lines. */
export const DETECT_HEAD_BYTES = 1024 * 1024;
/** JSONL detection looks at up to this many complete leading lines. */
const DETECT_MAX_LINES = 20;

/**
 * The format of a file whose first ≤ {@link DETECT_HEAD_BYTES} bytes are `head`, or null when it is
 * none of them (empty, binary, or another kind of text). Detection is a cheap guess; the parser
 * validates the whole file and throws `ImportFormatError` if the guess was wrong.
 */
export function detectFormat(head: Uint8Array): ImportFormat | null {
  const buffer = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (buffer.subarray(0, SQLITE_HEADER.length).toString("latin1") === SQLITE_HEADER) return "dyad";
  if (buffer.length === 0 || buffer.includes(0)) return null;
  const text = buffer.toString("utf8").replace(/^\uFEFF/, "");
  if (looksLikeSpecStory(text)) return "specstory";
  if (looksLikeAider(text)) return "aider";
  const start = text.trimStart();
  if (start.startsWith("[")) {
    return /^\[\s*\{\s*"ts"\s*:\s*\d+/.test(start) && /"type"\s*:\s*"(?:say|ask)"/.test(start)
      ? "cline"
      : null;
  }
  if (!start.startsWith("{")) return null;
  const lines = text.split("\n");
  // The last piece may be cut by the head limit; only complete lines are parsed.
  const complete = buffer.length >= DETECT_HEAD_BYTES ? lines.slice(0, -1) : lines;
  let checked = 0;
  for (const line of complete) {
    if (checked >= DETECT_MAX_LINES) break;
    if (line.trim() === "") continue;
    checked++;
    const record = tryParseJson(line);
    if (record === undefined) continue;
    if (looksLikeCodexRecord(record)) return "codex";
    if (looksLikeClaudeCodeRecord(record)) return "claude-code";
    if (looksLikeGenericRecord(record)) return "jsonl";
  }
  return null;
}
