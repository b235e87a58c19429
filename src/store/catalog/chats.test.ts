import { describe, expect, it } from "vitest";
import { openStore } from "../open-store.js";
import {
  createWebChat,
  findChat,
  findChatByExternalId,
  isChatOfApp,
  listChats,
  setChatSummary,
} from "./chats.js";
import { createMessageLocator, insertMessage, messageWindow } from "./messages.js";
import { insertDraftPlan, latestPlanId, markPlanReady } from "./plans.js";

function seeded() {
  const store = openStore({ path: ":memory:" });
  store.db.prepare("INSERT INTO apps (id, name, created_at) VALUES (1, 'a', 0), (2, 'b', 0)").run();
  return store;
}

describe("chats, messages and plans catalog", () => {
  it("keeps every chat read and write inside its app", () => {
    using store = seeded();
    const db = store.db;
    const first = createWebChat(db, { appId: 1, title: "one", nowMs: 10, externalId: "u1" });
    const second = createWebChat(db, { appId: 1, title: null, nowMs: 20, externalId: "u2" });
    const other = createWebChat(db, { appId: 2, title: "x", nowMs: 30, externalId: "u3" });
    insertMessage(db, { chatId: first, role: "user", content: "hi", nowMs: 11 });
    expect(listChats(db, 1).map((chat) => [chat.id, chat.messageCount])).toEqual([
      [second, 0],
      [first, 1],
    ]);
    expect(listChats(db, 1, { limit: 1 }).map((chat) => chat.id)).toEqual([second]);
    expect(findChat(db, first)).toEqual({
      id: first,
      appId: 1,
      title: "one",
      source: "web",
      // A chat of the person's own has no source file: the column holds "".
      sourceFile: "",
      createdAtMs: 10,
      messageCount: 1,
    });
    expect(findChat(db, 999)).toBeNull();
    expect(isChatOfApp(db, other, 1)).toBe(false);
    expect(isChatOfApp(db, other, 2)).toBe(true);
    expect(findChatByExternalId(db, { appId: 1, source: "web", externalId: "u1" })).toBe(first);
    expect(findChatByExternalId(db, { appId: 1, source: "web", externalId: "u3" })).toBeNull();
    const summary = { title: "T", summary: "S" };
    expect(setChatSummary(db, { chatId: other, appId: 1, ...summary })).toBe(false);
    expect(findChat(db, other)?.title).toBe("x");
    expect(setChatSummary(db, { chatId: other, appId: 2, ...summary })).toBe(true);
    expect(findChat(db, other)?.title).toBe("T");
  });

  it("windows messages around a target, clamped to the chat's ends, and locates them", () => {
    using store = seeded();
    const db = store.db;
    const chatId = createWebChat(db, { appId: 2, title: null, nowMs: 0, externalId: "w" });
    const ids = Array.from({ length: 10 }, (_, index) =>
      insertMessage(db, { chatId, role: "user", content: `m${index}`, nowMs: index }),
    );
    insertMessage(db, { chatId, role: "assistant", content: "", nowMs: 99 }); // in flight: hidden
    const window = (aroundMessageId?: number) =>
      messageWindow(db, chatId, {
        size: 4,
        ...(aroundMessageId === undefined ? {} : { aroundMessageId }),
      }).map((message) => message.id);
    expect(window()).toEqual(ids.slice(6));
    expect(window(ids[5])).toEqual(ids.slice(3, 7));
    expect(window(ids[0])).toEqual(ids.slice(0, 4));
    expect(window(ids[9])).toEqual(ids.slice(6));
    expect(createMessageLocator(db)(ids[3]!)).toEqual({ chatId, appId: 2 });
    expect(createMessageLocator(db)(12345)).toBeNull();
  });

  it("marks the newest plan of the chat ready", () => {
    using store = seeded();
    const db = store.db;
    expect(latestPlanId(db, 1, null)).toBeNull();
    const plan = { appId: 1, chatId: null, title: "p", body: "b", nowMs: 5 };
    insertDraftPlan(db, plan);
    const newest = insertDraftPlan(db, plan);
    expect(latestPlanId(db, 1, null)).toBe(newest);
    markPlanReady(db, newest, 9);
    expect(db.prepare("SELECT status, updated_at FROM plans WHERE id = ?").get(newest)).toEqual({
      status: "ready",
      updated_at: 9,
    });
  });
});
