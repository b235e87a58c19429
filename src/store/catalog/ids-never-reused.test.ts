import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempDirs } from "../../importers/testing/temp-dir.js";
import { openStore } from "../open-store.js";
import { storeApps } from "./app-writes.js";
import { type ImportMessageRow, prepareChatWrites } from "./chat-writes.js";
import { deleteMessage } from "./messages.js";

const dirs = createTempDirs("recollect-ids-");
afterEach(() => dirs.cleanup());

const message = (content: string): ImportMessageRow => ({
  role: "user",
  content,
  aiMessagesJson: null,
  isCompactionSummary: false,
  createdAtMs: 1,
});

const chat = (appId: number, externalId: string) => ({
  appId,
  title: null,
  createdAtMs: 1,
  source: "jsonl",
  sourceFile: "/chats.jsonl",
  externalId,
});

describe("store ids after the highest rows are deleted", () => {
  it("gives a new message, chat and app an id no deleted row held", () => {
    using store = openStore({ path: join(dirs.make(), "store.db") });
    const { db } = store;
    const writes = prepareChatWrites(db);
    const apps = storeApps(db);
    const messageIds = (chatId: number) =>
      db.prepare("SELECT id FROM messages WHERE chat_id = ? ORDER BY id").pluck().all(chatId);

    const shop = apps.idFor({ name: "shop", path: null }, 1);
    const first = writes.insertChat(chat(shop, "c1"));
    for (const content of ["a", "b", "c", "d"]) writes.insertMessage(first, message(content));
    expect(messageIds(first)).toEqual([1, 2, 3, 4]);

    // A re-import that keeps only "a", then writes the edited "B" and another chat's message.
    writes.deleteMessagesAfter(first, 1);
    writes.insertMessage(first, message("B"));
    const second = writes.insertChat(chat(shop, "c2"));
    writes.insertMessage(second, message("other"));
    expect([messageIds(first), messageIds(second)]).toEqual([[1, 5], [6]]);

    // The web app's in-flight reply removed when it ended empty.
    deleteMessage(db, 6);
    writes.insertMessage(second, message("again"));
    expect(messageIds(second)).toEqual([7]);

    db.prepare("DELETE FROM chats WHERE id = ?").run(second);
    expect(writes.insertChat(chat(shop, "c3"))).toBe(3);

    // An empty fallback app is dropped by import; the next app does not take its id.
    const fallback = apps.idFor({ name: "imported", path: null }, 1);
    apps.dropIfEmptyFallback(fallback, "imported");
    expect(apps.nameOf(fallback)).toBeNull();
    expect(apps.idFor({ name: "notes", path: null }, 1)).toBe(fallback + 1);
  });
});
