/**
 * Team store migration 4 (issue 32): the policy letting a member insert a message checks the
 * message's own chat by its key. Migration 2 wrote it as `chat_id IN (SELECT … FROM chats WHERE
 * member = current_user AND app_id = messages.app_id)`, which PostgreSQL evaluates for each inserted
 * row by reading every chat of the app (EXPLAIN of a 2,000-message push batch at 1M messages: 2,000
 * loops over the app's chats), so a push slows as an app gathers chats. Same rule: the chat must
 * be the connected member's and in the message's app, which must be granted to them.
 */
import type { TeamMigration } from "./team-migration.js";

export const pushOwnByChat: TeamMigration = {
  version: 4,
  name: "push-own-by-chat",
  sql: `
    DROP POLICY push_own ON recollect.messages;
    CREATE POLICY push_own ON recollect.messages FOR INSERT WITH CHECK (
      app_id IN (SELECT m.app_id FROM recollect.app_members m WHERE m.member = current_user)
      AND EXISTS (SELECT 1 FROM recollect.chats c
                   WHERE c.id = messages.chat_id AND c.member = current_user
                     AND c.app_id = messages.app_id));
  `,
};
