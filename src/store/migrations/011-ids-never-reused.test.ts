import { join } from "node:path";
import type Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createIndexer } from "../../history/indexer/create-indexer.js";
import { searchChats } from "../../history/search/search-chats.js";
import { createTempDirs } from "../../importers/testing/temp-dir.js";
import { openStore, type Store } from "../open-store.js";
import { MIGRATIONS } from "./index.js";

const dirs = createTempDirs("recollect-m11-");
afterEach(() => dirs.cleanup());

/** Every row of the tables the step rebuilds and of those pointing at them, and the index rows. */
function rows(db: Database.Database) {
  const all = (sql: string) => db.prepare(sql).all();
  return {
    apps: all("SELECT * FROM apps ORDER BY id"),
    chats: all("SELECT * FROM chats ORDER BY id"),
    messages: all("SELECT * FROM messages ORDER BY id"),
    plans: all("SELECT * FROM plans ORDER BY id"),
    appRoots: all("SELECT * FROM app_roots ORDER BY path"),
    indexed: all("SELECT rowid, app_id, chat_id, role FROM history_fts ORDER BY rowid"),
  };
}

/** The indexes and triggers of the rebuilt tables, as stored. */
function dependents(db: Database.Database) {
  return db
    .prepare(
      `SELECT type, name, tbl_name, sql FROM sqlite_schema
        WHERE tbl_name IN ('apps', 'chats', 'messages') AND type IN ('index', 'trigger')
        ORDER BY name`,
    )
    .all();
}

async function search(store: Store, appId: number, query: string) {
  return searchChats({ store, appId, currentChatId: null, currentMessageId: null }, { query });
}

/** The message ids a search matched, in ascending order. */
function matchIds(result: Awaited<ReturnType<typeof search>>): number[] {
  const ids = result.chats.flatMap((chat) => chat.matches.map((match) => match.message_id));
  return ids.sort((a, b) => a - b);
}

describe("migration 11: ids are never reused", () => {
  it("keeps every id, row, index row, trigger and search result of a version-10 store, and hands out only fresh ids after it", async () => {
    const path = join(dirs.make(), "store.db");
    let before: ReturnType<typeof rows>;
    let schemaBefore: unknown[];
    let searchBefore: Awaited<ReturnType<typeof search>>;
    {
      using old = openStore({ path, migrations: MIGRATIONS.slice(0, 10) });
      // Gaps where rows were deleted (app 2, chat 8, messages 3 and 5), as a used store has them.
      old.db.exec(`
        INSERT INTO apps (id, name, path, created_at) VALUES (1, 'shop', '/code/shop', 1), (3, 'notes', NULL, 1);
        INSERT INTO app_roots (path, app_id) VALUES ('/code/shop', 1);
        INSERT INTO chats (id, app_id, title, created_at, source, source_file, external_id, summary, parent_chat_id)
          VALUES (7, 1, 'Payments', 10, 'jsonl', '/a.jsonl', 'c1', 'chose Stripe', NULL),
                 (9, 1, NULL, 11, 'claude-code', '/b.jsonl', 'sub', NULL, 7),
                 (10, 3, 'Notes', 12, 'web', '', 'w1', NULL, NULL);
        INSERT INTO messages (id, chat_id, role, content, ai_messages_json, is_compaction_summary, created_at, is_recollect_reply, is_recall_notice) VALUES
          (1, 7, 'user', 'Stripe or Paddle for payments?', NULL, 0, 10, 0, 0),
          (2, 7, 'assistant', 'Stripe: it handles EU VAT.', '[{"role":"assistant"}]', 0, 11, 0, 0),
          (4, 9, 'user', 'Summary: payments go through Stripe.', NULL, 1, 12, 0, 0),
          (6, 10, 'user', 'Decision: refunds through Stripe too.', NULL, 0, 13, 0, 0),
          (7, 10, 'assistant', 'Noted.', NULL, 0, 14, 1, 0);
        INSERT INTO plans (id, app_id, chat_id, title, body, created_at, updated_at)
          VALUES (1, 1, 7, 'Payments', 'Use Stripe', 1, 1);
      `);
      await using indexer = createIndexer({ store: old, pollIntervalMs: 0 });
      indexer.start();
      await indexer.drainAll();
      before = rows(old.db);
      schemaBefore = dependents(old.db);
      searchBefore = await search(old, 1, "stripe payments");
    }
    expect(before.indexed.map((row) => (row as { rowid: number }).rowid)).toEqual([1, 2, 4, 6, 7]);
    expect(matchIds(searchBefore)).toEqual([1, 2, 4]);

    using store = openStore({ path, migrations: MIGRATIONS.slice(0, 11) });
    const { db } = store;
    expect(db.pragma("user_version", { simple: true })).toBe(11);
    expect(rows(db)).toEqual(before);
    expect(dependents(db)).toEqual(schemaBefore);
    // Nothing to re-index: every id is the same, so the index rows still belong to their messages.
    expect(db.prepare("SELECT count(*) FROM history_dirty_messages").pluck().get()).toBe(0);
    expect(await search(store, 1, "stripe payments")).toEqual(searchBefore);
    expect(db.prepare("SELECT name, seq FROM sqlite_sequence ORDER BY name").all()).toEqual([
      { name: "apps", seq: 3 },
      { name: "chats", seq: 10 },
      { name: "messages", seq: 7 },
    ]);

    // The highest rows deleted, new ones take fresh ids; the triggers still queue and un-index.
    db.exec("DELETE FROM messages WHERE id = 7; DELETE FROM chats WHERE id = 10;");
    expect(db.prepare("SELECT count(*) FROM history_fts WHERE rowid IN (6, 7)").pluck().get()).toBe(
      0,
    );
    const chatId = db
      .prepare(
        "INSERT INTO chats (app_id, created_at, source, external_id) VALUES (1, 20, 'web', 'w2')",
      )
      .run().lastInsertRowid;
    const messageId = db
      .prepare(
        "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, 'user', 'x', 21)",
      )
      .run(chatId).lastInsertRowid;
    expect([chatId, messageId]).toEqual([11, 8]);
    expect(db.prepare("SELECT message_id FROM history_dirty_messages").pluck().all()).toEqual([8]);

    // Foreign keys are back on and still cascade and set null through the rebuilt tables.
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    db.exec("DELETE FROM chats WHERE id = 7");
    expect(db.prepare("SELECT id FROM messages ORDER BY id").pluck().all()).toEqual([4, 8]);
    expect(db.prepare("SELECT parent_chat_id FROM chats WHERE id = 9").pluck().get()).toBeNull();
    expect(db.prepare("SELECT chat_id FROM plans").pluck().get()).toBeNull();
    expect(db.pragma("foreign_key_check")).toEqual([]);
  });
});
