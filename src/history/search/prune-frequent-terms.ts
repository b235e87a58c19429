import type { DatabasePort } from "../../store/database-port.js";
import { readTermStats } from "../indexer/term-stats.js";
import type { QueryTerms } from "./extract-terms.js";
import { porterStem } from "./porter-stem.js";

/**
 * A word found in more than this share of indexed messages is dropped from the OR-list (it stays
 * in the phrase bonus). DESIGN.md § Lessons: "a term in a large share of an app's messages adds
 * time and almost no ranking signal" — bm25's IDF for a 5% term is ~3.0 against ~7–9 for the
 * topical words people search with, while its doclist can be 100x longer. Tuned with
 * `npm run bench` (history-index section).
 */
export const FREQUENT_TERM_SHARE = 0.05;

/** Which words were searched and which were dropped as too frequent. */
export interface PrunedTerms extends QueryTerms {
  /** All words of the query for the phrase bonus; empty when every word was frequent. */
  readonly phraseWords: readonly string[];
  /** Words dropped from the OR-list. */
  readonly dropped: readonly string[];
}

/**
 * Drops words whose document frequency — from the indexer's frequent-term snapshot
 * (`refreshTermStats`), looked up by Porter stem — is above {@link FREQUENT_TERM_SHARE} of the
 * indexed rows, keeping at least the rarest word when the query has no other term. CJK runs are
 * never dropped. Without a snapshot (small or fresh index) nothing is dropped. One primary-key
 * read; never throws for any input terms. `options.share` overrides the cut-off (tests).
 */
export function pruneFrequentTerms(
  db: DatabasePort,
  terms: QueryTerms,
  options: { readonly share?: number } = {},
): PrunedTerms {
  const unchanged = { ...terms, phraseWords: terms.words, dropped: [] };
  if (terms.words.length + terms.cjkRuns.length <= 1) return unchanged;
  const stats = readTermStats(db);
  if (stats === null) return unchanged;
  const frequencies = terms.words.map((word) => ({
    word,
    doc: stats.terms[porterStem(word)] ?? 0,
  }));
  return pruneByFrequency(terms, frequencies, (options.share ?? FREQUENT_TERM_SHARE) * stats.rows);
}

/**
 * The pure core of {@link pruneFrequentTerms}, for any backend that knows its words' document
 * frequencies (`frequencies`, one per word of `terms.words`): words in more than `limit` rows are
 * dropped from the OR-list, the rarest kept when nothing else would remain. Pure.
 */
export function pruneByFrequency(
  terms: QueryTerms,
  frequencies: readonly { readonly word: string; readonly doc: number }[],
  limit: number,
): PrunedTerms {
  if (terms.words.length + terms.cjkRuns.length <= 1) {
    return { ...terms, phraseWords: terms.words, dropped: [] };
  }
  let kept = frequencies.filter((entry) => entry.doc <= limit);
  // A phrase of only frequent words is as costly as the words themselves (measured: the 2-term
  // p95 at 1M doubled), so the phrase bonus needs at least one rare word to anchor it.
  const phraseWords = kept.length > 0 ? terms.words : [];
  if (kept.length === 0 && terms.cjkRuns.length === 0) {
    const rarest = [...frequencies].sort((a, b) => a.doc - b.doc)[0];
    kept = rarest === undefined ? [] : [rarest];
  }
  const keptWords = new Set(kept.map((entry) => entry.word));
  return {
    words: terms.words.filter((word) => keptWords.has(word)),
    cjkRuns: terms.cjkRuns,
    phraseWords,
    dropped: terms.words.filter((word) => !keptWords.has(word)),
  };
}
