/**
 * Typed text that must say something within a length bound: a question, a search query. Pure;
 * `history/text/bounded-text-error.ts` turns a problem into the classified error, so every check
 * of such text refuses the same inputs and says why the same way.
 */

import { characterCount } from "./character-count.js";

/** Whitespace, control characters (Cc: ESC, BEL, NUL …) and format characters (Cf: zero-width, bidi). */
const SHOWS_NOTHING = /^[\s\p{Cc}\p{Cf}]*$/u;

/**
 * True when `text` holds at least one character that is not whitespace, a control character or
 * an invisible format character: a question of only ESC and tabs asks nothing, and is refused
 * like a blank one rather than searched for.
 */
export function hasVisibleText(text: string): boolean {
  return !SHOWS_NOTHING.test(text);
}

/**
 * True when `text` holds a letter or a digit (any script): "?!.,;:" or "🔥🔥" shows something
 * yet gives a search nothing to look for.
 */
export function hasWord(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** What is wrong with a bounded text (see {@link boundedTextProblem}). */
export type BoundedTextProblem =
  | { readonly kind: "empty" }
  | { readonly kind: "invisible" }
  | { readonly kind: "too_long"; readonly length: number; readonly limit: number };

/**
 * Why `text` fails a bound of 1 to `maxChars` characters (Unicode code points,
 * `characterCount`) of visible text, or null when it fits: `too_long` with its actual length and
 * the limit, `invisible` for only whitespace, control or format characters, `empty` for nothing
 * or only whitespace. The caller trims first when its bound applies after trimming.
 */
export function boundedTextProblem(text: string, maxChars: number): BoundedTextProblem | null {
  const length = characterCount(text);
  if (length > maxChars) return { kind: "too_long", length, limit: maxChars };
  if (text.trim() === "") return { kind: "empty" };
  return hasVisibleText(text) ? null : { kind: "invisible" };
}
