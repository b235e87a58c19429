import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RecollectError } from "../errors/recollect-error.js";
import { MIGRATIONS } from "./migrations/index.js";
import { openStore } from "./open-store.js";
import { StorePathError } from "./store-path-error.js";

const dirs: string[] = [];
function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-store-"));
  dirs.push(dir);
  return join(dir, "nested", "store.db");
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The store path error `open` throws (the test fails when it throws none, or another error). */
function thrownBy(open: () => unknown): StorePathError {
  try {
    open();
  } catch (error) {
    if (error instanceof StorePathError) return error;
    throw error;
  }
  throw new Error("expected a StorePathError");
}

describe("openStore", () => {
  it("creates parent folders, enables WAL and migrates to the latest version", () => {
    using store = openStore({ path: tempPath() });
    expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(store.db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
  });

  it("is idempotent across reopen and keeps data", () => {
    const path = tempPath();
    {
      using store = openStore({ path });
      store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('a', 1)").run();
    }
    using again = openStore({ path });
    expect(again.db.prepare("SELECT name FROM apps").pluck().all()).toEqual(["a"]);
  });

  it("refuses a store written by a newer schema, classified as precondition", () => {
    const path = tempPath();
    {
      using store = openStore({ path });
      store.db.pragma("user_version = 999");
    }
    try {
      openStore({ path });
      expect.unreachable("openStore should have thrown");
    } catch (error) {
      expect(RecollectError.isInstance(error) && error.kind).toBe("precondition");
    }
  });

  it("rejects a role outside user|assistant and cascades chat deletion to messages", () => {
    using store = openStore({ path: ":memory:" });
    const { db } = store;
    db.prepare("INSERT INTO apps (id, name, created_at) VALUES (1, 'a', 1)").run();
    db.prepare(
      "INSERT INTO chats (id, app_id, created_at, source, external_id) VALUES (1, 1, 1, 't', 'x')",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO messages (chat_id, role, content, created_at) VALUES (1, 'tool', '', 1)",
        )
        .run(),
    ).toThrow(/CHECK constraint/);
    db.prepare(
      "INSERT INTO messages (chat_id, role, content, created_at) VALUES (1, 'user', 'hi', 1)",
    ).run();
    db.prepare("DELETE FROM chats WHERE id = 1").run();
    expect(db.prepare("SELECT count(*) FROM messages").pluck().get()).toBe(0);
  });
});

describe("openStore on unusable files", () => {
  it("refuses a file that is not a database as not a store, naming the path, and leaves it as it was", () => {
    const path = tempPath();
    mkdirSync(dirname(path), { recursive: true });
    const text = "this is a text file, not SQLite ".repeat(200);
    writeFileSync(path, text);
    expect(() => openStore({ path })).toThrow(
      expect.objectContaining({
        name: "NotAStoreError",
        kind: "precondition",
        path,
        holds: "not-sqlite",
      }),
    );
    expect(readFileSync(path, "utf8")).toBe(text);
  });

  it.skipIf(!existsSync("/proc/version"))(
    "refuses a /proc file, which reports 0 bytes yet has content, as not a store",
    () => {
      const before = readFileSync("/proc/version", "utf8");
      expect(statSync("/proc/version").size).toBe(0);
      expect(() => openStore({ path: "/proc/version" })).toThrow(
        expect.objectContaining({ name: "NotAStoreError", holds: "not-sqlite" }),
      );
      expect(readFileSync("/proc/version", "utf8")).toBe(before);
    },
  );

  it("refuses a store whose pages are corrupt, leaving it byte-identical and no WAL files beside it", () => {
    const path = tempPath();
    {
      using store = openStore({ path });
      store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('a', 1)").run();
    }
    // Keep SQLite's 100-byte header (so it is still taken for a database), wreck the schema page.
    const bytes = readFileSync(path);
    bytes.fill(0xff, 100, 4096);
    writeFileSync(path, bytes);
    expect(() => openStore({ path })).toThrow(expect.objectContaining({ kind: "precondition" }));
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
  });

  it("refuses a directory and a FIFO as a store path at once, leaving both as they were", () => {
    const path = tempPath();
    mkdirSync(path, { recursive: true });
    const advice = "Give --db a store file path, e.g. /path/to/recollect.db.";
    expect(() => openStore({ path })).toThrow(
      expect.objectContaining({
        kind: "precondition",
        argument: "--db",
        path,
        holds: "directory",
        message: `Cannot open the store at ${path}: it is a directory. ${advice}`,
      }),
    );
    const fifo = join(dirname(path), "pipe.db");
    execFileSync("mkfifo", [fifo]);
    // Opening a FIFO for reading blocks until a writer comes; the check must never get that far.
    expect(() => openStore({ path: fifo })).toThrow(
      expect.objectContaining({
        kind: "precondition",
        argument: "--db",
        holds: "not_regular_file",
        message: `Cannot open the store at ${fifo}: it is not a regular file. ${advice}`,
      }),
    );
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(statSync(path).isDirectory()).toBe(true);
  });

  it("names where the path came from in every path error: RECOLLECT_DB, or the default path", () => {
    const path = tempPath();
    mkdirSync(path, { recursive: true });
    const notes = join(dirname(path), "notes.txt");
    writeFileSync(notes, "meeting notes\n");
    const cases = [
      { path, origin: "RECOLLECT_DB", name: "StorePathNotAFileError" },
      { path: notes, origin: "RECOLLECT_DB", name: "NotAStoreError" },
      { path: join(notes, "store.db"), origin: "RECOLLECT_DB", name: "StoreNotCreatableError" },
      { path, origin: "default", name: "StorePathNotAFileError" },
    ] as const;
    for (const { path: at, origin, name } of cases) {
      const error = thrownBy(() => openStore({ path: at, origin }));
      expect({ name: error.name, kind: error.kind, argument: error.argument }).toEqual({
        name,
        kind: "precondition",
        argument: origin,
      });
      expect(error.message).toContain(
        origin === "default"
          ? "It is the default store path; give --db or set RECOLLECT_DB"
          : "Set RECOLLECT_DB to",
      );
      expect(error.message).not.toContain("--db path");
    }
    expect(readFileSync(notes, "utf8")).toBe("meeting notes\n");
  });
});
