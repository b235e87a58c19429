/**
 * Whether a query word is a correctly spelled English word, from the `an-array-of-english-words`
 * list (~275,000 words with their inflections). Spelling correction only corrects non-words
 * (Kukich 1992, "Techniques for automatically correcting words in text": non-word errors are the
 * ones a dictionary detects): a real word the app never uses ("voice", "bank") is a question about
 * something the history lacks, and "correcting" it into a near word the app holds ("void", "back")
 * would turn an honest no-match into a false answer.
 */
import { createRequire } from "node:module";

let words: readonly string[] | null = null;

/**
 * The list, loaded on first use: ~3 MB of JSON, parsed once per process (~0.1–0.4 s, measured on
 * the 2 shared cores) and only on the zero-hit path. It ships sorted, so lookups binary-search it
 * instead of paying for a 275,000-entry set.
 */
function dictionary(): readonly string[] {
  if (words === null) {
    const list: unknown = createRequire(import.meta.url)("an-array-of-english-words");
    words = Array.isArray(list) ? list.filter((word) => typeof word === "string") : [];
  }
  return words;
}

/** True when lower-case `word` is in the English word list. Never throws. */
export function isDictionaryWord(word: string): boolean {
  const list = dictionary();
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const entry = list[middle] as string;
    if (entry === word) return true;
    if (entry < word) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
