import type Database from "better-sqlite3";
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

/** Fewer indexed messages than this and nothing is pruned: small stores are fast anyway. */
export const MIN_ROWS_FOR_PRUNING = 20_000;

/** Which words were searched and which were dropped as too frequent. */
export interface PrunedTerms extends QueryTerms {
  /** All words of the query, for the phrase bonus. */
  readonly phraseWords: readonly string[];
  /** Words dropped from the OR-list. */
  readonly dropped: readonly string[];
}

/**
 * Drops words whose document frequency (from `history_fts_vocab`, looked up by Porter stem) is
 * above {@link FREQUENT_TERM_SHARE} of indexed messages, keeping at least the rarest word when
 * the query has no other term. CJK runs are never dropped. `options` override the share and the
 * minimum index size (tests). Reads only; never throws for any input terms.
 */
export function pruneFrequentTerms(
  db: Database.Database,
  terms: QueryTerms,
  options: { readonly share?: number; readonly minRows?: number } = {},
): PrunedTerms {
  const unchanged = { ...terms, phraseWords: terms.words, dropped: [] };
  if (terms.words.length + terms.cjkRuns.length <= 1) return unchanged;
  // The highest indexed message id: an O(log n) stand-in for the row count (ids are dense apart
  // from deletions, and the estimate only steers which very frequent words to drop).
  const total = db.prepare("SELECT max(id) FROM history_fts_docsize").pluck().get();
  if (typeof total !== "number" || total < (options.minRows ?? MIN_ROWS_FOR_PRUNING)) {
    return unchanged;
  }
  const lookup = db.prepare("SELECT doc FROM history_fts_vocab WHERE term = ?").pluck();
  const frequencies = terms.words.map((word) => {
    const doc = lookup.get(porterStem(word));
    return { word, doc: typeof doc === "number" ? doc : 0 };
  });
  const limit = (options.share ?? FREQUENT_TERM_SHARE) * total;
  let kept = frequencies.filter((entry) => entry.doc <= limit);
  if (kept.length === 0 && terms.cjkRuns.length === 0) {
    const rarest = [...frequencies].sort((a, b) => a.doc - b.doc)[0];
    kept = rarest === undefined ? [] : [rarest];
  }
  const keptWords = new Set(kept.map((entry) => entry.word));
  return {
    words: terms.words.filter((word) => keptWords.has(word)),
    cjkRuns: terms.cjkRuns,
    phraseWords: terms.words,
    dropped: terms.words.filter((word) => !keptWords.has(word)),
  };
}
