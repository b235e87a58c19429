import { openStore, type Store } from "../../store/open-store.js";
import { createIndexer } from "../indexer/create-indexer.js";
import type { MessageRole } from "../types.js";

/** A migrated in-memory store with small insert helpers, for `history/` tests. */
export interface HistoryFixture extends Disposable {
  readonly store: Store;
  /** Inserts an app; returns its id. */
  app(name: string): number;
  /** Inserts a chat of `appId`; `createdAt` in ms. Returns its id. */
  chat(appId: number, title: string | null, createdAt?: number): number;
  /** Inserts a message; `createdAt` in ms. Returns its id. */
  message(
    chatId: number,
    role: MessageRole,
    content: string,
    options?: { readonly createdAt?: number; readonly compaction?: boolean },
  ): number;
}

/** Opens a fresh `:memory:` store with every migration applied. */
export function createHistoryFixture(): HistoryFixture {
  const store = openStore({ path: ":memory:" });
  const { db } = store;
  let chats = 0;
  const insertApp = db.prepare("INSERT INTO apps (name, created_at) VALUES (?, 0)");
  const insertChat = db.prepare(
    "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'test', ?)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO messages (chat_id, role, content, is_compaction_summary, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  return {
    store,
    app: (name) => Number(insertApp.run(name).lastInsertRowid),
    chat: (appId, title, createdAt = 0) => {
      chats += 1;
      return Number(insertChat.run(appId, title, createdAt, `chat-${chats}`).lastInsertRowid);
    },
    message: (chatId, role, content, options = {}) =>
      Number(
        insertMessage.run(
          chatId,
          role,
          content,
          options.compaction === true ? 1 : 0,
          options.createdAt ?? 0,
        ).lastInsertRowid,
      ),
    [Symbol.dispose]: () => store.close(),
  };
}

/** Indexes everything `fixture` holds with the real indexer (repair, then drain the queue). */
export async function indexFixture(fixture: HistoryFixture): Promise<void> {
  const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
  indexer.repair();
  await indexer.drainAll();
}
