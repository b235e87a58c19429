/**
 * Text the CLI prints for a person, made safe for a terminal. Questions, app names, chat titles
 * and excerpts come from people and from imported histories; a control character in them (ESC
 * starting an escape sequence, BEL, a carriage return or backspace overwriting what was printed)
 * or a bidirectional override (U+202E reversing the rest of a line, "Trojan Source") would act on
 * the terminal instead of being read. Each is shown as a visible `\u{…}` escape instead; newlines
 * and tabs, which lay the output out, stay. Only the human rendering is changed: stored data and
 * `--json` output (where JSON escapes what it must) keep the characters as they are.
 */

/**
 * Control characters (general category Cc: C0, DEL, C1) and the Unicode bidirectional controls
 * (property Bidi_Control: ALM, LRM, RLM, the embeddings and overrides U+202A–U+202E, the isolates
 * U+2066–U+2069; UAX #9, CVE-2021-42574). Tab and newline are let through by the replacer.
 */
const TERMINAL_UNSAFE = /[\p{Cc}\p{Bidi_Control}]/gu;

/** Characters of {@link TERMINAL_UNSAFE} that lay text out and so are kept. */
const LAYOUT = new Set(["\t", "\n"]);

/** `text` with every {@link TERMINAL_UNSAFE} character written as `\u{HEX}` (e.g. ESC → `\u{1B}`). */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_UNSAFE, (character) =>
    LAYOUT.has(character)
      ? character
      : `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );
}

/** Writes `text` to `stream` (stdout by default) through {@link terminalText}. */
export function writeTerminalText(
  text: string,
  stream: NodeJS.WritableStream = process.stdout,
): void {
  stream.write(terminalText(text));
}
