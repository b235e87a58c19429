import type { Migration } from "../migration.js";

/**
 * The message before `<id>` in chat `<chat>`, queued when it is a user turn: its projection
 * depends on its reply (a user turn answered by a history-tool card is not indexed, see
 * `projectMessage`'s `answeredByHistoryTool`), so a reply written, edited or deleted re-queues it.
 */
function queuePreviousUserTurn(chat: string, id: string): string {
  return `
    INSERT OR IGNORE INTO history_dirty_messages (message_id)
    SELECT id FROM (
      SELECT id, role FROM messages WHERE chat_id = ${chat} AND id < ${id} ORDER BY id DESC LIMIT 1
    ) WHERE role = 'user';`;
}

/**
 * Triggers that re-queue a user turn when the message after it changes (issue 12: a question to
 * the history tools must never come back as evidence). Like every index trigger they only queue
 * (DESIGN.md § Index); the indexer builds the text. The web app stores a turn's reply empty and
 * fills it when the turn ends, so the update trigger is the one a live turn fires.
 */
export const replyRequeuesQuestion: Migration = {
  version: 5,
  name: "a reply re-queues the user turn it answers",
  up(db) {
    db.exec(`
      CREATE TRIGGER history_reply_inserted AFTER INSERT ON messages
      WHEN new.role = 'assistant' BEGIN ${queuePreviousUserTurn("new.chat_id", "new.id")}
      END;
      CREATE TRIGGER history_reply_updated AFTER UPDATE OF content, role ON messages BEGIN
        ${queuePreviousUserTurn("new.chat_id", "new.id")}
      END;
      CREATE TRIGGER history_reply_deleted AFTER DELETE ON messages BEGIN
        ${queuePreviousUserTurn("old.chat_id", "old.id")}
      END;
    `);
  },
};
