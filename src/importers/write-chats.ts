/**
 * Writes parsed chats to the store, all of one file inside one transaction: a failure leaves the
 * store exactly as before. Idempotent on `(chats.source, chats.external_id)`:
 *
 * - new chat: inserted with all its messages;
 * - same messages and title as stored, or an older, shorter snapshot of what is stored: nothing
 *   is written (`skipped`); a snapshot never removes messages;
 * - stored messages are a prefix of the new ones (an append-only log grew): only the new tail
 *   is inserted (`updated`);
 * - otherwise (the source was edited): the chat's messages are replaced (`updated`).
 *
 * A chat already stored stays in the app it was first imported into; re-importing with another
 * `--app` never moves it (and so never mixes apps).
 */
import type Database from "better-sqlite3";
import { writeTransaction } from "../store/write-transaction.js";
import type { ImportedChat, ImportedMessage } from "./imported-chat.js";
import type { ResolvedApp } from "./resolve-app.js";

/** A parsed chat with its app decided. */
export interface ChatToWrite {
  readonly chat: ImportedChat;
  readonly app: ResolvedApp;
}

/** What one write did. `messages` counts message rows inserted. */
export interface WriteCounts {
  /** Chats inserted. */
  readonly chats: number;
  /** Chats already stored whose messages or title changed. */
  readonly updated: number;
  /** Message rows inserted (new chats, appended tails and replacements). */
  readonly messages: number;
  /** Chats already stored exactly as read. */
  readonly skipped: number;
}

interface StoredMessage {
  role: string;
  content: string;
  created_at: number;
  ai_messages_json: string | null;
  is_compaction_summary: number;
}

/**
 * Writes `chats` in one transaction and returns the counts. `nowMs` is not used for message or
 * chat times (those come from the source); apps get the earliest chat time as `created_at`.
 *
 * @throws the SQLite error unchanged (the transaction is rolled back; nothing was written).
 */
export function writeChats(db: Database.Database, chats: readonly ChatToWrite[]): WriteCounts {
  const findApp = db.prepare<[string], { id: number; path: string | null }>(
    "SELECT id, path FROM apps WHERE name = ?",
  );
  const insertApp = db.prepare<[string, string | null, number]>(
    "INSERT INTO apps (name, path, created_at) VALUES (?, ?, ?)",
  );
  const setAppPath = db.prepare<[string, number]>(
    "UPDATE apps SET path = ? WHERE id = ? AND path IS NULL",
  );
  const findChat = db.prepare<[string, string], { id: number; title: string | null }>(
    "SELECT id, title FROM chats WHERE source = ? AND external_id = ?",
  );
  const insertChat = db.prepare<[number, string | null, number, string, string]>(
    "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, ?, ?)",
  );
  const setChatTitle = db.prepare<[string | null, number]>(
    "UPDATE chats SET title = ? WHERE id = ?",
  );
  const storedMessages = db.prepare<[number], StoredMessage>(
    `SELECT role, content, created_at, ai_messages_json, is_compaction_summary
       FROM messages WHERE chat_id = ? ORDER BY id`,
  );
  const deleteMessages = db.prepare<[number]>("DELETE FROM messages WHERE chat_id = ?");
  const insertMessage = db.prepare<[number, string, string, string | null, number, number]>(
    `INSERT INTO messages (chat_id, role, content, ai_messages_json, is_compaction_summary, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );

  const appIdFor = (app: ResolvedApp, createdAtMs: number): number => {
    const existing = findApp.get(app.name);
    if (existing) {
      if (existing.path === null && app.path !== null) setAppPath.run(app.path, existing.id);
      return existing.id;
    }
    return Number(insertApp.run(app.name, app.path, createdAtMs).lastInsertRowid);
  };
  const insertAll = (chatId: number, messages: readonly ImportedMessage[]) => {
    for (const message of messages) {
      insertMessage.run(
        chatId,
        message.role,
        message.content,
        message.aiMessagesJson,
        message.isCompactionSummary ? 1 : 0,
        message.createdAtMs,
      );
    }
  };

  const run = writeTransaction(db, (): WriteCounts => {
    let inserted = 0;
    let updated = 0;
    let messages = 0;
    let skipped = 0;
    for (const { chat, app } of chats) {
      const existing = findChat.get(chat.source, chat.externalId);
      if (!existing) {
        const appId = appIdFor(app, chat.createdAtMs);
        const chatId = Number(
          insertChat.run(appId, chat.title, chat.createdAtMs, chat.source, chat.externalId)
            .lastInsertRowid,
        );
        insertAll(chatId, chat.messages);
        inserted++;
        messages += chat.messages.length;
        continue;
      }
      const stored = storedMessages.all(existing.id);
      const prefix = commonPrefixLength(stored, chat.messages);
      const titleChanged = existing.title !== chat.title;
      // Same messages, or an older snapshot of a log already stored longer (Entire checkpoints of
      // one session are cumulative prefixes): nothing to write.
      if (prefix === chat.messages.length && !titleChanged) {
        skipped++;
        continue;
      }
      if (prefix === chat.messages.length) {
        setChatTitle.run(chat.title, existing.id);
        updated++;
        continue;
      }
      if (titleChanged) setChatTitle.run(chat.title, existing.id);
      if (prefix === stored.length) {
        const tail = chat.messages.slice(prefix);
        insertAll(existing.id, tail);
        messages += tail.length;
      } else {
        deleteMessages.run(existing.id);
        insertAll(existing.id, chat.messages);
        messages += chat.messages.length;
      }
      updated++;
    }
    return { chats: inserted, updated, messages, skipped };
  });
  return run();
}

function commonPrefixLength(
  stored: readonly StoredMessage[],
  incoming: readonly ImportedMessage[],
): number {
  const limit = Math.min(stored.length, incoming.length);
  let index = 0;
  while (index < limit && sameMessage(stored[index]!, incoming[index]!)) index++;
  return index;
}

function sameMessage(stored: StoredMessage, incoming: ImportedMessage): boolean {
  return (
    stored.role === incoming.role &&
    stored.content === incoming.content &&
    stored.created_at === incoming.createdAtMs &&
    stored.ai_messages_json === incoming.aiMessagesJson &&
    stored.is_compaction_summary === (incoming.isCompactionSummary ? 1 : 0)
  );
}
