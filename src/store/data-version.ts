/**
 * The local store's change marker: SQLite's `PRAGMA data_version`, which on one connection takes
 * a new value whenever another connection (a `sync`, an `import`, the MCP server's background
 * sync, in this process or another) has committed to the file since the last call. Reading it is
 * one cheap pragma, no query of the tables, so a long-running reader may poll it every second.
 */
import type Database from "better-sqlite3";

/** The current marker of `db` (compare with an earlier one: different means others wrote). */
export function storeDataVersion(db: Database.Database): number {
  return Number(db.pragma("data_version", { simple: true }));
}
