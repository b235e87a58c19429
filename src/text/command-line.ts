/**
 * Command lines a person can paste into a POSIX shell: the follow-up commands the CLI prints and
 * the commands an error suggests (`recollect settings set entitlement pro`). Pure.
 */

/** Control and bidirectional characters: the terminal would act on them, not show them. */
const UNPRINTABLE = /[\p{Cc}\p{Bidi_Control}]/u;

/**
 * `value` as one shell word: bare when safe, else single-quoted; a value holding a control or
 * bidirectional character (an ESC in an app name) in ANSI-C quotes instead (`$'A\x1bB'`, bash,
 * zsh, ksh and POSIX.1-2024 sh), each such character as `\xHH` or `\uHHHH`, so the printed
 * command holds no raw control character and still runs as printed (a terminal's visible
 * `\u{1B}` inside plain quotes would be typed as those six characters).
 */
export function shellWord(value: string): string {
  if (/^[A-Za-z0-9._/:@%+=-]+$/.test(value)) return value;
  if (!UNPRINTABLE.test(value)) return `'${value.replace(/'/g, "'\\''")}'`;
  const escaped = [...value]
    .map((character) => {
      if (character === "\\" || character === "'") return `\\${character}`;
      if (!UNPRINTABLE.test(character)) return character;
      const code = character.codePointAt(0)!;
      return code <= 0xff
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
    })
    .join("");
  return `$'${escaped}'`;
}

/**
 * `words` as one command line, each a {@link shellWord}, except a placeholder the person fills in
 * (`<paths…>`, `<name>`: a whole word in angle brackets), which stays as it is.
 */
export function commandLine(words: readonly string[]): string {
  return words.map((word) => (/^<[^<>\s]+>$/.test(word) ? word : shellWord(word))).join(" ");
}
