import { withoutTerminalEscapes } from "../text/terminal-escapes.js";

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Private-use code points the projection uses as placeholders; never taken from input. */
export const PLACEHOLDER_CHARS = /[\uE000\uE001]/g;

/**
 * Normalizes whitespace: CRLF to LF, terminal escape sequences removed whole (`withoutTerminalEscapes`:
 * a captured `\x1b[32m` would index "32m"), other control characters and lone surrogates removed
 * (they would inflate serialized JSON), runs of spaces and tabs collapsed to one space, lines trimmed, at most
 * one blank line in a row, ends trimmed. Pure and idempotent.
 */
export function normalizeWhitespace(text: string): string {
  return withoutTerminalEscapes(text)
    .replace(/\r\n?/g, "\n")
    .replace(CONTROL, " ")
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(/[ \t\u00A0]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Cuts `text` to at most `maxChars` UTF-16 code units without splitting a surrogate pair,
 * preferring the last whitespace within the final 10% so words stay whole. Returns the text and
 * whether it was cut.
 */
export function truncateChars(
  text: string,
  maxChars: number,
): { readonly text: string; readonly truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  let end = maxChars;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  const space = text.lastIndexOf(" ", end);
  const newline = text.lastIndexOf("\n", end);
  const boundary = Math.max(space, newline);
  if (boundary > end - Math.ceil(maxChars / 10)) end = boundary;
  return { text: text.slice(0, end).trimEnd(), truncated: true };
}
