import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { PROJECTION_VERSION } from "../projection/projection-version.js";
import { searchChats } from "../search/search-chats.js";
import { createHistoryFixture } from "../testing/history-fixture.js";
import { createIndexer } from "./create-indexer.js";
import { PROJECTION_VERSION_KEY } from "./index-queue.js";
import { readTermStats } from "./term-stats.js";

function ftsRow(fixture: { store: { db: import("better-sqlite3").Database } }, id: number) {
  return fixture.store.db
    .prepare(
      "SELECT rowid, app_id, chat_id, role, is_compaction_summary FROM history_fts WHERE rowid = ?",
    )
    .get(id);
}

function queued(fixture: { store: { db: import("better-sqlite3").Database } }): number[] {
  return fixture.store.db
    .prepare("SELECT message_id FROM history_dirty_messages ORDER BY message_id")
    .pluck()
    .all() as number[];
}

describe("createIndexer", () => {
  it("queues inserts by trigger, drains them in batches, and search finds them", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Deploy plan");
    const ids = [1, 2, 3, 4, 5].map((n) => fixture.message(chat, "user", `deploy step ${n}`));
    expect(queued(fixture)).toEqual(ids);
    await using indexer = createIndexer({ store: fixture.store, batchSize: 2, pollIntervalMs: 0 });
    expect(indexer.pendingCount(app)).toBe(5);
    expect(indexer.drainOnce()).toBe(2);
    expect(queued(fixture)).toEqual([1, 2, 3]);
    expect(await indexer.drainAll()).toBe(3);
    expect(queued(fixture)).toEqual([]);
    expect(ftsRow(fixture, 3)).toEqual({
      rowid: 3,
      app_id: app,
      chat_id: chat,
      role: "user",
      is_compaction_summary: 0,
    });
    const result = await searchChats(
      { store: fixture.store, appId: app, currentChatId: null, currentMessageId: null },
      { query: "deploy" },
    );
    expect(result.index_status).toBe("ready");
    expect(result.chats.map((hit) => hit.matches.length)).toEqual([2]);
  });

  it("re-indexes every row after a projection-version bump", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "t");
    const ids = [
      fixture.message(chat, "user", "tulip"),
      fixture.message(chat, "assistant", "rose"),
    ];
    await using indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    expect(indexer.repair()).toEqual({
      projectionVersionChanged: true,
      orphansRemoved: 0,
      missingQueued: 0,
    });
    await indexer.drainAll();
    const meta = fixture.store.db.prepare("SELECT value FROM history_meta WHERE key = ?").pluck();
    expect(meta.get(PROJECTION_VERSION_KEY)).toBe(String(PROJECTION_VERSION));
    expect(indexer.repair()).toEqual({
      projectionVersionChanged: false,
      orphansRemoved: 0,
      missingQueued: 0,
    });

    // Rows built by an older projection: stale text, older version recorded.
    const stale = fixture.store.db.prepare(
      `REPLACE INTO history_fts (rowid, title, body, cjk, scope, app_id, chat_id, role, created_at,
         is_compaction_summary, projection_truncated)
       VALUES (?, '', 'obsolete', '', ?, ?, ?, 'user', 0, 0, 0)`,
    );
    for (const id of ids) stale.run(id, `app${app} chat${chat}`, app, chat);
    fixture.store.db
      .prepare("UPDATE history_meta SET value = '0' WHERE key = ?")
      .run(PROJECTION_VERSION_KEY);
    const ctx = { store: fixture.store, appId: app, currentChatId: null, currentMessageId: null };
    expect((await searchChats(ctx, { query: "obsolete" })).chats).toHaveLength(1);

    expect(indexer.repair().projectionVersionChanged).toBe(true);
    expect(queued(fixture)).toEqual(ids);
    await indexer.drainAll();
    expect(meta.get(PROJECTION_VERSION_KEY)).toBe(String(PROJECTION_VERSION));
    expect((await searchChats(ctx, { query: "obsolete" })).chats).toEqual([]);
    expect((await searchChats(ctx, { query: "tulip rose" })).chats[0]?.matches).toHaveLength(2);
  });

  it("a read-only store indexed by an older projection is never reported ready", async () => {
    const dir = mkdtempSync(join(tmpdir(), "recollect-stale-projection-"));
    try {
      const path = join(dir, "store.db");
      let app = 0;
      {
        using store = openStore({ path });
        store.db.exec("INSERT INTO apps (name, created_at) VALUES ('a', 0)");
        app = Number(store.db.prepare("SELECT id FROM apps").pluck().get());
        store.db.exec(`INSERT INTO chats (app_id, title, created_at, source, external_id)
                       VALUES (${app}, 't', 0, 'test', 'c1')`);
        for (const text of ["tulip", "rose", "lily"]) {
          store.db
            .prepare(
              "INSERT INTO messages (chat_id, role, content, created_at) VALUES (1, 'user', ?, 0)",
            )
            .run(text);
        }
        const indexer = createIndexer({ store, pollIntervalMs: 0 });
        indexer.repair();
        await indexer.drainAll();
      }
      const search = async () => {
        using store = openStore({ path, readonly: true });
        const ctx = { store, appId: app, currentChatId: null, currentMessageId: null };
        const result = await searchChats(ctx, { query: "tulip" });
        const pending = createIndexer({ store, pollIntervalMs: 0 }).pendingCount(app);
        return [result.index_status, result.pending_count, result.pending_reason, pending];
      };
      expect(await search()).toEqual(["ready", 0, undefined, 0]);
      {
        using store = openStore({ path });
        store.db
          .prepare("UPDATE history_meta SET value = ? WHERE key = ?")
          .run(String(PROJECTION_VERSION - 1), PROJECTION_VERSION_KEY);
      }
      expect(await search()).toEqual(["indexing", 3, "read_only_store", 3]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("queues messages that have neither an index row nor a queue entry", () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), "t");
    const id = fixture.message(chat, "user", "lost");
    const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    indexer.repair();
    fixture.store.db.exec("DELETE FROM history_dirty_messages");
    expect(indexer.repair()).toEqual({
      projectionVersionChanged: false,
      orphansRemoved: 0,
      missingQueued: 1,
    });
    expect(queued(fixture)).toEqual([id]);
  });

  it("repairOnStart projection-version: start() re-queues on a version bump only, never scans for missing rows", async () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), "t");
    const lost = fixture.message(chat, "user", "lost");
    createIndexer({ store: fixture.store, pollIntervalMs: 0 }).repair();
    fixture.store.db.exec("DELETE FROM history_dirty_messages");
    const cheap = () =>
      createIndexer({
        store: fixture.store,
        pollIntervalMs: 0,
        repairOnStart: "projection-version",
      });
    {
      await using indexer = cheap();
      expect(indexer.start()).toEqual({
        projectionVersionChanged: false,
        orphansRemoved: 0,
        missingQueued: 0,
      });
      expect(queued(fixture)).toEqual([]);
    }
    const kept = fixture.message(chat, "assistant", "kept");
    fixture.store.db
      .prepare("UPDATE history_meta SET value = '0' WHERE key = ?")
      .run(PROJECTION_VERSION_KEY);
    await using indexer = cheap();
    expect(indexer.start().projectionVersionChanged).toBe(true);
    await indexer.drainAll();
    expect([ftsRow(fixture, lost), ftsRow(fixture, kept)].map((row) => row !== undefined)).toEqual([
      true,
      true,
    ]);
  });

  it("removes index rows when a message or a whole chat is deleted, and repairs orphans", () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chatA = fixture.chat(app, "a");
    const chatB = fixture.chat(app, "b");
    const m1 = fixture.message(chatA, "user", "alpha");
    const m2 = fixture.message(chatA, "user", "beta");
    const m3 = fixture.message(chatB, "user", "gamma");
    const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    while (indexer.drainOnce() > 0);
    const count = fixture.store.db.prepare("SELECT count(*) FROM history_fts").pluck();
    expect(count.get()).toBe(3);
    fixture.store.db.prepare("DELETE FROM messages WHERE id = ?").run(m1);
    expect(ftsRow(fixture, m1)).toBeUndefined();
    fixture.store.db.prepare("DELETE FROM chats WHERE id = ?").run(chatB);
    expect(ftsRow(fixture, m3)).toBeUndefined();
    expect(count.get()).toBe(1);
    // An orphan left behind by a writer without our triggers (e.g. foreign keys off).
    fixture.store.db.pragma("foreign_keys = OFF");
    fixture.store.db.exec("DROP TRIGGER history_message_deleted");
    fixture.store.db.prepare("DELETE FROM messages WHERE id = ?").run(m2);
    expect(ftsRow(fixture, m2)).toBeDefined();
    const repair = createIndexer({ store: fixture.store, pollIntervalMs: 0 }).repair();
    expect(repair.orphansRemoved).toBe(1);
    expect(count.get()).toBe(0);
  });

  it("re-indexes a chat's rows when its title changes", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Old name");
    fixture.message(chat, "user", "hello");
    fixture.message(chat, "assistant", "hi");
    await using indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    await indexer.drainAll();
    fixture.store.db
      .prepare("UPDATE chats SET title = 'Kubernetes rollout' WHERE id = ?")
      .run(chat);
    expect(indexer.pendingCount(app)).toBe(2);
    expect(indexer.pendingCount(app, { excludeChatId: chat })).toBe(0);
    await indexer.drainAll();
    const ctx = { store: fixture.store, appId: app, currentChatId: null, currentMessageId: null };
    const result = await searchChats(ctx, { query: "kubernetes" });
    expect(result.chats.map((hit) => [hit.chat_id, hit.chat_title, hit.matches.length])).toEqual([
      [chat, "Kubernetes rollout", 2],
    ]);
  });

  it("waits for idle no longer than its deadline, by the injected clock", async () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), "t");
    for (let n = 0; n < 10; n += 1) fixture.message(chat, "user", `m${n}`);
    let now = 0;
    // Each clock read advances 10 ms: the deadline of 25 ms allows exactly two batches.
    const clock = { now: () => (now += 10) };
    await using indexer = createIndexer({
      store: fixture.store,
      batchSize: 3,
      clock,
      pollIntervalMs: 0,
    });
    expect(await indexer.waitForIdle({ deadlineMs: 25 })).toBe(false);
    expect(queued(fixture)).toHaveLength(4);
    expect(await indexer.waitForIdle({ deadlineMs: 1_000 })).toBe(true);
    expect(queued(fixture)).toEqual([]);
  });

  it("keeps draining after a drain that found the queue empty (kick alone makes a write searchable)", async () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), "t");
    await using indexer = createIndexer({
      store: fixture.store,
      kickDebounceMs: 1,
      pollIntervalMs: 0,
    });
    indexer.start();
    expect(await indexer.drainAll()).toBe(0);
    const id = fixture.message(chat, "user", "written after an empty drain");
    indexer.kick();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(queued(fixture)).toEqual([]);
    expect(ftsRow(fixture, id)).toMatchObject({ rowid: id });
    // Let the kicked background loop settle first (under load it may still be yielding).
    await indexer.drainAll();
    fixture.message(chat, "user", "and another");
    expect(await indexer.drainAll()).toBe(1);
  });

  it("drains in the background after start and kick, and stops cleanly", async () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), "t");
    fixture.message(chat, "user", "first");
    const indexer = createIndexer({ store: fixture.store, kickDebounceMs: 1, pollIntervalMs: 0 });
    indexer.start();
    await indexer.drainAll();
    fixture.message(chat, "user", "second");
    indexer.kick();
    indexer.kick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await indexer.drainAll();
    expect(queued(fixture)).toEqual([]);
    await indexer.stop();
    fixture.message(chat, "user", "third");
    indexer.kick();
    expect(await indexer.waitForIdle({ deadlineMs: 1_000 })).toBe(false);
    expect(queued(fixture)).toHaveLength(1);
  });

  it("builds the frequent-term snapshot after a large background drain, and refreshes it when stale", async () => {
    using fixture = createHistoryFixture();
    const chat = fixture.chat(fixture.app("a"), null);
    for (let n = 0; n < 10; n += 1) fixture.message(chat, "user", "common words here");
    const indexer = createIndexer({
      store: fixture.store,
      pollIntervalMs: 0,
      termStatsMinRows: 10,
    });
    indexer.start();
    await indexer.drainAll();
    expect(readTermStats(fixture.store.db)).toEqual({
      rows: 10,
      terms: { common: 10, here: 10, word: 10 },
    });
    fixture.message(chat, "user", "fresh");
    indexer.kick();
    await indexer.drainAll();
    // One changed row of ten is exactly the 10% staleness threshold.
    expect(readTermStats(fixture.store.db)?.rows).toBe(11);
    await indexer.stop();
  });
});
