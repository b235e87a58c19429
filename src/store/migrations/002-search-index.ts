import type { Migration } from "../migration.js";

/**
 * The derived search index (DESIGN.md § Index; issue #2 item 4), owned by `src/history/`.
 *
 * - `history_fts`: FTS5, rowid = message id. Indexed: `title` (chat title), `body` (projection),
 *   `cjk` (space-separated CJK bigrams of title and body, because `unicode61` keeps a CJK run as one
 *   token and finds nothing inside it) and `scope` (`app<id> chat<id>` tokens, so the app filter
 *   and the current-chat exclusion run inside MATCH: DESIGN.md measured an UNINDEXED app_id
 *   post-filter 10x slower). Unindexed: app, chat, role, time (ms), compaction and truncation flags.
 *   Tokenizer `porter unicode61 remove_diacritics 2`: English stemming, accent folding.
 *   Contentless (`content=''`): the indexed text is not stored a second time; excerpts and reads
 *   re-project `messages.content`. `contentless_delete` lets triggers delete by rowid and
 *   `contentless_unindexed` keeps the unindexed columns readable.
 * - `history_dirty_messages` / `history_dirty_chats`: the queue. Triggers only queue or delete;
 *   the indexer builds every row's text.
 * - `history_meta`: key/value, e.g. the projection version the rows were built with.
 *
 * Every message already in the store is queued, so an upgraded store backfills on first start.
 */
export const searchIndex: Migration = {
  version: 2,
  name: "search index",
  up(db) {
    db.exec(`
      CREATE TABLE history_meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE history_dirty_messages (message_id INTEGER PRIMARY KEY);
      CREATE TABLE history_dirty_chats (chat_id INTEGER PRIMARY KEY);
      CREATE VIRTUAL TABLE history_fts USING fts5(
        title,
        body,
        cjk,
        scope,
        app_id UNINDEXED,
        chat_id UNINDEXED,
        role UNINDEXED,
        created_at UNINDEXED,
        is_compaction_summary UNINDEXED,
        projection_truncated UNINDEXED,
        content = '',
        contentless_delete = 1,
        contentless_unindexed = 1,
        tokenize = 'porter unicode61 remove_diacritics 2'
      );
      CREATE VIRTUAL TABLE history_fts_vocab USING fts5vocab(history_fts, 'row');

      CREATE TRIGGER history_message_inserted AFTER INSERT ON messages BEGIN
        INSERT OR IGNORE INTO history_dirty_messages (message_id) VALUES (new.id);
      END;
      CREATE TRIGGER history_message_updated
      AFTER UPDATE OF content, role, is_compaction_summary, created_at, chat_id ON messages BEGIN
        INSERT OR IGNORE INTO history_dirty_messages (message_id) VALUES (new.id);
      END;
      CREATE TRIGGER history_message_deleted AFTER DELETE ON messages BEGIN
        DELETE FROM history_fts WHERE rowid = old.id;
        DELETE FROM history_dirty_messages WHERE message_id = old.id;
      END;
      CREATE TRIGGER history_chat_updated AFTER UPDATE OF title, app_id ON chats BEGIN
        INSERT OR IGNORE INTO history_dirty_chats (chat_id) VALUES (new.id);
      END;
      CREATE TRIGGER history_chat_deleted AFTER DELETE ON chats BEGIN
        DELETE FROM history_dirty_chats WHERE chat_id = old.id;
      END;

      INSERT INTO history_dirty_messages (message_id) SELECT id FROM messages;
    `);
  },
};
