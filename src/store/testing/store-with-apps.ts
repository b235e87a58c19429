/** A store to test app lookups on: real migrations, in memory, holding only apps. */
import { openStore, type Store } from "../open-store.js";

/** A migrated in-memory store holding apps of these names (no chats), ids 1, 2, … in order. */
export function storeWithApps(...names: string[]): Store {
  const store = openStore({ path: ":memory:" });
  const insert = store.db.prepare("INSERT INTO apps (name, created_at) VALUES (?, 0)");
  for (const name of names) insert.run(name);
  return store;
}
