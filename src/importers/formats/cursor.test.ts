import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { openStore } from "../../store/open-store.js";
import { readDetectionHead } from "../detection-head.js";
import { detectFormatModule } from "../format-registry.js";
import { importPaths } from "../import-paths.js";
import {
  CURSOR_COMPOSERS,
  CURSOR_START_MS,
  writeCursorProfile,
} from "../testing/cursor-fixture.js";
import { createTempDirs } from "../testing/temp-dir.js";
import { readCursorDatabase } from "./cursor.js";

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const profile = () => {
  const dir = temp.make();
  return writeCursorProfile(join(dir, "Cursor", "User"), "/home/dana/code/shop");
};

describe("readCursorDatabase", () => {
  it("reads each composer with text as a chat, in bubble order, with its workspace folder", () => {
    const path = profile();
    const chats = readCursorDatabase(path);
    expect(
      chats.map((chat) => ({
        id: chat.externalId,
        title: chat.title,
        createdAtMs: chat.createdAtMs,
        appHint: chat.appHint,
        messages: chat.messages.map((m) => [m.role, m.content]),
      })),
    ).toEqual([
      {
        id: CURSOR_COMPOSERS.headers,
        title: "Flaky checkout test",
        createdAtMs: CURSOR_START_MS,
        appHint: { name: "shop", path: "/home/dana/code/shop", origin: "cwd" },
        messages: [
          ["user", "Why does the checkout test flake?"],
          ["assistant", "The test shares a clock with the cart test; reset it in beforeEach."],
          ["user", "Do that."],
        ],
      },
      {
        id: CURSOR_COMPOSERS.inline,
        title: "Rename the cart module to basket",
        createdAtMs: CURSOR_START_MS + 86_400_000,
        appHint: null,
        messages: [
          ["user", "Rename the cart module to basket"],
          ["assistant", "Renamed; 14 imports updated."],
        ],
      },
    ]);
    expect(chats[0]!.messages.map((m) => new Date(m.createdAtMs).toISOString())).toEqual([
      "2026-03-03T08:00:05.000Z",
      "2026-03-03T08:00:30.000Z",
      "2026-03-03T08:01:00.000Z",
    ]);
  });

  it("never writes to the database it reads", () => {
    const path = profile();
    const before = [readFileSync(path), statSync(path).mtimeMs];
    readCursorDatabase(path);
    using store = openStore({ path: ":memory:" });
    importPaths({ store, paths: [path] });
    expect([readFileSync(path), statSync(path).mtimeMs]).toEqual(before);
  });

  it("is recognized by its table; a value that is not Cursor's JSON is a classified error", () => {
    const path = profile();
    expect(detectFormatModule(readDetectionHead(path))?.format).toBe("cursor");
    const db = new Database(path);
    db.prepare("UPDATE cursorDiskKV SET value = ? WHERE key = ?").run(
      "{not json",
      `bubbleId:${CURSOR_COMPOSERS.headers}:b4`,
    );
    db.close();
    expect(() => readCursorDatabase(path)).toThrow(
      new ImportFormatError(
        path,
        undefined,
        `cursorDiskKV value of bubbleId:${CURSOR_COMPOSERS.headers}:b4 is not the JSON Cursor writes`,
      ),
    );
  });

  it("rejects a cursorDiskKV table of another shape and a file that is not SQLite", () => {
    const dir = temp.make();
    const odd = join(dir, "state.vscdb");
    const db = new Database(odd);
    db.exec("CREATE TABLE cursorDiskKV (k TEXT, v TEXT)");
    db.close();
    expect(() => readCursorDatabase(odd)).toThrow(
      "SQLite database without Cursor's cursorDiskKV(key, value) table",
    );
    const text = join(dir, "notes.vscdb");
    writeFileSync(text, "hello");
    expect(() => readCursorDatabase(text)).toThrow(ImportFormatError);
  });

  it("imports through the registry: two chats, the first in its workspace's app", () => {
    const path = profile();
    using store = openStore({ path: ":memory:" });
    const report = importPaths({ store, paths: [path] });
    expect(report.formats).toEqual([
      {
        format: "cursor",
        files: 1,
        chats: 2,
        updated: 0,
        messages: 5,
        skipped: 0,
        messagesRemoved: 0,
      },
    ]);
    expect(store.db.prepare("SELECT name FROM apps ORDER BY name").pluck().all()).toEqual([
      "globalStorage",
      "shop",
    ]);
  });
});

describe("an explicit SQLite file of no known shape", () => {
  it("is a classified failure naming the shapes that are known", () => {
    const path = join(temp.make(), "cache.sqlite");
    const db = new Database(path);
    db.exec("CREATE TABLE entries (key TEXT, value BLOB)");
    db.close();
    using store = openStore({ path: ":memory:" });
    const report = importPaths({ store, paths: [path] });
    expect(report.failures.map(({ file, reason }) => [file, reason])).toEqual([
      [
        path,
        "a SQLite database of no known chat history shape (Dyad needs apps/chats/messages tables, Cursor a cursorDiskKV table; see docs/IMPORT-FORMATS.md)",
      ],
    ]);
    expect(report.failures[0]!.error).toBeInstanceOf(ImportFormatError);
  });
});
