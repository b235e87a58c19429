import type Database from "better-sqlite3";
import type { QueryTerms } from "./extract-terms.js";

/**
 * Drops no term yet; the frequent-term rule lands with the benchmark that justifies it.
 */
export function pruneFrequentTerms(_db: Database.Database, terms: QueryTerms): QueryTerms {
  return terms;
}
