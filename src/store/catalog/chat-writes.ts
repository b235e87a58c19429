/**
 * The statements of the import write path (`importers/write-chats.ts`), prepared once per write:
 * finding a chat by its identity `(source, source file, external id)` (or one of that source and
 * id held by another file, for keys that are the store's), claiming a chat stored
 * before files were recorded, inserting chats and messages, retitling, replacing the messages
 * after a common prefix, rewriting or deleting one message row, and moving a chat out of the app it was put in before its project was
 * known. The merge rules live in the importer; this file only holds the SQL. Times
 * are ms since the epoch.
 */
import type Database from "better-sqlite3";
import { preparedOnce } from "../prepared-statements.js";
import type { MessageRole } from "./messages.js";

/** A stored message as the merge rules compare it. */
export interface StoredImportMessage {
  /** The row's id (`messages.id`). */
  readonly id: number;
  readonly role: string;
  readonly content: string;
  readonly created_at: number;
  readonly ai_messages_json: string | null;
  /** 0 or 1. */
  readonly is_compaction_summary: number;
}

/** A message to insert. */
export interface ImportMessageRow {
  readonly role: MessageRole;
  readonly content: string;
  /** The source's AI SDK messages as JSON, or null. */
  readonly aiMessagesJson: string | null;
  readonly isCompactionSummary: boolean;
  readonly createdAtMs: number;
}

/** A stored chat as the write path finds it. */
export interface FoundChat {
  readonly id: number;
  readonly title: string | null;
  /** The app the chat is stored in now. */
  readonly appId: number;
}

/** The prepared statements; create with {@link prepareChatWrites} inside or before the write. */
export interface ChatWrites {
  /** The chat with that identity, or undefined. `sourceFile` is `''` for chats of no file. */
  findChat(source: string, sourceFile: string, externalId: string): FoundChat | undefined;
  /**
   * A chat of `(source, externalId)` that another file holds: stored from a file other than
   * `sourceFile` (and not `''`, a chat of no file yet), the first such by id; or undefined.
   */
  findChatOfOtherFile(
    source: string,
    sourceFile: string,
    externalId: string,
  ): (FoundChat & { readonly sourceFile: string }) | undefined;
  /** Records `sourceFile` as the file of chat `chatId` (a chat stored before files were). */
  claimChat(sourceFile: string, chatId: number): void;
  /** Inserts a chat and returns its id. */
  insertChat(chat: {
    readonly appId: number;
    readonly title: string | null;
    readonly createdAtMs: number;
    readonly source: string;
    readonly sourceFile: string;
    readonly externalId: string;
  }): number;
  setChatTitle(chatId: number, title: string | null): void;
  /** The chat's messages in order. */
  storedMessages(chatId: number): StoredImportMessage[];
  /**
   * The chat's last `limit` messages in order, and how many stored messages come before them: an
   * appended log's tail is matched against the end of the chat without reading all of it.
   */
  lastStoredMessages(
    chatId: number,
    limit: number,
  ): { readonly before: number; readonly messages: StoredImportMessage[] };
  /** Deletes every message of the chat after its first `keep` (the common prefix stays). */
  deleteMessagesAfter(chatId: number, keep: number): void;
  /** Deletes the message row `messageId`. */
  deleteMessage(messageId: number): void;
  /**
   * Rewrites the message row `messageId` with `message`, keeping its id and chat (the index
   * re-queues it: migration 002's update trigger).
   */
  updateMessage(messageId: number, message: ImportMessageRow): void;
  insertMessage(chatId: number, message: ImportMessageRow): void;
  /**
   * Moves chat `chatId` from app `fromAppId` to `toAppId` with its plans; a no-op unless the chat
   * is in `fromAppId` now. Its messages follow by `chat_id`; the index re-queues the chat (the
   * `history_chat_updated` trigger of migration 002), so its search rows take the new app.
   */
  moveChat(chatId: number, fromAppId: number, toAppId: number): void;
}

