import type { Migration } from "../migration.js";

const HELP_TEXTS = [
  'I can look up what was decided in this app\'s earlier chats. Ask me something like "what did we decide about authentication?"',
  'I can look up what was decided in this app\'s earlier chats. Ask me something like "what did we decide about …?"',
  "I look things up in this app's earlier chats. Ask me what was settled about a topic, or why something changed.",
] as const;

/**
 * Every fixed reply the offline router (`agent/primary/offline-router/route-turn.ts`) has ever
 * written as a whole assistant turn, as the web app stored it (trimmed): the acknowledgement of a
 * note, the help, the greeting, the no-history and declined notices, the fallback "Done.". A
 * frozen copy on purpose: a migration states what earlier versions wrote, which later edits of the
 * router's constants must not change.
 */
export const FIXED_REPLIES_BEFORE_MIGRATION_9: readonly string[] = [
  "Noted.",
  ...HELP_TEXTS,
  ...HELP_TEXTS.map((help) => `Noted. ${help}`),
  ...HELP_TEXTS.map((help) => `Hello! ${help}`),
  "I can't look up earlier chats here: history tools are not available in this context (they need Pro, an Engine-backed model, and the explorer's permission not set to never). Could you tell me what was decided?",
  "You declined the history explorer, so I did not look at earlier chats.",
  "Done.",
];

/**
 * `messages.is_recollect_reply` (0/1): the assistant turn is a fixed reply Recollect itself wrote
 * (the offline router's "Noted.", help, greeting, notices), not a statement of the person's or of a
 * model's. The projection gives it no searchable text and the explorer never sees it, so it can
 * never be cited (`history/projection`). The web app sets it when it stores a turn whose every text
 * the router wrote (`TurnFinishEvent.fixedReply`). Changing it re-queues the message, like every
 * index trigger only queueing (DESIGN.md § Index).
 *
 * Existing stores converge: an assistant turn of a web chat (`chats.source = 'web'`, the only chats
 * Recollect's primary agent writes to; an imported chat's "Noted." was written by another tool's
 * model) whose whole content is one of {@link FIXED_REPLIES_BEFORE_MIGRATION_9} is marked. A hosted
 * model answering with exactly one of these sentences is marked too; it said nothing either.
 */
export const recollectReplies: Migration = {
  version: 9,
  name: "replies Recollect itself wrote",
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN is_recollect_reply INTEGER NOT NULL DEFAULT 0
        CHECK (is_recollect_reply IN (0, 1));
      CREATE TRIGGER history_recollect_reply_updated AFTER UPDATE OF is_recollect_reply ON messages
      BEGIN
        INSERT OR IGNORE INTO history_dirty_messages (message_id) VALUES (new.id);
      END;
    `);
    db.prepare(
      `UPDATE messages SET is_recollect_reply = 1
        WHERE role = 'assistant'
          AND content IN (SELECT value FROM json_each(?))
          AND chat_id IN (SELECT id FROM chats WHERE source = 'web')`,
    ).run(JSON.stringify(FIXED_REPLIES_BEFORE_MIGRATION_9));
  },
};
