/**
 * `messagesRemoved`: the stored messages a write deletes that the source no longer holds, on a
 * real SQLite store through `writeChats` (each mode) and `importPaths` (a generic JSONL file
 * edited between two imports). A message deleted only to be written again with the same role
 * and text is not counted.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import { importPaths } from "./import-paths.js";
import type { ImportedChat } from "./imported-chat.js";
import { createTempDirs } from "./testing/temp-dir.js";
import { type WriteMode, writeChats } from "./write-chats.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

/** A chat of alternating user/assistant messages, `at` ms apart from 1000 on. */
const chat = (contents: readonly string[], at = 1): ImportedChat => ({
  source: "claude-code",
  externalId: "session-1",
  title: "t",
  createdAtMs: 1000,
  appHint: null,
  messages: contents.map((content, index) => ({
    role: index % 2 === 0 ? "user" : "assistant",
    content,
    createdAtMs: 1000 + index * at,
    aiMessagesJson: null,
    isCompactionSummary: false,
  })),
});
const app = { name: "app", path: null };

type Store = ReturnType<typeof openStore>;
const write = (store: Store, messages: ImportedChat, mode: WriteMode = "merge") => {
  const { chatIds: _ids, ...counts } = writeChats(store.db, [
    { chat: messages, app, sourceFile: "/h/s.jsonl", mode },
  ]);
  return counts;
};
const contents = (store: Store) =>
  store.db.prepare("SELECT content FROM messages ORDER BY id").pluck().all();

describe("writeChats counts the stored messages a write removes", () => {
  it("merge: an edit dropping two messages removes 2; growth and a re-import remove none", () => {
    using store = openStore({ path: ":memory:" });
    write(store, chat(["a", "b", "c", "d"]));
    expect(write(store, chat(["a", "b", "X"]))).toEqual({
      chats: 0,
      updated: 1,
      messages: 1,
      skipped: 0,
      messagesRemoved: 2,
    });
    expect(contents(store)).toEqual(["a", "b", "X"]);
    expect(write(store, chat(["a", "b", "X", "e"]))).toMatchObject({
      messages: 1,
      messagesRemoved: 0,
    });
    expect(write(store, chat(["a", "b", "X", "e"]))).toMatchObject({
      skipped: 1,
      messagesRemoved: 0,
    });
    // An older, shorter snapshot is skipped: it removes nothing.
    expect(write(store, chat(["a"]))).toMatchObject({ skipped: 1, messagesRemoved: 0 });
    expect(contents(store)).toEqual(["a", "b", "X", "e"]);
  });

  it("merge: an edited message counts (its text is gone), one rewritten unchanged does not", () => {
    using store = openStore({ path: ":memory:" });
    write(store, chat(["a", "b", "c", "d"]));
    // b → B and c, d dropped: 3 stored messages are no longer in the store.
    expect(write(store, chat(["a", "B"]))).toMatchObject({ messages: 1, messagesRemoved: 3 });
    write(store, chat(["a", "B", "c", "d"]));
    // Other times: every row after the first is rewritten, but no text is lost.
    expect(write(store, chat(["a", "B", "c", "d"], 7))).toMatchObject({
      updated: 1,
      messages: 3,
      messagesRemoved: 0,
    });
    // Dropping a middle pair moves the rest up: only the pair is removed.
    expect(write(store, chat(["a", "d"], 7))).toMatchObject({ messages: 1, messagesRemoved: 2 });
    expect(contents(store)).toEqual(["a", "d"]);
  });

  it("exact and tail modes count what they remove", () => {
    using store = openStore({ path: ":memory:" });
    write(store, chat(["a", "b", "c", "d"]));
    expect(write(store, chat(["a", "b"]), "exact")).toMatchObject({
      messages: 0,
      messagesRemoved: 2,
    });
    // The tail re-read from "a" now answers differently: the stored answer is replaced.
    expect(write(store, chat(["a", "other"]), "tail")).toMatchObject({
      messages: 1,
      messagesRemoved: 1,
    });
    expect(write(store, chat(["a", "other", "e"]), "tail")).toMatchObject({
      messages: 1,
      messagesRemoved: 0,
    });
    expect(contents(store)).toEqual(["a", "other", "e"]);
  });

  it("tail: a tail that starts far back in a long chat is matched there, as near its end", () => {
    using store = openStore({ path: ":memory:" });
    const long = Array.from({ length: 200 }, (_, index) => `m${index}`);
    write(store, chat(long));
    // Starts at m20: 180 messages before the end, outside the end the tail is first looked for.
    expect(write(store, chat([...long.slice(20, 22), "new"]), "tail")).toMatchObject({
      messages: 1,
      messagesRemoved: 178,
    });
    expect(contents(store)).toEqual([...long.slice(0, 22), "new"]);
    // Starts at the last stored message: only what follows it is written.
    expect(write(store, chat(["new", "newer"]), "tail")).toMatchObject({
      messages: 1,
      messagesRemoved: 0,
    });
    expect(contents(store)).toEqual([...long.slice(0, 22), "new", "newer"]);
  });
});

describe("importPaths reports the messages an edited file's import removed", () => {
  /** One generic JSONL line of app `shop`, chat `c1`. */
  const line = (role: string, content: string, at: number) =>
    JSON.stringify({ app: "shop", chat: "c1", role, content, created_at: at });
  const exportOf = (...messages: readonly string[]) =>
    `${messages.map((content, index) => line(index % 2 === 0 ? "user" : "assistant", content, 1_772_359_200_000 + index)).join("\n")}\n`;

  it("per file, per format and in the totals; 0 for growth and for an unchanged re-import", () => {
    using store = openStore({ path: ":memory:" });
    const file = join(temp.make(), "export.jsonl");
    writeFileSync(file, exportOf("Stripe or Paddle?", "Stripe.", "And VAT?", "OSS."));
    expect(importPaths({ store, paths: [file] }).totals.messagesRemoved).toBe(0);

    writeFileSync(file, exportOf("Stripe or Paddle?", "Paddle."));
    const edited = importPaths({ store, paths: [file] });
    const counts = { chats: 0, updated: 1, messages: 1, skipped: 0, messagesRemoved: 3 };
    expect([edited.files, edited.formats, edited.totals]).toEqual([
      [{ file, format: "jsonl", encoding: "utf-8", tornLine: null, ...counts }],
      [{ format: "jsonl", files: 1, ...counts }],
      { files: 1, ...counts },
    ]);

    writeFileSync(file, exportOf("Stripe or Paddle?", "Paddle.", "Why?"));
    expect(importPaths({ store, paths: [file] }).totals).toMatchObject({
      updated: 1,
      messages: 1,
      messagesRemoved: 0,
    });
    expect(importPaths({ store, paths: [file] }).totals).toMatchObject({
      skipped: 1,
      messagesRemoved: 0,
    });
  });
});
