/**
 * The read and write queries the web API needs over `apps` / `chats` / `messages` (DESIGN.md §
 * Store). Values always travel as parameters. Times are stored as integer ms since the epoch and
 * returned as ISO-8601 UTC strings. Writes are the person's own turns only; imports are elsewhere.
 */
import { ChatNotFoundError, RecollectError } from "../errors/recollect-error.js";
import type { Store } from "../store/open-store.js";

/** A chat as listed by the API, newest first. */
export interface ChatSummary {
  readonly id: number;
  readonly appId: number;
  readonly title: string | null;
  readonly createdAt: string;
  readonly messageCount: number;
}

/** One stored message. `content` may contain escaped card XML (read back by `card/`). */
export interface StoredMessage {
  readonly id: number;
  readonly role: "user" | "assistant";
  readonly content: string;
  readonly createdAt: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** Chats of one app, newest first, at most `limit` (1–500, default 200). */
export function listChats(store: Store, appId: number, limit = 200): ChatSummary[] {
  const rows = store.db
    .prepare(
      `SELECT c.id AS id, c.app_id AS appId, c.title AS title, c.created_at AS createdAt,
              (SELECT COUNT(*) FROM messages m WHERE m.chat_id = c.id) AS messageCount
         FROM chats c WHERE c.app_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ?`,
    )
    .all(appId, Math.max(1, Math.min(500, limit))) as Array<{
    id: number;
    appId: number;
    title: string | null;
    createdAt: number;
    messageCount: number;
  }>;
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

/**
 * One chat's header.
 * @throws ChatNotFoundError when the chat does not exist.
 */
export function getChat(store: Store, chatId: number): ChatSummary {
  const row = store.db
    .prepare(
      `SELECT c.id AS id, c.app_id AS appId, c.title AS title, c.created_at AS createdAt,
              (SELECT COUNT(*) FROM messages m WHERE m.chat_id = c.id) AS messageCount
         FROM chats c WHERE c.id = ?`,
    )
    .get(chatId) as
    | { id: number; appId: number; title: string | null; createdAt: number; messageCount: number }
    | undefined;
  if (!row) throw new ChatNotFoundError(chatId);
  return { ...row, createdAt: iso(row.createdAt) };
}

/**
 * Messages of a chat in order, at most `limit` (default 500) from the start. The empty row of a
 * turn still in flight is left out.
 */
export function listMessages(store: Store, chatId: number, limit = 500): StoredMessage[] {
  const rows = store.db
    .prepare(
      `SELECT id, role, content, created_at AS createdAt FROM messages
        WHERE chat_id = ? AND content <> '' ORDER BY id LIMIT ?`,
    )
    .all(chatId, limit) as Array<{
    id: number;
    role: "user" | "assistant";
    content: string;
    createdAt: number;
  }>;
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

/** Most messages the web app shows of one chat at a time (a window; see {@link messageWindow}). */
export const MESSAGE_WINDOW = 500;

/**
 * The messages the chat view shows, in order: the newest {@link MESSAGE_WINDOW} by default, or,
 * with `aroundMessageId`, that many with the message near the middle (an evidence target deep in a
 * long chat). The empty row of a turn still in flight is left out. Pure read.
 */
export function messageWindow(
  store: Store,
  chatId: number,
  options: { readonly aroundMessageId?: number; readonly size?: number } = {},
): StoredMessage[] {
  const size = options.size ?? MESSAGE_WINDOW;
  const count = (sql: string, ...params: number[]) =>
    (store.db.prepare(sql).get(...params) as { n: number }).n;
  const total = count(
    "SELECT COUNT(*) AS n FROM messages WHERE chat_id = ? AND content <> ''",
    chatId,
  );
  const last = Math.max(0, total - size);
  const start =
    options.aroundMessageId === undefined
      ? last
      : Math.min(
          last,
          Math.max(
            0,
            count(
              "SELECT COUNT(*) AS n FROM messages WHERE chat_id = ? AND content <> '' AND id < ?",
              chatId,
              options.aroundMessageId,
            ) - Math.floor(size / 2),
          ),
        );
  const rows = store.db
    .prepare(
      `SELECT id, role, content, created_at AS createdAt FROM messages
        WHERE chat_id = ? AND content <> '' ORDER BY id LIMIT ? OFFSET ?`,
    )
    .all(chatId, size, start) as Array<{
    id: number;
    role: "user" | "assistant";
    content: string;
    createdAt: number;
  }>;
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }));
}

/** Creates a chat in `appId` started from the web app; `external_id` is unique per creation. */
export function createChat(
  store: Store,
  input: { appId: number; title: string | null; nowMs: number; externalId: string },
): ChatSummary {
  const result = store.db
    .prepare(
      "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'web', ?)",
    )
    .run(input.appId, input.title, input.nowMs, input.externalId);
  return getChat(store, Number(result.lastInsertRowid));
}

/** Appends a message and returns its id. */
export function insertMessage(
  store: Store,
  input: { chatId: number; role: "user" | "assistant"; content: string; nowMs: number },
): number {
  const result = store.db
    .prepare("INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, ?)")
    .run(input.chatId, input.role, input.content, input.nowMs);
  return Number(result.lastInsertRowid);
}

/**
 * Replaces a message's content (the in-flight assistant message, finished).
 * @throws RecollectError (`internal`) when the message vanished mid-turn.
 */
export function updateMessageContent(store: Store, messageId: number, content: string): void {
  const result = store.db
    .prepare("UPDATE messages SET content = ? WHERE id = ?")
    .run(content, messageId);
  if (result.changes !== 1) {
    throw new RecollectError("internal", "The in-flight message was removed during the turn.");
  }
}

/** Removes a message (an in-flight assistant row that ended with no content). */
export function deleteMessage(store: Store, messageId: number): void {
  store.db.prepare("DELETE FROM messages WHERE id = ?").run(messageId);
}
