/**
 * The embedded default behind the {@link HistoryPort}: the local SQLite store, through the same
 * `searchChats()` / `readChat()` and catalog reads the surfaces called directly before issue 32.
 */
import { resolveAppName } from "../../store/catalog/app-lookup.js";
import { listAppActivity } from "../../store/catalog/apps.js";
import { findChat, isChatOfApp, listChats } from "../../store/catalog/chats.js";
import { createMessageLocator } from "../../store/catalog/messages.js";
import type { Store } from "../../store/open-store.js";
import { readChat } from "../read/read-chat.js";
import { searchChats } from "../search/search-chats.js";
import type { IndexWaiter } from "../types.js";
import type { HistoryPort, MessageLocation } from "./history-port.js";

/** Options of {@link sqliteHistoryPort}. */
export interface SqliteHistoryPortOptions {
  /** The running indexer: each search waits ≤ 1 s for it to drain the app's queue. */
  readonly indexer?: IndexWaiter;
}

/**
 * A {@link HistoryPort} over an open store. The store stays the caller's: `close()` leaves it open.
 * Catalog reads are synchronous underneath and resolve at once.
 */
export function sqliteHistoryPort(
  store: Store,
  options: SqliteHistoryPortOptions = {},
): HistoryPort {
  const indexer = options.indexer ? { indexer: options.indexer } : {};
  return {
    backend: "sqlite",
    searchChats: (scope, input) => searchChats({ ...scope, store, ...indexer }, input),
    readChat: async (scope, input, extent) => readChat({ ...scope, store }, input, extent),
    resolveApp: async (name, argument) => {
      const app = resolveAppName(store.db, name, argument);
      return { id: app.id, name: app.name };
    },
    listApps: async () => listAppActivity(store.db),
    listChats: async (appId) => listChats(store.db, appId),
    findChat: async (chatId, appId) => {
      const chat = findChat(store.db, chatId);
      return chat !== null && chat.appId === appId ? chat : null;
    },
    isChatOfApp: async (chatId, appId) => isChatOfApp(store.db, chatId, appId),
    locateMessages: async (ids) => {
      const locate = createMessageLocator(store.db);
      const found = new Map<number, MessageLocation>();
      for (const id of ids) {
        const where = locate(id);
        if (where !== null) found.set(id, where);
      }
      return found;
    },
    close: async () => {},
  };
}
