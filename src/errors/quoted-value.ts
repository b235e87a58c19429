/**
 * The one escaping of characters that would act on a terminal instead of being read: control
 * characters (Cc: C0, DEL, C1) and bidirectional controls (Bidi_Control: U+202A–U+202E,
 * U+2066–U+2069, ALM, LRM, RLM; UAX #9, CVE-2021-42574), each written as a visible `\u{HEX}`
 * (ESC → `\u{1B}`). Error messages quote typed values through {@link quotedValue}, and the CLI's
 * terminal writer (`cli/terminal-text.ts`) escapes printed text through {@link escapeUnsafe}, so
 * a message reads the same on a terminal and under `--json`. Here, at the bottom of the layers,
 * because errors build their messages here and every surface prints them.
 */

/** Characters escaped by {@link escapeUnsafe} (see the module doc). */
const TERMINAL_UNSAFE = /[\p{Cc}\p{Bidi_Control}]/gu;

/** `character` as the visible `\u{HEX}` escape, e.g. ESC → `\u{1B}`. */
function visibleEscape(character: string): string {
  return `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`;
}

/**
 * `text` with every control and bidirectional character written as `\u{HEX}`, except those in
 * `keep` (the terminal writer keeps newline and tab, which lay text out).
 */
export function escapeUnsafe(text: string, keep: ReadonlySet<string> = new Set()): string {
  return text.replace(TERMINAL_UNSAFE, (character) =>
    keep.has(character) ? character : visibleEscape(character),
  );
}

/** Characters that lay text out (tab, newline), kept by {@link layoutSafeText}. */
const LAYOUT: ReadonlySet<string> = new Set(["\t", "\n"]);

/**
 * `text` for a reader on a terminal or in an agent's tool output: {@link escapeUnsafe} keeping tab
 * and newline. The CLI's terminal writer and the MCP server's text reports use it.
 */
export function layoutSafeText(text: string): string {
  return escapeUnsafe(text, LAYOUT);
}

/** Line and paragraph separators (U+2028, U+2029): renderers that are no terminal break on them. */
const LINE_SEPARATORS = /[\p{Zl}\p{Zp}]/gu;

/**
 * `text` that stays on one line wherever it is printed: {@link escapeUnsafe} (newline, CR and tab
 * included) plus the Unicode line and paragraph separators as `\u{HEX}`. For archived text placed
 * inside a line (a chat title, an excerpt), so it can never start a line of its own.
 */
export function lineSafeText(text: string): string {
  return escapeUnsafe(text).replace(LINE_SEPARATORS, visibleEscape);
}

/**
 * Longest value an error message quotes whole, in code points: enough for any app name, chat
 * title or flag value a person types; a pasted page is cut, so one bad argument never fills a
 * terminal or an agent's context with its own echo.
 */
export const MAX_QUOTED_CHARACTERS = 120;

/**
 * `value` in double quotes for an error message: `\` and `"` escaped with a backslash (so the
 * quotes bound it), every control or bidirectional character — newline and tab included, an
 * error is one line — and the line and paragraph separators as `\u{HEX}` ({@link lineSafeText}).
 * Over {@link MAX_QUOTED_CHARACTERS} code points, it is cut with `…` and followed by its length
 * ("(5000 characters)"). Used instead of `JSON.stringify`, whose `\u001b` would be a second
 * escaping beside the terminal's `\u{1B}`.
 */
export function quotedValue(value: string): string {
  const characters = [...value];
  const shown =
    characters.length <= MAX_QUOTED_CHARACTERS
      ? value
      : `${characters.slice(0, MAX_QUOTED_CHARACTERS - 1).join("")}…`;
  const quoted = `"${lineSafeText(shown.replace(/[\\"]/g, (character) => `\\${character}`))}"`;
  return shown === value ? quoted : `${quoted} (${characters.length} characters)`;
}
