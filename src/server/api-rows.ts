/**
 * The web API's view of the catalog (`store/catalog/`): chats and messages shaped as the JSON the
 * browser reads, times as ISO-8601 UTC strings. No SQL here; writes are the person's own turns only.
 * What the reads return is visible text: message contents without `<private>` spans and with
 * credentials redacted (`visibleText`), titles cleaned the same way (`cleanTitle`), so neither
 * the chat view nor the primary agent's history ever holds them.
 */
import { ChatNotFoundError } from "../errors/recollect-error.js";
import { cleanTitle, visibleText } from "../history/index.js";
import * as chats from "../store/catalog/chats.js";
import * as messages from "../store/catalog/messages.js";
import type { Store } from "../store/open-store.js";
import { isFileGone } from "../sync/index.js";
import { isoTimeOrNull } from "../text/iso-time.js";

/**
 * Who writes a chat: `web` for a conversation the person started in the web app (their own, the
 * only kind a turn may be posted to), `imported` for every chat an importer, `sync` or the demo
 * wrote — the archive the explorer reads, kept as its source wrote it (a re-import replaces what
 * follows the source's messages, so a turn added there would be lost).
 */
export type ChatOrigin = "web" | "imported";

/** The store's `source` of a web-started chat (`createWebChat`). */
const WEB_SOURCE = "web";

/** A chat as listed by the API, newest first. */
export interface ChatSummary {
  readonly id: number;
  readonly appId: number;
  readonly title: string | null;
  /** ISO-8601 UTC; null when the stored time is no date `Date` can represent (`isoTimeOrNull`). */
  readonly createdAt: string | null;
  readonly messageCount: number;
  readonly origin: ChatOrigin;
  /** What wrote it: an importer's format (`specstory`, `claude-code`…), `web`, `demo`… */
  readonly source: string;
  /** Synced from a file the agent has since deleted: now only in Recollect (one `stat`). */
  readonly kept: boolean;
}

/**
 * One stored message. `content` is its visible text ({@link visibleText}) and may contain escaped
 * card XML (read back by `card/`).
 */
export interface StoredMessage {
  readonly id: number;
  readonly role: "user" | "assistant";
  readonly content: string;
  /** ISO-8601 UTC; null when the stored time is no date `Date` can represent (`isoTimeOrNull`). */
  readonly createdAt: string | null;
}

const chatSummary = (row: chats.ChatRow): ChatSummary => ({
  id: row.id,
  appId: row.appId,
  title: cleanTitle(row.title),
  createdAt: isoTimeOrNull(row.createdAtMs),
  messageCount: row.messageCount,
  origin: row.source === WEB_SOURCE ? "web" : "imported",
  source: row.source,
  kept: isFileGone(row.sourceFile),
});

const storedMessage = ({ createdAtMs, content, ...row }: messages.MessageRow): StoredMessage => ({
  ...row,
  content: visibleText(content),
  createdAt: isoTimeOrNull(createdAtMs),
});

/** Chats of one app, newest first, at most `limit` (1–500, default 200). */
export function listChats(store: Store, appId: number, limit = 200): ChatSummary[] {
  return chats
    .listChats(store.db, appId, { limit: Math.max(1, Math.min(500, limit)) })
    .map(chatSummary);
}

/**
 * One chat's header.
 * @throws ChatNotFoundError when the chat does not exist.
 */
export function getChat(store: Store, chatId: number): ChatSummary {
  const row = chats.findChat(store.db, chatId);
  if (!row) throw new ChatNotFoundError(chatId);
  return chatSummary(row);
}

/**
 * Messages of a chat in order, at most `limit` (default 500) from the start. The empty row of a
 * turn still in flight is left out.
 */
export function listMessages(store: Store, chatId: number, limit = 500): StoredMessage[] {
  return messages.listMessages(store.db, chatId, limit).map(storedMessage);
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
  return messages
    .messageWindow(store.db, chatId, {
      size: options.size ?? MESSAGE_WINDOW,
      ...(options.aroundMessageId === undefined
        ? {}
        : { aroundMessageId: options.aroundMessageId }),
    })
    .map(storedMessage);
}

/**
 * Up to {@link MESSAGE_WINDOW} messages of a chat just before message `beforeMessageId` (which is
 * left out), in order: the page before a window the chat view already shows ("load earlier").
 * Empty when it is the chat's first message. Pure read.
 */
export function messagesBefore(
  store: Store,
  chatId: number,
  beforeMessageId: number,
): StoredMessage[] {
  // A window of twice the size centred on the message holds every message of the page before it.
  return messageWindow(store, chatId, {
    aroundMessageId: beforeMessageId,
    size: 2 * MESSAGE_WINDOW,
  })
    .filter((message) => message.id < beforeMessageId)
    .slice(-MESSAGE_WINDOW);
}

/**
 * Up to {@link MESSAGE_WINDOW} messages of a chat just after message `afterMessageId` (which is
 * left out), in order: the page after a window opened around a cited message deep in a long chat
 * ("load later"). Empty when it is the chat's last message. Pure read.
 */
export function messagesAfter(
  store: Store,
  chatId: number,
  afterMessageId: number,
): StoredMessage[] {
  // A window of twice the size centred on the message holds every message of the page after it.
  return messageWindow(store, chatId, {
    aroundMessageId: afterMessageId,
    size: 2 * MESSAGE_WINDOW,
  })
    .filter((message) => message.id > afterMessageId)
    .slice(0, MESSAGE_WINDOW);
}

/** True when the chat has a shown message after `messageId` (the window does not end the chat). */
export function hasMessagesAfter(store: Store, chatId: number, messageId: number): boolean {
  const last = messageWindow(store, chatId, { size: 1 })[0];
  return last !== undefined && last.id > messageId;
}

/** True when the chat has a shown message before `messageId` (the window does not start the chat). */
export function hasMessagesBefore(store: Store, chatId: number, messageId: number): boolean {
  const first = listMessages(store, chatId, 1)[0];
  return first !== undefined && first.id < messageId;
}

/** Creates a chat in `appId` started from the web app; `external_id` is unique per creation. */
export function createChat(
  store: Store,
  input: { appId: number; title: string | null; nowMs: number; externalId: string },
): ChatSummary {
  return getChat(store, chats.createWebChat(store.db, input));
}