/** Prepares the write statements on `db`. */
export function prepareChatWrites(db: Database.Database): ChatWrites {
  const findChat = preparedOnce<[string, string, string], FoundChat>(
    db,
    `SELECT id, title, app_id AS appId FROM chats
      WHERE source = ? AND source_file = ? AND external_id = ?`,
  );
  const findChatOfOtherFile = preparedOnce<
    [string, string, string],
    FoundChat & { sourceFile: string }
  >(
    db,
    `SELECT id, title, app_id AS appId, source_file AS sourceFile FROM chats
      WHERE source = ? AND external_id = ? AND source_file NOT IN ('', ?)
      ORDER BY id LIMIT 1`,
  );
  const moveChat = preparedOnce<[number, number, number]>(
    db,
    "UPDATE chats SET app_id = ? WHERE id = ? AND app_id = ?",
  );
  const movePlans = preparedOnce<[number, number, number]>(
    db,
    "UPDATE plans SET app_id = ? WHERE chat_id = ? AND app_id = ?",
  );
  const claimChat = preparedOnce<[string, number]>(
    db,
    "UPDATE chats SET source_file = ? WHERE id = ?",
  );
  const insertChat = preparedOnce<[number, string | null, number, string, string, string]>(
    db,
    `INSERT INTO chats (app_id, title, created_at, source, source_file, external_id)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const setChatTitle = preparedOnce<[string | null, number]>(
    db,
    "UPDATE chats SET title = ? WHERE id = ?",
  );
  const storedMessages = preparedOnce<[number], StoredImportMessage>(
    db,
    `SELECT id, role, content, created_at, ai_messages_json, is_compaction_summary
       FROM messages WHERE chat_id = ? ORDER BY id`,
  );
  const lastStoredMessages = preparedOnce<[number, number], StoredImportMessage>(
    db,
    `SELECT id, role, content, created_at, ai_messages_json, is_compaction_summary
       FROM messages WHERE chat_id = ? ORDER BY id DESC LIMIT ?`,
  );
  const messageCount = preparedOnce<[number], number>(
    db,
    "SELECT count(*) FROM messages WHERE chat_id = ?",
  );
  const deleteMessage = preparedOnce<[number]>(db, "DELETE FROM messages WHERE id = ?");
  const updateMessage = preparedOnce<[string, string, string | null, number, number, number]>(
    db,
    `UPDATE messages SET role = ?, content = ?, ai_messages_json = ?, is_compaction_summary = ?,
            created_at = ? WHERE id = ?`,
  );
  const deleteMessagesAfter = preparedOnce<[number, number, number]>(
    db,
    `DELETE FROM messages WHERE chat_id = ? AND id NOT IN
       (SELECT id FROM messages WHERE chat_id = ? ORDER BY id LIMIT ?)`,
  );
  const insertMessage = preparedOnce<[number, string, string, string | null, number, number]>(
    db,
    `INSERT INTO messages (chat_id, role, content, ai_messages_json, is_compaction_summary, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  return {
    findChat: (source, sourceFile, externalId) => findChat.get(source, sourceFile, externalId),
    findChatOfOtherFile: (source, sourceFile, externalId) =>
      findChatOfOtherFile.get(source, externalId, sourceFile),
    claimChat(sourceFile, chatId) {
      claimChat.run(sourceFile, chatId);
    },
    insertChat: (chat) =>
      Number(
        insertChat.run(
          chat.appId,
          chat.title,
          chat.createdAtMs,
          chat.source,
          chat.sourceFile,
          chat.externalId,
        ).lastInsertRowid,
      ),
    setChatTitle(chatId, title) {
      setChatTitle.run(title, chatId);
    },
    storedMessages: (chatId) => storedMessages.all(chatId),
    lastStoredMessages(chatId, limit) {
      const messages = lastStoredMessages.all(chatId, limit).reverse();
      const total = messageCount.pluck().get(chatId) ?? 0;
      return { before: total - messages.length, messages };
    },
    deleteMessagesAfter(chatId, keep) {
      deleteMessagesAfter.run(chatId, chatId, keep);
    },
    deleteMessage(messageId) {
      deleteMessage.run(messageId);
    },
    updateMessage(messageId, message) {
      updateMessage.run(
        message.role,
        message.content,
        message.aiMessagesJson,
        message.isCompactionSummary ? 1 : 0,
        message.createdAtMs,
        messageId,
      );
    },
    insertMessage(chatId, message) {
      insertMessage.run(
        chatId,
        message.role,
        message.content,
        message.aiMessagesJson,
        message.isCompactionSummary ? 1 : 0,
        message.createdAtMs,
      );
    },
    moveChat(chatId, fromAppId, toAppId) {
      if (moveChat.run(toAppId, chatId, fromAppId).changes === 0) return;
      movePlans.run(toAppId, chatId, fromAppId);
    },
  };
}
