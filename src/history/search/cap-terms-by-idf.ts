import { FREQUENT_TERM_SHARE } from "./prune-frequent-terms.js";

/** One query word and its (estimated) document frequency, rows. */
export interface TermFrequency {
  readonly word: string;
  /** Rows containing the word; 0 when it occurs nowhere. */
  readonly doc: number;
}

/** Bounds of {@link capTermsByIdf}. */
export interface IdfCapOptions {
  /**
   * Rarer occurring words that must remain before a more frequent one is dropped. Default
   * {@link RARE_TERMS_TO_KEEP}.
   */
  readonly keep?: number;
  /** Words in at most this share of `rows` are never dropped. Default {@link NEVER_DROP_SHARE}. */
  readonly neverDropShare?: number;
  /**
   * Words in more than this share of `rows` are dropped once one rarer occurring word is kept.
   * Default {@link FUNCTION_WORD_SHARE}.
   */
  readonly functionWordShare?: number;
}

/**
 * Rarer words kept before frequent ones go: measured on the 1M-message bench, an 8-word question
 * with its 3 function words OR-ed in took 139 ms, the same question with only its topical words
 * 18 ms; 3 occurring words still rank a topic (the phrase bonus keeps every word).
 */
export const RARE_TERMS_TO_KEEP = 3;

/**
 * A word in at most 1% of rows has an IDF of ≥ ~4.6 — a topical word whose doclist is short — so it
 * is never dropped however many words the query has.
 */
export const NEVER_DROP_SHARE = 0.01;

/**
 * A word in more than 5% of rows is dropped once one rarer word is kept: the same cut-off as
 * `FREQUENT_TERM_SHARE`, applied from sampled counts so it holds before (or without) the
 * indexer's frequent-term snapshot. bm25 computes each phrase's IDF by walking its whole doclist,
 * however narrow the app filter, so such a word costs time in proportion to the whole history.
 */
export const FUNCTION_WORD_SHARE = FREQUENT_TERM_SHARE;

/**
 * Which words stay in the OR-list, in query order: words are taken rarest first (ties in query
 * order); a word that occurs nowhere costs nothing and is always kept without counting; an
 * occurring word is dropped once {@link IdfCapOptions.keep} rarer occurring words were kept and its
 * share of `rows` is above {@link IdfCapOptions.neverDropShare}, or once one was kept and its share
 * is above {@link IdfCapOptions.functionWordShare}. `rows` ≤ 0 keeps everything. Pure.
 */
export function capTermsByIdf(
  frequencies: readonly TermFrequency[],
  rows: number,
  options: IdfCapOptions = {},
): string[] {
  if (rows <= 0) return frequencies.map((entry) => entry.word);
  const keep = options.keep ?? RARE_TERMS_TO_KEEP;
  const neverDrop = (options.neverDropShare ?? NEVER_DROP_SHARE) * rows;
  const functionWord = (options.functionWordShare ?? FUNCTION_WORD_SHARE) * rows;
  const order = frequencies
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => a.doc - b.doc || a.index - b.index);
  const kept = new Set<number>();
  let occurring = 0;
  for (const entry of order) {
    if (entry.doc === 0) {
      kept.add(entry.index);
      continue;
    }
    if (occurring >= keep && entry.doc > neverDrop) continue;
    if (occurring >= 1 && entry.doc > functionWord) continue;
    kept.add(entry.index);
    occurring += 1;
  }
  return frequencies.filter((_, index) => kept.has(index)).map((entry) => entry.word);
}
