import { escapeRegExp } from "../../text/escape-reg-exp.js";

/** Longest search excerpt, chars (DESIGN.md § Retrieval primitives; `SearchMatch.excerpt`). */
export const MAX_EXCERPT_CHARS = 300;

/** Chars of context kept before the first match, so the excerpt reads from a sentence start. */
const LEAD_CHARS = 80;

/**
 * The stem-ish prefix used to locate a word in projection text: long words lose up to three
 * trailing letters, so `authenticate` finds `authentication` as FTS5's porter stemmer would.
 */
function locatorFor(word: string): string {
  return word.length >= 7 ? word.slice(0, word.length - 3) : word;
}

function clampToCodePoints(text: string, start: number, end: number): [number, number] {
  let from = start;
  let to = end;
  const first = text.charCodeAt(from);
  if (from > 0 && first >= 0xdc00 && first <= 0xdfff) from += 1;
  const last = text.charCodeAt(to - 1);
  if (to < text.length && last >= 0xd800 && last <= 0xdbff) to -= 1;
  return [from, to];
}

/**
 * Index (UTF-16 units) of the earliest stem-ish occurrence of any term in `text`, case-insensitive;
 * -1 when none occurs or `terms` holds no non-empty term. Pure.
 */
export function findTermPosition(text: string, terms: readonly string[]): number {
  const locators = terms
    .filter((term) => term !== "")
    .map(locatorFor)
    .map(escapeRegExp);
  if (locators.length === 0) return -1;
  return new RegExp(locators.join("|"), "iu").exec(text)?.index ?? -1;
}

/**
 * Shortest projection, chars after whitespace flattening, that stands in for a chat whose match
 * was only its title: acknowledgements such as "了解。" or "ok, thanks" say nothing about the chat.
 */
export const SUBSTANTIVE_CHARS = 40;

/** True when `text` flattened is at least {@link SUBSTANTIVE_CHARS} chars long. Pure. */
export function isSubstantive(text: string): boolean {
  return text.replace(/\s+/g, " ").trim().length >= SUBSTANTIVE_CHARS;
}

/**
 * True when a search hit matched on its chat's title alone: no term occurs in the message text
 * while one occurs in the title (every index row carries its chat's title, and bm25 favours the
 * shortest rows, so such hits are the chat's shortest messages). Pure.
 */
export function isTitleOnlyMatch(
  text: string,
  title: string | null,
  terms: readonly string[],
): boolean {
  return (
    title !== null && findTermPosition(title, terms) !== -1 && findTermPosition(text, terms) === -1
  );
}

/**
 * A plain-text excerpt of `text` (a projection) around the earliest occurrence of any term, at
 * most {@link MAX_EXCERPT_CHARS} chars including the `…` marks; the start of the text when no term
 * is found (e.g. the match was in the title). Never contains FTS markup. Pure.
 */
export function makeExcerpt(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= MAX_EXCERPT_CHARS) return flat;
  const position = findTermPosition(flat, terms);
  const budget = MAX_EXCERPT_CHARS - 2;
  let start = position <= LEAD_CHARS ? 0 : position - LEAD_CHARS;
  if (start > 0) {
    const space = flat.indexOf(" ", start);
    if (space !== -1 && space < position) start = space + 1;
  }
  start = Math.min(start, flat.length - budget);
  const [from, to] = clampToCodePoints(flat, start, start + budget);
  const prefix = from > 0 ? "…" : "";
  const suffix = to < flat.length ? "…" : "";
  return `${prefix}${flat.slice(from, to).trim()}${suffix}`;
}
