import type Database from "better-sqlite3";
import type { Migration } from "../migration.js";

/**
 * The tables whose ids leave the store and may be deleted: an app's (`--app` lookups, the web's
 * URLs; an empty fallback app is dropped by import), a chat's and a message's (evidence targets:
 * `read --chat … --around …`, a web card's link, an MCP client's `read_chat`; re-import drops a
 * chat's messages after the part the file still holds). Parents first, as the copies run. `plans`
 * (deleted only with their app, which is never dropped while it holds one) and `source_files`
 * (whose ids never leave the store) keep plain rowids.
 */
const TABLES_OF_LASTING_IDS = ["apps", "chats", "messages"] as const;

/**
 * Ids are never reused (apps, chats, messages). `INTEGER PRIMARY KEY` without `AUTOINCREMENT` gives
 * a new row max(rowid)+1, so once the highest rows are deleted (a re-import that drops a chat's
 * last messages) the next row takes a deleted row's id, and a stale evidence target ("chat 1,
 * message 2") silently opens other text. With `AUTOINCREMENT` SQLite keeps each table's
 * high-water mark in `sqlite_sequence` and never hands out an id at or below it, so a stale target
 * reads as not found. Chosen over a high-water table of our own because it is SQLite's own
 * mechanism, kept in the same transaction as every insert with no trigger or code path to forget;
 * its cost is one `sqlite_sequence` update per insert.
 *
 * SQLite cannot add `AUTOINCREMENT` in place, so each table is rebuilt (create, copy, drop,
 * rename: `rebuildsTables`). The new table's statement is the stored one with `AUTOINCREMENT`
 * added to `id`, so every column, constraint and default a later `ADD COLUMN` brought stays exactly
 * as the store has it. Every row keeps its id, so the search index (FTS5 rowid = message id), the
 * index queue and every reference stay valid and nothing is re-indexed; the indexes and triggers
 * of each table are re-created from their stored statements. The copy fires no trigger (the new
 * table has none yet) and `DROP TABLE` fires none either. The high-water mark starts at each
 * table's largest id: ids deleted above it before this step cannot be known any more, so only
 * those can be handed out once again.
 */
export const idsNeverReused: Migration = {
  version: 11,
  name: "ids are never reused",
  rebuildsTables: true,
  up(db) {
    for (const table of TABLES_OF_LASTING_IDS) rebuildWithAutoincrement(db, table);
  },
};

/** Rebuilds `table` with `id INTEGER PRIMARY KEY AUTOINCREMENT`, keeping every row, index and trigger. */
function rebuildWithAutoincrement(db: Database.Database, table: string): void {
  const stored = db
    .prepare<[string], string>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?")
    .pluck()
    .get(table);
  // The statement as 001 wrote it, or as a rename (migration 004) re-quoted its name.
  const head = new RegExp(`^CREATE TABLE "?${table}"? \\(\\s*id INTEGER PRIMARY KEY,`);
  if (stored === undefined || !head.test(stored)) {
    throw new Error(`${table} does not begin with the plain id this migration rebuilds`);
  }
  const dependents = db
    .prepare<[string], string>(
      `SELECT sql FROM sqlite_schema
        WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
    )
    .pluck()
    .all(table);
  const columns = db
    .prepare<[string], string>("SELECT name FROM pragma_table_info(?)")
    .pluck()
    .all(table)
    .join(", ");
  const rebuilt = `${table}_rebuilt`;
  db.exec(
    stored.replace(head, `CREATE TABLE ${rebuilt} (\n id INTEGER PRIMARY KEY AUTOINCREMENT,`),
  );
  db.exec(`
    INSERT INTO ${rebuilt} (${columns}) SELECT ${columns} FROM ${table};
    DROP TABLE ${table};
    ALTER TABLE ${rebuilt} RENAME TO ${table};
  `);
  for (const sql of dependents) db.exec(sql);
}
