/**
 * Recognizes a chat-history format from a file's first bytes, by content rather than extension
 * (a `.md` may be SpecStory or aider, a `.jsonl` Claude Code, Codex or generic).
 */
import { type DetectionHead, readDetectionHead } from "./detection-head.js";
import { detectFormatModule, type ImportFormat } from "./format-registry.js";

/**
 * The format of the file whose head is `head` (see `readDetectionHead()`), or null when it is
 * none of them (empty, binary, or another kind of text). Detection is a cheap guess; the parser
 * validates the whole file and throws `ImportFormatError` if the guess was wrong.
 */
export function detectFormat(head: DetectionHead): ImportFormat | null {
  return detectFormatModule(head)?.format ?? null;
}

/**
 * The format of the file at `path`, or null when it is none of them.
 *
 * @throws the `fs` error when the file cannot be read.
 */
export function detectFileFormat(path: string): ImportFormat | null {
  return detectFormat(readDetectionHead(path));
}
