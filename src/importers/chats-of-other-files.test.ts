/**
 * The append-only rule for generic JSONL chats another file holds (`chats-of-other-files.ts`),
 * through `writeChats` on a real SQLite store: a file continuing such a chat takes it over, an
 * older copy leaves it, one changing a stored message is refused whole.
 */
import { describe, expect, it } from "vitest";
import { ChatKeyInAnotherFileError } from "../errors/chat-key-in-another-file-error.js";
import { ChatsInAnotherAppError } from "../errors/recollect-error.js";
import type { StoredImportMessage } from "../store/catalog/chat-writes.js";
import { openStore } from "../store/open-store.js";
import { relateToStored } from "./chats-of-other-files.js";
import type { ImportedChat, ImportedMessage } from "./imported-chat.js";
import { writeChats } from "./write-chats.js";

const app = { name: "shop", path: null };
const messages = (contents: readonly string[]): ImportedMessage[] =>
  contents.map((content, index) => ({
    role: "user",
    content,
    createdAtMs: 1000 + index,
    aiMessagesJson: null,
    isCompactionSummary: false,
  }));
const keyed = (title: string, contents: readonly string[], externalId = '["shop","c1"]') =>
  ({
    source: "jsonl",
    externalId,
    title,
    createdAtMs: 1000,
    appHint: null,
    messages: messages(contents),
  }) satisfies ImportedChat;

describe("relateToStored", () => {
  const stored = (contents: readonly string[]): StoredImportMessage[] =>
    messages(contents).map(({ role, content }, index) => ({
      id: index + 1,
      role,
      content,
      created_at: 1,
      ai_messages_json: null,
      is_compaction_summary: 0,
    }));
  it("compares role and text in order: continues, older, or the 1-based message that differs", () => {
    const ab = stored(["a", "b"]);
    expect(relateToStored(ab, messages(["a", "b"]))).toEqual({ kind: "continues" });
    expect(relateToStored(ab, messages(["a", "b", "c"]))).toEqual({ kind: "continues" });
    expect(relateToStored(ab, messages(["a"]))).toEqual({ kind: "older" });
    expect(relateToStored(ab, messages(["a", "B", "c"]))).toEqual({
      kind: "differs",
      differsAtMessage: 2,
    });
    expect(relateToStored(ab, messages(["b"]))).toEqual({ kind: "differs", differsAtMessage: 1 });
    const [first] = messages(["a"]);
    expect(relateToStored(ab, [{ ...first!, role: "assistant" }])).toEqual({
      kind: "differs",
      differsAtMessage: 1,
    });
  });
});

