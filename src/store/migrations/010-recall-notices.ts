import type { Migration } from "../migration.js";

/**
 * The offline router's no-history notice (`ROUTER_NO_HISTORY_TEXT` of
 * `agent/primary/offline-router/route-turn.ts`) as every earlier version wrote it: the reply to a
 * recall question when the explorer was not offered. A frozen copy on purpose: a migration states
 * what earlier versions wrote, which later edits of the router's constants must not change.
 */
export const RECALL_NOTICE_BEFORE_MIGRATION_10 =
  "I can't look up earlier chats here: history tools are not available in this context (they need Pro, an Engine-backed model, and the explorer's permission not set to never). Could you tell me what was decided?";

/**
 * `messages.is_recall_notice` (0/1): the assistant turn is a fixed reply Recollect wrote to a
 * recall question it could not explore (the router's no-history notice). The user turn before it
 * asked the history tools, so it is a history question and not evidence, exactly as when an
 * explorer card answered it (`history/projection/reply-content.ts`). The web app sets it with
 * `is_recollect_reply` from `TurnFinishEvent.recallNotice`. Changing it re-queues the user turn
 * before the message (as migration 005 does for a reply's content); the triggers only queue.
 *
 * Existing stores converge: a reply already marked as Recollect's (migration 009) whose whole
 * content is {@link RECALL_NOTICE_BEFORE_MIGRATION_10} is marked, which queues its question.
 */
export const recallNotices: Migration = {
  version: 10,
  name: "Recollect's notices to recall questions",
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN is_recall_notice INTEGER NOT NULL DEFAULT 0
        CHECK (is_recall_notice IN (0, 1));
      CREATE TRIGGER history_recall_notice_updated AFTER UPDATE OF is_recall_notice ON messages
      BEGIN
        INSERT OR IGNORE INTO history_dirty_messages (message_id)
        SELECT id FROM (
          SELECT id, role FROM messages
           WHERE chat_id = new.chat_id AND id < new.id ORDER BY id DESC LIMIT 1
        ) WHERE role = 'user';
      END;
    `);
    db.prepare(
      `UPDATE messages SET is_recall_notice = 1
        WHERE role = 'assistant' AND is_recollect_reply = 1 AND content = ?`,
    ).run(RECALL_NOTICE_BEFORE_MIGRATION_10);
  },
};
