import type { Migration } from "../migration.js";

/**
 * `history_terms`: the search index's plain-letter terms (Porter stems), copied from
 * `history_fts_vocab` by the indexer's frequent-term walk (`refreshTermStats`), so spelling
 * correction (`history/search/correct-spelling.ts`) finds a misspelling's near terms by a B-tree
 * range instead of an fts5vocab range, which counts every posting of every term it passes
 * (measured on the 1M-message bench: 15–80 ms per two-letter range). Global, like the vocabulary
 * it copies: it only proposes candidates, each checked against the app before use. Never pruned:
 * a term no message holds any more fails that check.
 */
export const spellingTerms: Migration = {
  version: 6,
  name: "spelling terms",
  up(db) {
    db.exec("CREATE TABLE history_terms (term TEXT PRIMARY KEY) WITHOUT ROWID;");
  },
};
