/**
 * Test helpers: sync a fixture machine into a store and drain its index, then ask the index what
 * it holds (real migrations, FTS5 and triggers; nothing faked).
 */
import { createIndexer } from "../../history/indexer/create-indexer.js";
import { projectMessage } from "../../history/projection/index.js";
import type { Store } from "../../store/open-store.js";
import { syncHistory } from "../sync-history.js";
import type { FixtureMachine } from "./machine-fixture.js";

/** Syncs `m`'s histories into `store` and indexes every message. */
export async function syncAndIndex(store: Store, m: FixtureMachine): Promise<void> {
  syncHistory({ store, environment: m.environment });
  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  indexer.start();
  await indexer.drainAll();
  await indexer.stop();
}

/** How many indexed rows match `query` (an FTS5 expression) in their body. */
export function matches(store: Store, query: string): number {
  return store.db
    .prepare("SELECT count(*) FROM history_fts WHERE history_fts MATCH ?")
    .pluck()
    .get(`body : ${query}`) as number;
}

/** Every stored message's projection, in id order (tool results themselves are never stored). */
export function projections(store: Store): string[] {
  return (
    store.db
      .prepare(
        "SELECT c.source, m.role, m.content FROM messages m JOIN chats c ON c.id = m.chat_id ORDER BY m.id",
      )
      .all() as { source: string; role: "user" | "assistant"; content: string }[]
  ).map((row) => projectMessage(row).text);
}