describe("writeChats with store-wide keys (keyScope store, generic JSONL)", () => {
  type Db = ReturnType<typeof openStore>["db"];
  const write = (db: Db, file: string, chats: readonly ImportedChat[]) =>
    writeChats(
      db,
      chats.map((one) => ({ chat: one, app, sourceFile: file, keyScope: "store" as const })),
    );
  const rows = (db: Db) =>
    db
      .prepare(
        `SELECT c.title, c.source_file AS file, group_concat(m.content) AS messages FROM chats c
           JOIN messages m ON m.chat_id = c.id GROUP BY c.id ORDER BY c.id`,
      )
      .all();

  it("refuses a second file changing a stored key's messages, writing nothing of it and keeping the first", () => {
    using store = openStore({ path: ":memory:" });
    write(store.db, "/h/a.jsonl", [
      keyed("Payments", ["stripe"]),
      keyed("Refunds", ["later"], '["shop","c2"]'),
    ]);
    let thrown: unknown;
    try {
      write(store.db, "/h/b.jsonl", [
        keyed("Fresh", ["new"], '["shop","c9"]'),
        keyed("Shipping", ["dhl"]),
        keyed("Other", ["x"], '["blog","c1"]'),
        keyed("Returns", ["y"], '["shop","c2"]'),
      ]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ChatKeyInAnotherFileError);
    const error = thrown as ChatKeyInAnotherFileError;
    expect([
      error.kind,
      error.argument,
      error.file,
      error.chatKey,
      error.heldBy,
      error.chats,
      error.differsAtMessage,
      error.storedMessages,
      error.fileMessages,
    ]).toEqual(["invalid_input", "paths", "/h/b.jsonl", ["shop", "c1"], "/h/a.jsonl", 2, 1, 1, 1]);
    expect(error.remedies.map((remedy) => remedy.args)).toEqual([["import", "/h/a.jsonl"]]);
    expect(rows(store.db)).toEqual([
      { title: "Payments", file: "/h/a.jsonl", messages: "stripe" },
      { title: "Refunds", file: "/h/a.jsonl", messages: "later" },
    ]);
  });

  it("the holding file imported again is idempotent, and its growth is appended", () => {
    using store = openStore({ path: ":memory:" });
    write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe"])]);
    expect(write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe"])])).toMatchObject({
      skipped: 1,
    });
    expect(write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe", "vat"])])).toMatchObject({
      updated: 1,
      messages: 1,
    });
    expect(rows(store.db)).toEqual([
      { title: "Payments", file: "/h/a.jsonl", messages: "stripe,vat" },
    ]);
  });

  it("another file continuing a chat takes it over: its new messages and title, then its own growth", () => {
    using store = openStore({ path: ":memory:" });
    write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe", "vat"])]);
    const grown = keyed("Payments (EU)", ["stripe", "vat", "oss"]);
    expect(write(store.db, "/h/b.jsonl", [grown])).toMatchObject({ updated: 1, messages: 1 });
    expect(rows(store.db)).toEqual([
      { title: "Payments (EU)", file: "/h/b.jsonl", messages: "stripe,vat,oss" },
    ]);
    expect(write(store.db, "/h/b.jsonl", [grown])).toMatchObject({ skipped: 1 });
    const more = keyed("Payments (EU)", ["stripe", "vat", "oss", "done"]);
    expect(write(store.db, "/h/b.jsonl", [more])).toMatchObject({ updated: 1, messages: 1 });
    // The first file is now an older copy: unchanged, and the chat stays with the second.
    expect(write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe", "vat"])])).toMatchObject({
      skipped: 1,
    });
    expect(rows(store.db)).toEqual([
      { title: "Payments (EU)", file: "/h/b.jsonl", messages: "stripe,vat,oss,done" },
    ]);
  });

  it("the same messages under another path are unchanged and move the chat there", () => {
    using store = openStore({ path: ":memory:" });
    write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe"])]);
    const moved = { ...keyed("Payments", ["stripe"]), title: null };
    expect(write(store.db, "/h/b.jsonl", [moved])).toMatchObject({ updated: 0, skipped: 1 });
    expect(rows(store.db)).toEqual([{ title: "Payments", file: "/h/b.jsonl", messages: "stripe" }]);
    expect(write(store.db, "/h/b.jsonl", [moved])).toMatchObject({ skipped: 1 });
  });

  it("a continuing file's other times replace the stored ones, the text staying", () => {
    using store = openStore({ path: ":memory:" });
    write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe"])]);
    const later = keyed("Payments", ["stripe", "vat"]);
    const retimed = {
      ...later,
      messages: later.messages.map((one) => ({ ...one, createdAtMs: 9 })),
    };
    expect(write(store.db, "/h/b.jsonl", [retimed])).toMatchObject({ updated: 1, messages: 2 });
    expect(store.db.prepare("SELECT content, created_at FROM messages").raw().all()).toEqual([
      ["stripe", 9],
      ["vat", 9],
    ]);
  });

  it("refuses a file that would drop stored messages, naming where it parts from them", () => {
    using store = openStore({ path: ":memory:" });
    write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe", "vat", "oss"])]);
    let thrown: unknown;
    try {
      write(store.db, "/h/b.jsonl", [keyed("Payments", ["stripe", "paddle"])]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ChatKeyInAnotherFileError);
    expect(thrown).toMatchObject({ differsAtMessage: 2, storedMessages: 3, fileMessages: 2 });
    expect(rows(store.db)).toEqual([
      { title: "Payments", file: "/h/a.jsonl", messages: "stripe,vat,oss" },
    ]);
  });

  it("a continuing file with --app naming another app is refused and takes nothing over", () => {
    using store = openStore({ path: ":memory:" });
    write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe"])]);
    const grown = { chat: keyed("Payments", ["stripe", "vat"]), sourceFile: "/h/b.jsonl" };
    const toBeta = { ...grown, app: { name: "Beta", path: null }, keyScope: "store" as const };
    expect(() =>
      writeChats(store.db, [toBeta], { namedApp: { name: "Beta", file: "/h/b.jsonl" } }),
    ).toThrow(ChatsInAnotherAppError);
    expect(rows(store.db)).toEqual([{ title: "Payments", file: "/h/a.jsonl", messages: "stripe" }]);
  });

  it("a chat stored before files were recorded is claimed by the first file; another is refused", () => {
    using store = openStore({ path: ":memory:" });
    writeChats(store.db, [{ chat: keyed("Payments", ["stripe"]), app }]);
    expect(write(store.db, "/h/a.jsonl", [keyed("Payments", ["stripe"])])).toMatchObject({
      skipped: 1,
    });
    expect(() => write(store.db, "/h/b.jsonl", [keyed("Shipping", ["dhl"])])).toThrow(
      ChatKeyInAnotherFileError,
    );
    expect(rows(store.db)).toEqual([{ title: "Payments", file: "/h/a.jsonl", messages: "stripe" }]);
  });
});
