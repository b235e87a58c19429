import type { Migration } from "../migration.js";

/**
 * State for the host's own small tools (issue 4 § Build 1):
 * - `chats.summary`: the chat summary `set_chat_summary` persists beside the title (plain text,
 *   ≤ 2,000 chars, enforced by the tool). Not indexed: it is the agent's own note, and history
 *   search must not re-ingest agent output (DESIGN.md § Lessons: self-ingestion).
 * - `plans`: plans written in plan mode by `write_plan`; `exit_plan` marks the newest one
 *   `ready`. Times are integer milliseconds since the Unix epoch (UTC), like the core tables.
 */
export const chatSummary: Migration = {
  version: 3,
  name: "chat summary and plans",
  up(db) {
    db.exec(`
      ALTER TABLE chats ADD COLUMN summary TEXT;
      CREATE TABLE plans (
        id INTEGER PRIMARY KEY,
        app_id INTEGER NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
        chat_id INTEGER REFERENCES chats(id) ON DELETE SET NULL,
        title TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'ready')),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX plans_app ON plans(app_id, id);
    `);
  },
};
