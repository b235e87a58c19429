import type { Migration } from "../migration.js";

/**
 * An index on `substr(term, 2)` of `history_terms`: spelling correction reads the terms whose rest
 * (all but the first letter) starts with two given letters, so a misspelling whose first letter is
 * wrong or missing ("quthentication", "ostgres") still finds its candidates by a B-tree range
 * (`history/search/correct-spelling.ts`). Queries must spell the expression exactly so.
 */
export const spellingTermsRest: Migration = {
  version: 8,
  name: "spelling terms by their rest",
  up(db) {
    db.exec("CREATE INDEX history_terms_rest ON history_terms (substr(term, 2));");
  },
};
