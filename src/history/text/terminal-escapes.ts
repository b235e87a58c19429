/**
 * Terminal escape sequences (ECMA-48 / ISO 6429) as a whole: a colour code pasted with a question
 * or captured in a tool's output (`\x1b[31m`) must vanish, not leave its printable tail ("[31m")
 * to be indexed and searched as the word "31m" or glued to the next one ("31mauth"). Pure.
 */

/**
 * One escape sequence: a control sequence (CSI: ESC [ or the 8-bit CSI, parameter bytes 0x30–0x3F,
 * intermediate bytes 0x20–0x2F, a final byte 0x40–0x7E); a control string (OSC, DCS, SOS, PM, APC:
 * ESC ] P X ^ _, up to 4096 characters, ended by BEL, ESC \ or the 8-bit ST: a window title or a
 * hyperlink target); or any other escape (ESC, intermediates 0x21–0x2F, a final byte 0x30–0x7E:
 * `ESC ( B`; a space after ESC is typed text, not an intermediate byte).
 * The string's bound keeps an unterminated one from making the scan quadratic.
 */
const ESCAPE_SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching escape sequences is the point.
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][^\x07\x1b\x9c]{0,4096}(?:\x07|\x1b\\|\x9c)|\x1b[!-/]*[0-~]/g;

/** A letter, digit or combining mark: a character a word is made of. */
const WORD_CHARACTER = /^[\p{L}\p{N}\p{M}]$/u;

/**
 * `text` with every terminal escape sequence removed whole (see {@link ESCAPE_SEQUENCE}); other
 * text, a lone ESC included, is left as it is. Sequences between two word characters become a
 * space: "cooldown\x1b[31mRED" is two words, not "cooldownred"; elsewhere they leave nothing, so
 * "\x1b[31mError\x1b[0m:" reads "Error:". Linear in the length of `text`; never throws.
 */
export function withoutTerminalEscapes(text: string): string {
  if (!text.includes("\x1b") && !text.includes("\x9b")) return text;
  const pieces = text.split(ESCAPE_SEQUENCE).filter((piece) => piece !== "");
  let joined = "";
  let last = "";
  for (const piece of pieces) {
    const first = String.fromCodePoint(piece.codePointAt(0) ?? 0);
    joined += WORD_CHARACTER.test(last) && WORD_CHARACTER.test(first) ? ` ${piece}` : piece;
    last = Array.from(piece.slice(-2)).at(-1) ?? "";
  }
  return joined;
}
