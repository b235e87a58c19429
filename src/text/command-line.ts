/**
 * Command lines a person can paste into a POSIX shell: the follow-up commands the CLI prints and
 * the commands an error suggests (`recollect settings set entitlement pro`). Pure.
 */

/** `value` as one POSIX shell word: bare when safe, else single-quoted. */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9._/:@%+=-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}

/**
 * `words` as one command line, each a {@link shellWord}, except a placeholder the person fills in
 * (`<paths…>`, `<name>`: a whole word in angle brackets), which stays as it is.
 */
export function commandLine(words: readonly string[]): string {
  return words.map((word) => (/^<[^<>\s]+>$/.test(word) ? word : shellWord(word))).join(" ");
}
