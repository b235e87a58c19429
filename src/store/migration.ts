import type Database from "better-sqlite3";

/**
 * One schema step. `version` is a positive integer, strictly increasing across the list; `up`
 * runs inside the migration transaction and must not commit or roll back itself.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  up(db: Database.Database): void;
}
