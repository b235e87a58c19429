/**
 * A store path together with where it came from, so that every error about the path names what
 * the person actually set: the `--db` flag, the `RECOLLECT_DB` environment variable, or neither
 * (the default data-directory path, `default-location.ts`).
 */

/** Where a store path came from: `--db`, `RECOLLECT_DB`, or the default location. */
export type StorePathOrigin = "--db" | "RECOLLECT_DB" | "default";

/** A store path (a file path, or `":memory:"`) and its {@link StorePathOrigin}. */
export interface StoreLocation {
  readonly path: string;
  readonly origin: StorePathOrigin;
}

/**
 * The sentence a store path error ends with: give the path's own source another value that is
 * `requirement` (e.g. `"a store file path"`). `Give --db …`, `Set RECOLLECT_DB to …`, or, for the
 * default path, both ways of choosing another.
 */
export function choosePathSentence(origin: StorePathOrigin, requirement: string): string {
  if (origin === "--db") return `Give --db ${requirement}.`;
  if (origin === "RECOLLECT_DB") return `Set RECOLLECT_DB to ${requirement}.`;
  return `It is the default store path; give --db or set RECOLLECT_DB to ${requirement}.`;
}
