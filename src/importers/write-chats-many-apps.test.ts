import { describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/open-store.js";
import { readsEveryApp, recordingPrepares } from "../store/testing/recording-prepares.js";
import type { ImportedChat } from "./imported-chat.js";
import { fallbackApp } from "./resolve-app.js";
import { type ChatToWrite, writeChats } from "./write-chats.js";

/** A one-message chat `externalId` of `source`, as a generic JSONL file or a sync gives it. */
const chat = (externalId: string, source: ImportedChat["source"] = "jsonl"): ImportedChat => ({
  source,
  externalId,
  title: null,
  createdAtMs: 1000,
  appHint: null,
  messages: [
    {
      role: "user",
      content: `about ${externalId}`,
      createdAtMs: 1000,
      aiMessagesJson: null,
      isCompactionSummary: false,
    },
  ],
});

/** `count` chats of one file, each in its own app named by the file (`app-0`, `app-1`, …). */
const ownApps = (count: number, names = (index: number) => `app-${index}`): ChatToWrite[] =>
  Array.from({ length: count }, (_, index) => ({
    chat: chat(`chat-${index}`),
    app: { name: names(index), path: null },
    sourceFile: "/exports/many.jsonl",
    keyScope: "store",
  }));

const appNames = (store: Store) =>
  store.db.prepare("SELECT name FROM apps ORDER BY id").pluck().all();

describe("writing a file of many apps", () => {
  it.each([10, 300])("reads every app at most once for %i new apps, however many", (count) => {
    using store = openStore({ path: ":memory:" });
    store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('Shop', 0)").run();
    const { db, prepared } = recordingPrepares(store.db);
    // "shop" and "APP-0" are matched but for case, to a stored app and to one this file adds.
    const chats = [...ownApps(count), ...ownApps(1, () => "shop"), ...ownApps(1, () => "APP-0")];
    expect(
      writeChats(
        db,
        chats.map((entry, index) => ({ ...entry, chat: chat(`c${index}`) })),
      ),
    ).toMatchObject({ chats: count + 2, messages: count + 2 });
    expect(prepared.filter(readsEveryApp)).toHaveLength(1);
    expect(appNames(store)).toEqual(["Shop", ...ownApps(count).map((entry) => entry.app.name)]);
    expect(
      store.db
        .prepare("SELECT a.name FROM chats c JOIN apps a ON a.id = c.app_id ORDER BY c.id DESC")
        .pluck()
        .all()
        .slice(0, 2),
    ).toEqual(["app-0", "Shop"]);
  });

  it("reads no app list when the file names stored apps exactly (a re-import)", () => {
    using store = openStore({ path: ":memory:" });
    writeChats(store.db, ownApps(20));
    const { db, prepared } = recordingPrepares(store.db);
    expect(writeChats(db, ownApps(20))).toMatchObject({ chats: 0, skipped: 20 });
    expect(prepared.filter(readsEveryApp)).toHaveLength(0);
  });

  it("does not match a name to the fallback app the same write deleted", () => {
    using store = openStore({ path: ":memory:" });
    const sourceFile = "/home/me/downloads/composer.json";
    const early = chat("composer-1", "cursor");
    writeChats(store.db, [{ chat: early, app: fallbackApp(sourceFile), sourceFile }]);
    expect(appNames(store)).toEqual(["downloads"]);
    const written = writeChats(store.db, [
      // An app not stored exactly: the write reads every app, "downloads" among them.
      { chat: chat("one"), app: { name: "blog", path: null }, sourceFile: "/f.jsonl" },
      // The chat moves to its project's app and the emptied fallback app is deleted.
      { chat: early, app: { name: "shop", path: "/code/shop", origin: "root" }, sourceFile },
      { chat: chat("two"), app: { name: "Downloads", path: null }, sourceFile: "/f.jsonl" },
    ]);
    expect(written).toMatchObject({ chats: 2, updated: 1 });
    expect(appNames(store)).toEqual(["blog", "shop", "Downloads"]);
  });
});
