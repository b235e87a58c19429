/**
 * Text the CLI prints for a person, made safe for a terminal. Questions, app names, chat titles
 * and excerpts come from people and from imported histories; a control character in them (ESC
 * starting an escape sequence, BEL, a carriage return or backspace overwriting what was printed)
 * or a bidirectional override (U+202E reversing the rest of a line, "Trojan Source") would act on
 * the terminal instead of being read. Each is shown as a visible `\u{…}` escape instead; newlines
 * and tabs, which lay the output out, stay. Only the human rendering is changed: stored data and
 * `--json` output (where JSON escapes what it must) keep the characters as they are.
 */
import { layoutSafeText } from "../errors/quoted-value.js";

/**
 * `text` with every control or bidirectional character but tab and newline written as `\u{HEX}`
 * (e.g. ESC → `\u{1B}`): the one escaping, `errors/quoted-value.ts`, which error messages use too.
 */
export function terminalText(text: string): string {
  return layoutSafeText(text);
}

/** Writes `text` to `stream` (stdout by default) through {@link terminalText}. */
export function writeTerminalText(
  text: string,
  stream: NodeJS.WritableStream = process.stdout,
): void {
  stream.write(terminalText(text));
}
