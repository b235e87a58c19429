/**
 * Hearsay: third-party text inside a message — a pasted review, a quoted email, "someone said
 * …", a "> " block. It may contain decision language ("the team decided to remove reminders"),
 * but it records what somebody outside the conversation claimed, not what the team decided, and
 * it is a classic prompt-injection carrier. Statements found in it are never decisions. Pure.
 */

/** Markdown quote lines. */
const QUOTE_LINE = /^\s*>/;

const SOURCE = String.raw`\b(?:(?:app|play)\s+store|reviews?|reviewers?|users?|customers?|someone|somebody|commenters?|comments?|tweets?|posts?|emails?|tickets?|testers?)\b`;

/** In the sentence itself: a source with a reporting verb ("a user wrote that the team decided …"). */
const REPORTED = new RegExp(
  String.raw`${SOURCE}[^.\n]{0,40}?\b(?:said|says|wrote|writes|posted|claims?|claimed)\b`,
  "i",
);

/**
 * Before the sentence in its paragraph: a header introducing third-party text ("App Store
 * review:", "a user wrote:", "pasted from the forum:"), always ending in a colon.
 */
const HEADER = new RegExp(
  String.raw`(?:${SOURCE}|\b(?:pasted?|pasting|quoting|forwarded|copied)\b)[^.\n]{0,40}?:`,
  "i",
);

/** Opening and closing quotation marks counted for "is this inside quotes". */
const OPEN_QUOTES = /[“«„「『]/g;
const CLOSE_QUOTES = /[”»」』]/g;

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** True if position `at` of `text` sits inside quotation marks (curly pairs or an odd `"`). */
function insideQuotes(text: string, at: number): boolean {
  const before = text.slice(0, at);
  if (count(before, OPEN_QUOTES) > count(before, CLOSE_QUOTES)) return true;
  return count(before, /"/g) % 2 === 1;
}

/**
 * True if `sentence` (as split from `message`) is third-party text: on a "> " line, inside
 * quotation marks, reported ("someone said …"), or after a header earlier in its paragraph
 * ("App Store review: …"). A sentence not found verbatim in `message` is judged by itself.
 */
export function isHearsay(sentence: string, message: string): boolean {
  const trimmed = sentence.trim();
  if (trimmed.length === 0) return false;
  const at = message.indexOf(trimmed);
  const start = Math.max(at, 0);
  const lineStart = message.lastIndexOf("\n", start - 1) + 1;
  if (at >= 0 && QUOTE_LINE.test(message.slice(lineStart, start + 1))) return true;
  if (at >= 0 && insideQuotes(message, at)) return true;
  if (REPORTED.test(trimmed) || HEADER.test(trimmed)) return true;
  if (at < 0) return false;
  const paragraph = message.slice(message.lastIndexOf("\n\n", at) + 1, at);
  return HEADER.test(paragraph);
}
