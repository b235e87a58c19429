import type { Migration } from "../migration.js";

/**
 * apps / chats / messages as in DESIGN.md § Store. Times are integer milliseconds since the Unix
 * epoch (UTC). `(source, external_id)` makes re-import idempotent. `ai_messages_json` is stored for
 * hosts and never read by projection, search or read.
 */
export const coreTables: Migration = {
  version: 1,
  name: "core tables",
  up(db) {
    db.exec(`
      CREATE TABLE apps (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        path TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE chats (
        id INTEGER PRIMARY KEY,
        app_id INTEGER NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        title TEXT,
        created_at INTEGER NOT NULL,
        source TEXT NOT NULL,
        external_id TEXT NOT NULL,
        UNIQUE (source, external_id)
      );
      CREATE INDEX chats_app ON chats(app_id, created_at);
      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        chat_id INTEGER NOT NULL REFERENCES chats(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        content TEXT NOT NULL,
        ai_messages_json TEXT,
        is_compaction_summary INTEGER NOT NULL DEFAULT 0 CHECK (is_compaction_summary IN (0, 1)),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX messages_chat ON messages(chat_id, id);
    `);
  },
};
