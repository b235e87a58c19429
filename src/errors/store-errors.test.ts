import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { EXIT_CODE_BY_KIND } from "../cli/exit-codes.js";
import { errorResponse } from "../server/error-status.js";
import { isDamagedDatabaseError, StoreBusyError, toRecollectError } from "./recollect-error.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function database(): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-errors-"));
  dirs.push(dir);
  const path = join(dir, "db.sqlite");
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE t (x)");
  db.close();
  return path;
}

/** The error a statement throws, or undefined. */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("store errors from real SQLite", () => {
  it("a write that finds the lock held becomes StoreBusyError: exit 9, HTTP 503", async () => {
    const path = database();
    const holder = new Database(path);
    const waiter = new Database(path);
    waiter.pragma("busy_timeout = 0");
    holder.exec("BEGIN IMMEDIATE");
    const error = toRecollectError(thrownBy(() => waiter.exec("INSERT INTO t VALUES (1)")));
    holder.exec("ROLLBACK");
    holder.close();
    waiter.close();
    expect(error).toBeInstanceOf(StoreBusyError);
    expect(error).toMatchObject({ kind: "store_busy", sqliteCode: "SQLITE_BUSY" });
    expect(EXIT_CODE_BY_KIND[error.kind]).toBe(9);
    const response = errorResponse(error, undefined as never);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { kind: "store_busy", message: error.message },
    });
  });

  it("a write on a read-only connection is a precondition, not an internal error", () => {
    const path = database();
    const reader = new Database(path, { readonly: true });
    const error = toRecollectError(thrownBy(() => reader.exec("INSERT INTO t VALUES (1)")));
    reader.close();
    expect(error.kind).toBe("precondition");
    expect(error.message).toBe(
      "The store is read-only: search, read and explore work, but this needs to write to it. Make the store file and its folder writable.",
    );
  });

  it("a query that reaches a damaged page is a precondition (HTTP 412), not an internal error", async () => {
    const path = database();
    const db = new Database(path);
    db.exec("INSERT INTO t VALUES (1)");
    const { rootpage } = db
      .prepare("SELECT rootpage FROM sqlite_master WHERE name = 't'")
      .get() as {
      rootpage: number;
    };
    const pageSize = Number(db.pragma("page_size", { simple: true }));
    db.close();
    const image = readFileSync(path);
    image.fill(0xa5, (rootpage - 1) * pageSize, rootpage * pageSize);
    writeFileSync(path, image);
    const reader = new Database(path, { readonly: true });
    const error = toRecollectError(thrownBy(() => reader.prepare("SELECT * FROM t").all()));
    reader.close();
    expect(error.kind).toBe("precondition");
    expect(isDamagedDatabaseError(error.cause)).toBe(true);
    expect(errorResponse(error, undefined as never).status).toBe(412);
  });
});
