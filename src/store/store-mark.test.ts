import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { writeDyadFixture } from "../importers/testing/dyad-fixture.js";
import { MIGRATIONS } from "./migrations/index.js";
import { openStore } from "./open-store.js";
import {
  inspectStoreFile,
  MIGRATIONS_TABLE,
  NotAStoreError,
  RECOLLECT_APPLICATION_ID,
} from "./store-mark.js";

const dirs: string[] = [];
function temp(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-mark-"));
  dirs.push(dir);
  return join(dir, name);
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** A store as the code before the mark made it: migrations applied, user_version set, nothing else. */
function writeUnmarkedStore(path: string): void {
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  for (const migration of MIGRATIONS) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  db.prepare("INSERT INTO apps (name, created_at) VALUES ('kept', 1)").run();
  db.close();
}

describe("the store mark", () => {
  it("a new store carries the application id and records every migration", () => {
    using store = openStore({ path: temp("new.db") });
    expect(store.db.pragma("application_id", { simple: true })).toBe(RECOLLECT_APPLICATION_ID);
    const rows = store.db
      .prepare(`SELECT version, name, applied_at FROM ${MIGRATIONS_TABLE} ORDER BY version`)
      .all() as { version: number; name: string; applied_at: number }[];
    expect(rows.map((row) => [row.version, row.name])).toEqual(
      MIGRATIONS.map((migration) => [migration.version, migration.name]),
    );
    expect(rows.every((row) => typeof row.applied_at === "number")).toBe(true);
  });

  it("refuses another SQLite file and a Dyad database, naming the path, bytes unchanged", () => {
    const plain = temp("cache.sqlite");
    const other = new Database(plain);
    other.exec("CREATE TABLE entries (key TEXT PRIMARY KEY, value BLOB)");
    other.close();
    const wal = temp("wal.sqlite");
    const walDb = new Database(wal);
    walDb.pragma("journal_mode = WAL");
    walDb.exec("CREATE TABLE t (x)");
    walDb.close();
    const dyad = temp("sqlite.db");
    writeDyadFixture(dyad, { modern: true });
    for (const path of [plain, wal, dyad]) {
      const before = sha256(path);
      let thrown: unknown;
      try {
        openStore({ path });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(NotAStoreError);
      expect(thrown).toMatchObject({ kind: "precondition", path });
      expect((thrown as Error).message).toContain(`Cannot open the store at ${path}:`);
      expect(sha256(path)).toBe(before);
    }
    // Only the Dyad-shaped file gets the import remedy, run against another store than itself.
    const remedies = (path: string) => {
      try {
        openStore({ path });
      } catch (error) {
        return (error as NotAStoreError).remedies;
      }
      return null;
    };
    expect(remedies(dyad)).toEqual([
      { args: ["import", dyad], purpose: "to import its chats", sameStore: false },
    ]);
    expect(remedies(plain)).toEqual([]);
  });

  it("an empty file and a SQLite file without any schema become new stores", () => {
    const empty = temp("empty.db");
    writeFileSync(empty, "");
    const bare = temp("bare.db");
    new Database(bare).close();
    for (const path of [empty, bare]) {
      using store = openStore({ path });
      expect(store.db.pragma("application_id", { simple: true })).toBe(RECOLLECT_APPLICATION_ID);
    }
  });

  it("a store made before the mark keeps opening, is marked once, and keeps its data", () => {
    const path = temp("old.db");
    writeUnmarkedStore(path);
    {
      using store = openStore({ path });
      expect(store.db.pragma("application_id", { simple: true })).toBe(RECOLLECT_APPLICATION_ID);
      expect(store.db.prepare(`SELECT version, applied_at FROM ${MIGRATIONS_TABLE}`).all()).toEqual(
        MIGRATIONS.map((migration) => ({ version: migration.version, applied_at: null })),
      );
      expect(store.db.prepare("SELECT name FROM apps").pluck().all()).toEqual(["kept"]);
    }
    // A marked, current store is only read on open: the file does not change.
    const before = sha256(path);
    openStore({ path }).close();
    expect(sha256(path)).toBe(before);
  });
});

describe("inspectStoreFile and the store's -wal / -shm files", () => {
  const beside = (path: string) => readdirSync(dirname(path)).sort();

  it("leaves none beside a closed store", () => {
    const path = temp("closed.db");
    openStore({ path }).close();
    expect(beside(path)).toEqual(["closed.db"]);
    expect(inspectStoreFile(path)).toBe("store");
    expect(beside(path)).toEqual(["closed.db"]);
  });

  it("keeps those of a store another connection has open, with its uncheckpointed writes", () => {
    const path = temp("open.db");
    using store = openStore({ path });
    store.db.pragma("wal_autocheckpoint = 0");
    store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('live', 1)").run();
    expect(inspectStoreFile(path)).toBe("store");
    expect(beside(path)).toEqual(["open.db", "open.db-shm", "open.db-wal"]);
    store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('later', 2)").run();
    const names = store.db.prepare("SELECT name FROM apps ORDER BY id").pluck().all();
    expect(names).toEqual(["live", "later"]);
  });
});
