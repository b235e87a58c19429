import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createCanaryStore } from "./canary-store.js";
import { createRandom } from "./random.js";
import {
  historyDigest,
  indexDifference,
  indexEqualsProjection,
  openForInspection,
  storeIsIntact,
} from "./store-state.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function canaryFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-store-state-"));
  dirs.push(dir);
  const path = join(dir, "store.db");
  createCanaryStore(path, createRandom(7)).close();
  return path;
}

describe("store-state", () => {
  it("a drained store is intact and its index equals the projection", () => {
    const db = openForInspection(canaryFile());
    expect(storeIsIntact(db)).toBe(true);
    expect(indexDifference(db)).toEqual({
      queued: 0,
      missingRows: 0,
      extraRows: 0,
      wrongColumns: 0,
      wrongTokens: 0,
    });
    db.close();
  });

  it("sees a missing index row, a queued message and changed text", () => {
    const db = openForInspection(canaryFile());
    const [first, second] = db
      .prepare<[], { id: number }>("SELECT id FROM messages ORDER BY id LIMIT 2")
      .all();
    db.prepare("DELETE FROM history_fts WHERE rowid = ?").run(first?.id);
    db.prepare("DELETE FROM history_dirty_messages").run();
    const missing = indexDifference(db);
    expect(missing.missingRows).toBe(1);
    expect(missing.wrongTokens).toBeGreaterThan(0);
    db.prepare("UPDATE messages SET content = 'changed words only' WHERE id = ?").run(second?.id);
    const changed = indexDifference(db);
    // The changed message, and the user turn before it (its projection depends on its reply).
    expect(changed.queued).toBe(2);
    expect(indexEqualsProjection(changed)).toBe(false);
    db.close();
  });

  it("the history digest changes with any message and ignores row ids", () => {
    const db = openForInspection(canaryFile());
    const before = historyDigest(db);
    expect(before.chats).toBe(60);
    db.prepare(
      "UPDATE messages SET content = content || '!' WHERE id = (SELECT min(id) FROM messages)",
    ).run();
    expect(historyDigest(db).sha256).not.toBe(before.sha256);
    db.close();
  });
});
