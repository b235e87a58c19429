import type Database from "better-sqlite3";

/**
 * One schema step. `version` is a positive integer, strictly increasing across the list; `up`
 * runs inside the migration transaction and must not commit or roll back itself.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  /**
   * True when `up` rebuilds a table others reference (SQLite's documented way to change a
   * constraint: create the new table, copy, drop the old, rename). The runner then turns foreign
   * keys off around the step's transaction, so dropping the old table cascades nothing, and runs
   * `foreign_key_check` before committing.
   */
  readonly rebuildsTables?: boolean;
  up(db: Database.Database): void;
}
