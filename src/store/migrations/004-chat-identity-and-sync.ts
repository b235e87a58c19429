import type Database from "better-sqlite3";
import type { Migration } from "../migration.js";

/** The columns of `chats` before this step (001 + 003's `summary`); all are copied. */
const CHAT_COLUMNS_BEFORE = [
  "id",
  "app_id",
  "title",
  "created_at",
  "source",
  "external_id",
  "summary",
] as const;

/**
 * Chat identity by source file, app roots and per-file sync state (issue 11 items 1–3).
 *
 * - `chats` is rebuilt (SQLite cannot drop a UNIQUE constraint in place) with `source_file`, the
 *   absolute path of the file a chat was read from, and identity `(source, source_file,
 *   external_id)`: the same session id in two files is two chats, never one overwriting the other.
 *   Every existing chat keeps its id, app, messages and index rows; its `source_file` is `''`
 *   ("read before files were recorded") until the next import or sync of its file claims it.
 *   `parent_chat_id` links a sub-agent's chat to its parent session's chat (never merged).
 * - `app_roots`: the project folders an app holds (one app per root; the MCP server matches a
 *   client's folder against them). Seeded from `apps.path`.
 * - `source_files`: what `recollect sync` last read of each history file: size and mtime seen,
 *   `imported_bytes` (the offset up to which complete records were imported) and `prefix_hash`
 *   (fingerprint of those bytes), so an append is read from the offset alone and a rewrite is told
 *   from an append; `resume_bytes` (≤ `imported_bytes`) is where the last turn began, from which
 *   an append to a JSONL log is parsed. `skip_reason` says why a file contributed nothing.
 */
export const chatIdentityAndSync: Migration = {
  version: 4,
  name: "chat identity by source file, app roots, sync state",
  rebuildsTables: true,
  up(db) {
    assertKnownChatColumns(db);
    const dependents = db
      .prepare<[], { sql: string }>(
        `SELECT sql FROM sqlite_schema
          WHERE tbl_name = 'chats' AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
      )
      .all();
    const columns = CHAT_COLUMNS_BEFORE.join(", ");
    db.exec(`
      CREATE TABLE chats_rebuilt (
        id INTEGER PRIMARY KEY,
        app_id INTEGER NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        title TEXT,
        created_at INTEGER NOT NULL,
        source TEXT NOT NULL,
        source_file TEXT NOT NULL DEFAULT '',
        external_id TEXT NOT NULL,
        summary TEXT,
        parent_chat_id INTEGER REFERENCES chats(id) ON DELETE SET NULL,
        UNIQUE (source, source_file, external_id)
      );
      INSERT INTO chats_rebuilt (${columns}) SELECT ${columns} FROM chats;
      DROP TABLE chats;
      ALTER TABLE chats_rebuilt RENAME TO chats;
    `);
    for (const { sql } of dependents) db.exec(sql);
    db.exec(`
      CREATE INDEX chats_parent ON chats(parent_chat_id) WHERE parent_chat_id IS NOT NULL;
      CREATE TABLE app_roots (
        path TEXT PRIMARY KEY,
        app_id INTEGER NOT NULL REFERENCES apps(id) ON DELETE CASCADE
      );
      CREATE INDEX app_roots_app ON app_roots(app_id);
      INSERT OR IGNORE INTO app_roots (path, app_id)
        SELECT path, id FROM apps WHERE path IS NOT NULL AND path <> '';
      CREATE TABLE source_files (
        id INTEGER PRIMARY KEY,
        source TEXT NOT NULL,
        path TEXT NOT NULL,
        format TEXT NOT NULL,
        project_root TEXT,
        size INTEGER NOT NULL,
        mtime_ms INTEGER NOT NULL,
        imported_bytes INTEGER NOT NULL,
        prefix_hash TEXT NOT NULL,
        resume_bytes INTEGER NOT NULL DEFAULT 0,
        chats INTEGER NOT NULL DEFAULT 0,
        skip_reason TEXT,
        synced_at INTEGER NOT NULL,
        UNIQUE (source, path)
      );
    `);
  },
};

/** A column added to `chats` by a step this one does not know would be lost: refuse instead. */
function assertKnownChatColumns(db: Database.Database): void {
  const known = new Set<string>(CHAT_COLUMNS_BEFORE);
  const unknown = db
    .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('chats')")
    .all()
    .filter((column) => !known.has(column.name));
  if (unknown.length > 0) {
    throw new Error(
      `chats has columns this migration would drop: ${unknown.map((c) => c.name).join(", ")}`,
    );
  }
}
