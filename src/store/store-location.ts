/**
 * A store path together with where it came from, so that every error about the path names what
 * the person actually set: the `--db` or `--store` flag (a `--store` that is no `postgres://` URL
 * is a store file path), the `RECOLLECT_DB` or `RECOLLECT_STORE` environment variable, or none
 * (the default data-directory path, `default-location.ts`).
 */

/** A flag that names a store file: `--db`, or `--store` given a path. */
export type StorePathFlag = "--db" | "--store";

/** An environment variable that names a store file: `RECOLLECT_DB`, or `RECOLLECT_STORE` set to a path. */
export type StorePathVariable = "RECOLLECT_DB" | "RECOLLECT_STORE";

/** Where a store path came from: a flag, an environment variable, or the default location. */
export type StorePathOrigin = StorePathFlag | StorePathVariable | "default";

/** A store path (a file path, or `":memory:"`) and its {@link StorePathOrigin}. */
export interface StoreLocation {
  readonly path: string;
  readonly origin: StorePathOrigin;
}

/**
 * The sentence a store path error ends with: give the path's own source another value that is
 * `requirement` (e.g. `"a store file path"`). `Give --db …` (or `--store`), `Set RECOLLECT_DB to
 * …` (or `RECOLLECT_STORE`), or, for the default path, both ways of choosing another.
 */
export function choosePathSentence(origin: StorePathOrigin, requirement: string): string {
  if (origin === "--db" || origin === "--store") return `Give ${origin} ${requirement}.`;
  if (origin === "RECOLLECT_DB" || origin === "RECOLLECT_STORE") {
    return `Set ${origin} to ${requirement}.`;
  }
  return `It is the default store path; give --db or set RECOLLECT_DB to ${requirement}.`;
}
