import { describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import type { ImportedChat, ImportedMessage } from "./imported-chat.js";
import { writeChats } from "./write-chats.js";

const message = (content: string, createdAtMs: number): ImportedMessage => ({
  role: "user",
  content,
  createdAtMs,
  aiMessagesJson: null,
  isCompactionSummary: false,
});
const chat = (title: string | null, contents: readonly string[]): ImportedChat => ({
  source: "claude-code",
  externalId: "session-1",
  title,
  createdAtMs: 1000,
  appHint: null,
  messages: contents.map((content, index) => message(content, 1000 + index)),
});
const app = { name: "app", path: null };

describe("writeChats", () => {
  it("inserts, skips identical and older snapshots, appends growth, replaces edits", () => {
    using store = openStore({ path: ":memory:" });
    const contents = () =>
      store.db.prepare("SELECT content FROM messages ORDER BY id").pluck().all();
    expect(writeChats(store.db, [{ chat: chat("t", ["a", "b"]), app }])).toEqual({
      chats: 1,
      updated: 0,
      messages: 2,
      skipped: 0,
    });
    expect(writeChats(store.db, [{ chat: chat("t", ["a", "b"]), app }])).toEqual({
      chats: 0,
      updated: 0,
      messages: 0,
      skipped: 1,
    });
    expect(writeChats(store.db, [{ chat: chat("t", ["a", "b", "c"]), app }])).toMatchObject({
      updated: 1,
      messages: 1,
    });
    // A shorter cumulative snapshot of the same session never removes messages.
    expect(writeChats(store.db, [{ chat: chat("t", ["a"]), app }])).toMatchObject({ skipped: 1 });
    expect(contents()).toEqual(["a", "b", "c"]);
    expect(writeChats(store.db, [{ chat: chat("new title", ["a", "b", "c"]), app }])).toMatchObject(
      {
        updated: 1,
        messages: 0,
      },
    );
    expect(writeChats(store.db, [{ chat: chat("new title", ["a", "x"]), app }])).toMatchObject({
      updated: 1,
      messages: 2,
    });
    expect(contents()).toEqual(["a", "x"]);
    expect(store.db.prepare("SELECT title FROM chats").pluck().get()).toBe("new title");
  });

  it("rolls the whole batch back when one chat fails", () => {
    using store = openStore({ path: ":memory:" });
    const bad: ImportedChat = {
      ...chat("t", ["ok"]),
      externalId: "bad",
      messages: [{ ...message("x", 1), role: "tool" as "user" }],
    };
    expect(() =>
      writeChats(store.db, [
        { chat: chat("t", ["ok"]), app },
        { chat: bad, app },
      ]),
    ).toThrow(/CHECK constraint/);
    expect(store.db.prepare("SELECT count(*) FROM chats").pluck().get()).toBe(0);
    expect(store.db.prepare("SELECT count(*) FROM apps").pluck().get()).toBe(0);
  });
});
