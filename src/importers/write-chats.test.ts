import { describe, expect, it } from "vitest";
import { ChatsInAnotherAppError } from "../errors/recollect-error.js";
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
      chatIds: [1],
      chats: 1,
      updated: 0,
      messages: 2,
      skipped: 0,
      messagesRemoved: 0,
    });
    expect(writeChats(store.db, [{ chat: chat("t", ["a", "b"]), app }])).toEqual({
      chatIds: [1],
      chats: 0,
      updated: 0,
      messages: 0,
      skipped: 1,
      messagesRemoved: 0,
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
    // An edit keeps the common prefix's rows and replaces what follows.
    expect(writeChats(store.db, [{ chat: chat("new title", ["a", "x"]), app }])).toMatchObject({
      updated: 1,
      messages: 1,
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

describe("writeChats identity and apps", () => {
  const root = (path: string) => ({
    name: path.split("/").at(-1)!,
    path,
    origin: "root" as const,
  });
  const appsAndChats = (db: import("better-sqlite3").Database) =>
    db
      .prepare(
        `SELECT a.name, c.source_file AS file, count(m.id) AS messages FROM chats c
           JOIN apps a ON a.id = c.app_id LEFT JOIN messages m ON m.chat_id = c.id
          GROUP BY c.id ORDER BY c.id`,
      )
      .all();

  it("the same session id in two files of two projects is two chats in two apps", () => {
    using store = openStore({ path: ":memory:" });
    writeChats(store.db, [
      { chat: chat("t", ["a", "b"]), app: root("/code/shop"), sourceFile: "/p1/session-1.jsonl" },
    ]);
    writeChats(store.db, [
      { chat: chat("t", ["c"]), app: root("/code/blog"), sourceFile: "/p2/session-1.jsonl" },
    ]);
    expect(appsAndChats(store.db)).toEqual([
      { name: "shop", file: "/p1/session-1.jsonl", messages: 2 },
      { name: "blog", file: "/p2/session-1.jsonl", messages: 1 },
    ]);
  });

  it("two roots sharing a folder name get two apps; each records its root", () => {
    using store = openStore({ path: ":memory:" });
    writeChats(store.db, [
      { chat: chat("t", ["a"]), app: root("/work/api"), sourceFile: "/f1" },
      { chat: chat("t", ["b"]), app: root("/personal/api"), sourceFile: "/f2" },
      { chat: chat("t", ["c"]), app: root("/work/api"), sourceFile: "/f3" },
    ]);
    expect(appsAndChats(store.db).map((row) => (row as { name: string }).name)).toEqual([
      "api",
      "api-2",
      "api",
    ]);
    expect(
      store.db
        .prepare(
          "SELECT a.name, r.path FROM app_roots r JOIN apps a ON a.id = r.app_id ORDER BY a.id",
        )
        .all(),
    ).toEqual([
      { name: "api", path: "/work/api" },
      { name: "api-2", path: "/personal/api" },
    ]);
  });

  it("a named app never records a folder that is already another app's root (apps.path is one of its roots)", () => {
    using store = openStore({ path: ":memory:" });
    writeChats(store.db, [
      { chat: chat("t", ["a"]), app: root("/code/shop"), sourceFile: "/f1" },
      { chat: chat("t", ["b"]), app: { name: "mixed", path: "/code/shop" }, sourceFile: "/f2" },
      { chat: chat("t", ["c"]), app: { name: "mixed", path: "/code/tools" }, sourceFile: "/f3" },
    ]);
    const rows = (sql: string) => store.db.prepare(sql).all();
    expect(rows("SELECT name, path FROM apps ORDER BY id")).toEqual([
      { name: "shop", path: "/code/shop" },
      { name: "mixed", path: "/code/tools" },
    ]);
    expect(
      rows("SELECT a.name, r.path FROM app_roots r JOIN apps a ON a.id = r.app_id ORDER BY r.path"),
    ).toEqual([
      { name: "shop", path: "/code/shop" },
      { name: "mixed", path: "/code/tools" },
    ]);
  });

  it("a chat stored before files were recorded is claimed by its file, not duplicated", () => {
    using store = openStore({ path: ":memory:" });
    writeChats(store.db, [{ chat: chat("t", ["a"]), app }]);
    expect(
      writeChats(store.db, [
        { chat: chat("t", ["a", "b"]), app, sourceFile: "/p/session-1.jsonl" },
      ]),
    ).toMatchObject({ chats: 0, updated: 1, messages: 1 });
    expect(appsAndChats(store.db)).toEqual([
      { name: "app", file: "/p/session-1.jsonl", messages: 2 },
    ]);
  });

  it("exact mode makes a shorter rewrite stick; tail mode aligns on the last equal message", () => {
    using store = openStore({ path: ":memory:" });
    const sourceFile = "/p/s.jsonl";
    const ids = () => store.db.prepare("SELECT id FROM messages ORDER BY id").pluck().all();
    writeChats(store.db, [{ chat: chat("t", ["a", "b", "c"]), app, sourceFile }]);
    writeChats(store.db, [{ chat: chat("t", ["a"]), app, sourceFile, mode: "exact" }]);
    expect(contents(store)).toEqual(["a"]);
    writeChats(store.db, [{ chat: chat("t", ["a", "b"]), app, sourceFile }]);
    const before = ids();
    // The tail re-read from "b" (its turn's start) brings one new message: one row inserted.
    expect(
      writeChats(store.db, [{ chat: chat("other", ["b", "c"]), app, sourceFile, mode: "tail" }]),
    ).toMatchObject({ updated: 1, messages: 1 });
    expect(contents(store)).toEqual(["a", "b", "c"]);
    expect(ids().slice(0, 2)).toEqual(before);
    expect(store.db.prepare("SELECT title FROM chats").pluck().get()).toBe("t");
    // Nothing new: nothing written. A first message never stored: appended.
    expect(
      writeChats(store.db, [{ chat: chat("t", ["b", "c"]), app, sourceFile, mode: "tail" }]),
    ).toMatchObject({ skipped: 1, messages: 0 });
    writeChats(store.db, [{ chat: chat("t", ["d"]), app, sourceFile, mode: "tail" }]);
    expect(contents(store)).toEqual(["a", "b", "c", "d"]);
  });
});

describe("writeChats with a named app (--app)", () => {
  const named = (name: string) => ({ namedApp: { name, file: "/h/session.jsonl" } });
  const other = { ...chat("t", ["x"]), externalId: "session-2" };

  it("refuses the whole write when a chat is stored under another app, naming that app", () => {
    using store = openStore({ path: ":memory:" });
    const alpha = { name: "Alpha", path: null };
    writeChats(store.db, [{ chat: chat("t", ["a"]), app: alpha }], named("Alpha"));
    const beta = { name: "Beta", path: null };
    let thrown: unknown;
    try {
      writeChats(
        store.db,
        [
          { chat: other, app: beta },
          { chat: chat("t", ["a", "b"]), app: beta },
        ],
        named("Beta"),
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ChatsInAnotherAppError);
    const error = thrown as ChatsInAnotherAppError;
    expect([
      error.kind,
      error.argument,
      error.file,
      error.appName,
      error.heldBy,
      error.chats,
    ]).toEqual(["invalid_input", "--app", "/h/session.jsonl", "Beta", ["Alpha"], 1]);
    expect(error.remedies.map((remedy) => remedy.args)).toEqual([
      ["import", "/h/session.jsonl", "--app", "Alpha"],
    ]);
    // Nothing written: no new chat, no appended message, no app "Beta".
    expect(store.db.prepare("SELECT name FROM apps ORDER BY id").pluck().all()).toEqual(["Alpha"]);
    expect(contents(store)).toEqual(["a"]);
  });

  it("writes as before when the named app is the one holding the chats (any case)", () => {
    using store = openStore({ path: ":memory:" });
    writeChats(store.db, [{ chat: chat("t", ["a"]), app: { name: "Alpha", path: null } }]);
    const result = writeChats(
      store.db,
      [{ chat: chat("t", ["a", "b"]), app: { name: "alpha", path: null } }],
      named("alpha"),
    );
    expect(result).toMatchObject({ chats: 0, updated: 1, messages: 1 });
    expect(contents(store)).toEqual(["a", "b"]);
  });
});

function contents(store: ReturnType<typeof openStore>): unknown[] {
  return store.db.prepare("SELECT content FROM messages ORDER BY id").pluck().all();
}
