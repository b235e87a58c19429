/**
 * The `messages` rows as the surfaces read and write them (DESIGN.md § Store): a chat's messages in
 * order or as a window, where a message lives now, and the web turn's own writes. Values always
 * travel as parameters; times are integer ms since the epoch. Imported messages are written by the
 * import path (`importers/write-chats.ts`).
 */
import type Database from "better-sqlite3";
import { RecollectError } from "../../errors/recollect-error.js";

/** Message author as stored. */
export type MessageRole = "user" | "assistant";

/** One stored message. `content` may hold escaped card XML (read back by `card/`). */
export interface MessageRow {
  readonly id: number;
  readonly role: MessageRole;
  readonly content: string;
  /** `created_at`, ms since the epoch. */
  readonly createdAtMs: number;
}

/** Where a message lives now: its chat and that chat's app. */
export interface MessageLocation {
  readonly chatId: number;
  readonly appId: number;
}

const VISIBLE = "chat_id = ? AND content <> ''";

/**
 * Messages of a chat in order, at most `limit` from the start. The empty row of a turn still in
 * flight is left out.
 */
export function listMessages(db: Database.Database, chatId: number, limit: number): MessageRow[] {
  return db
    .prepare<[number, number], MessageRow>(
      `SELECT id, role, content, created_at AS createdAtMs FROM messages
        WHERE ${VISIBLE} ORDER BY id LIMIT ?`,
    )
    .all(chatId, limit);
}

/**
 * A window of `size` (≥ 1) messages of a chat, in order: the newest by default, or, with
 * `aroundMessageId`, with that message near the middle (clamped to the chat's ends). The empty row
 * of a turn still in flight is left out. Pure read.
 */
export function messageWindow(
  db: Database.Database,
  chatId: number,
  options: { readonly size: number; readonly aroundMessageId?: number },
): MessageRow[] {
  const { size } = options;
  const count = db.prepare<number[], number>(`SELECT COUNT(*) FROM messages WHERE ${VISIBLE}`);
  const before = db.prepare<number[], number>(
    `SELECT COUNT(*) FROM messages WHERE ${VISIBLE} AND id < ?`,
  );
  const last = Math.max(0, (count.pluck().get(chatId) ?? 0) - size);
  const start =
    options.aroundMessageId === undefined
      ? last
      : Math.min(
          last,
          Math.max(
            0,
            (before.pluck().get(chatId, options.aroundMessageId) ?? 0) - Math.floor(size / 2),
          ),
        );
  return db
    .prepare<[number, number, number], MessageRow>(
      `SELECT id, role, content, created_at AS createdAtMs FROM messages
        WHERE ${VISIBLE} ORDER BY id LIMIT ? OFFSET ?`,
    )
    .all(chatId, size, start);
}

/** The ids of a chat's messages in order (in-flight empty rows included: they are rows too). */
export function messageIdsOfChat(db: Database.Database, chatId: number): number[] {
  return db
    .prepare<[number], number>("SELECT id FROM messages WHERE chat_id = ? ORDER BY id")
    .pluck()
    .all(chatId);
}

/** Every message of app `appId` with its chat and raw content, in no particular order, lazily. */
export function iterateAppMessages(
  db: Database.Database,
  appId: number,
): IterableIterator<{ readonly id: number; readonly chatId: number; readonly content: string }> {
  return db
    .prepare<[number], { id: number; chatId: number; content: string }>(
      "SELECT m.id AS id, m.chat_id AS chatId, m.content AS content FROM messages m JOIN chats c ON c.id = m.chat_id WHERE c.app_id = ?",
    )
    .iterate(appId);
}

/**
 * Where message `messageId` lives now, or null when it was deleted. One indexed primary-key lookup;
 * prepare once with {@link createMessageLocator} when asking many times.
 */
export function createMessageLocator(
  db: Database.Database,
): (messageId: number) => MessageLocation | null {
  const statement = db.prepare<[number], MessageLocation>(
    "SELECT m.chat_id AS chatId, c.app_id AS appId FROM messages m JOIN chats c ON c.id = m.chat_id WHERE m.id = ?",
  );
  return (messageId) => statement.get(messageId) ?? null;
}

/** Appends a message to a chat and returns its id. */
export function insertMessage(
  db: Database.Database,
  input: {
    readonly chatId: number;
    readonly role: MessageRole;
    readonly content: string;
    readonly nowMs: number;
  },
): number {
  const result = db
    .prepare("INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, ?)")
    .run(input.chatId, input.role, input.content, input.nowMs);
  return Number(result.lastInsertRowid);
}

/**
 * Replaces a message's content (the in-flight assistant message, finished). `recollectReply`
 * (default false) records that the whole content is a fixed reply Recollect itself wrote
 * (`messages.is_recollect_reply`, migration 009): the index gives it no searchable text and the
 * explorer never cites it. `recallNotice` (default false, only with `recollectReply`) records that
 * it is the notice to a recall question Recollect could not explore (`messages.is_recall_notice`,
 * migration 010): the user turn before it is then no evidence either. One statement, so the
 * content and both marks land together.
 * @throws RecollectError (`internal`) when the message vanished mid-turn.
 */
export function updateMessageContent(
  db: Database.Database,
  messageId: number,
  content: string,
  options: { readonly recollectReply?: boolean; readonly recallNotice?: boolean } = {},
): void {
  const recollectReply = options.recollectReply === true;
  const recallNotice = recollectReply && options.recallNotice === true;
  const result = db
    .prepare(
      "UPDATE messages SET content = ?, is_recollect_reply = ?, is_recall_notice = ? WHERE id = ?",
    )
    .run(content, recollectReply ? 1 : 0, recallNotice ? 1 : 0, messageId);
  if (result.changes !== 1) {
    throw new RecollectError("internal", "The in-flight message was removed during the turn.");
  }
}

/** Removes a message (an in-flight assistant row that ended with no content). */
export function deleteMessage(db: Database.Database, messageId: number): void {
  db.prepare("DELETE FROM messages WHERE id = ?").run(messageId);
}
