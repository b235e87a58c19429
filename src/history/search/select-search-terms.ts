import type { DatabasePort } from "../../store/database-port.js";
import { MIN_ROWS_FOR_TERM_STATS } from "../indexer/term-stats.js";
import { capTermsByIdf, type IdfCapOptions } from "./cap-terms-by-idf.js";
import { sampleDocFrequencies } from "./estimate-doc-frequency.js";
import type { PrunedTerms } from "./prune-frequent-terms.js";

/** Options of {@link selectSearchTerms}. */
export interface SelectSearchTermsOptions extends IdfCapOptions {
  /**
   * Indexes with fewer rows than this keep every word (they search fast with all of them, and
   * ranking stays exact). Default `MIN_ROWS_FOR_TERM_STATS` (20,000), the snapshot's own floor.
   */
  readonly minRows?: number;
}

/** The words to search and whether the whole-phrase element is worth adding. */
export interface SelectedTerms extends PrunedTerms {
  /** False when the phrase of `words` cannot match (one of them occurs nowhere). */
  readonly phraseBonus: boolean;
}

/**
 * The final words to OR and whether to add the phrase of them, after `pruneFrequentTerms`:
 * - the OR-list is capped by IDF from per-word frequency samples (`capTermsByIdf`), so a 5–8-word
 *   question does not score the doclists of its function words when rarer words remain;
 * - the phrase bonus (the kept words in order, see `buildFtsMatch`) is left out when one of them
 *   occurs nowhere: it could match no row, yet FTS5 would still walk the others' position lists.
 * Single-word queries are returned unchanged without a read. Never throws for any terms.
 */
export function selectSearchTerms(
  db: DatabasePort,
  pruned: PrunedTerms,
  options: SelectSearchTermsOptions = {},
): SelectedTerms {
  if (pruned.words.length <= 1) return { ...pruned, phraseBonus: true };
  const { rows, frequencies } = sampleDocFrequencies(db, pruned.words);
  const docs = new Map(frequencies.map((entry) => [entry.word, entry.doc]));
  const capped =
    rows < (options.minRows ?? MIN_ROWS_FOR_TERM_STATS)
      ? pruned.words
      : capTermsByIdf(frequencies, rows, options);
  const kept = new Set(capped);
  const words = pruned.words.filter((word) => kept.has(word));
  return {
    words,
    cjkRuns: pruned.cjkRuns,
    phraseWords: pruned.phraseWords,
    dropped: [...pruned.dropped, ...pruned.words.filter((word) => !kept.has(word))],
    phraseBonus: words.every((word) => (docs.get(word) ?? 0) > 0),
  };
}
