/**
 * CJK support for the index (DESIGN.md § Lessons: `unicode61` alone finds nothing in Chinese,
 * Japanese or Korean text, because it keeps a whole unspaced CJK run as one token). Both the
 * indexer and the query builder turn CJK runs into overlapping character bigrams, the classic
 * CJK indexing unit: a 2-character word is one bigram, a longer one a phrase of consecutive
 * bigrams. (A trigram tokenizer cannot match 2-character words, which are most Chinese words.)
 */

/** One run of Han, Hiragana, Katakana or Hangul characters (plus the prolonged sound mark). */
export const CJK_RUN =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]+/gu;

const CJK_CHAR = new RegExp(CJK_RUN.source, "u");

/** True when `text` holds a CJK character ({@link CJK_RUN}'s scripts): e.g. a CJK bigram term. */
export function hasCjk(text: string): boolean {
  return CJK_CHAR.test(text);
}

/**
 * Bigrams of one CJK run, as tokens: `认证方式` → `["认证", "证方", "方式"]`; a one-character run is
 * its own token. Counts code points, so astral Han characters stay whole.
 */
export function runBigrams(run: string): string[] {
  const chars = Array.from(run);
  if (chars.length <= 1) return chars;
  const grams: string[] = [];
  for (let index = 0; index + 1 < chars.length; index += 1) {
    grams.push(`${chars[index]}${chars[index + 1]}`);
  }
  return grams;
}

/**
 * The `cjk` column text for `text`: bigrams of every CJK run, space separated. Empty when `text`
 * has no CJK. At most about 3x the CJK length in chars. (Two runs `ab … bc` could falsely match the
 * query `abc`; rare enough to accept for an index that ranks, not proves.)
 */
export function cjkBigrams(text: string): string {
  const runs = text.match(CJK_RUN);
  if (runs === null) return "";
  return runs.map((run) => runBigrams(run).join(" ")).join(" ");
}

/**
 * Inserts a space wherever a CJK run touches a letter or digit of another script (`用户auth` →
 * `用户 auth`), so `unicode61` gives the Latin part its own token in the `body` column.
 */
export function separateCjkRuns(text: string): string {
  return text.replace(CJK_RUN, (run, offset: number, whole: string) => {
    const before = offset > 0 && /[\p{L}\p{N}]/u.test(whole[offset - 1] ?? "") ? " " : "";
    const next = whole[offset + run.length] ?? "";
    const after = /[\p{L}\p{N}]/u.test(next) ? " " : "";
    return `${before}${run}${after}`;
  });
}
