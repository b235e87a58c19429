/**
 * `recollect sync` of Cursor's one `state.vscdb` holding the composers of every workspace: each
 * chat goes to the app of its workspace folder (workspaceStorage/<id>/workspace.json), the roots
 * it names are searched by the project sources, and a change to the database — committed to the
 * file or still in its `-wal` — is picked up. Fixtures are written by the test in Cursor's layout
 * under a temporary HOME.
 */
import { readdirSync, readFileSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createIndexer } from "../history/indexer/create-indexer.js";
import {
  CURSOR_COMPOSERS,
  putCursorComposer,
  writeCursorProfile,
  writeCursorWorkspace,
} from "../importers/testing/cursor-fixture.js";
import { openStore, type Store } from "../store/open-store.js";
import { applicationDataFolder } from "./sources/application-data.js";
import { syncHistory } from "./sync-history.js";
import {
  createFixtureMachine,
  type FixtureMachine,
  specStoryChat,
} from "./testing/machine-fixture.js";

const machines: FixtureMachine[] = [];
afterEach(() => {
  for (const machine of machines.splice(0)) machine.cleanup();
});

const BLOG_COMPOSER = "3e9a5f4b-8d0a-4b6c-9f5e-c4a7b9d3e4f5";
const START_MS = Date.UTC(2026, 3, 1, 9, 0, 0);

/** A machine with Cursor's profile: composer A in `code/shop`, one in `code/blog`, one in no workspace. */
function cursorMachine() {
  const m = createFixtureMachine();
  machines.push(m);
  const shop = m.project("code/shop");
  const blog = m.project("code/blog");
  const userDir = join(m.home, applicationDataFolder(), "Cursor", "User");
  const database = writeCursorProfile(userDir, shop);
  const db = new Database(database);
  putCursorComposer(db, BLOG_COMPOSER, START_MS, [
    { bubbleId: "p1", type: 1, text: "Static site generator for the blog?" },
    { bubbleId: "p2", type: 2, text: "Astro: content collections and no client JS by default." },
  ]);
  db.close();
  writeCursorWorkspace(userDir, "9c2d7e1f0a4b3c5d", blog, [BLOG_COMPOSER]);
  return { m, shop, blog, database };
}

const sync = (store: Store, m: FixtureMachine) =>
  syncHistory({ store, environment: m.environment, sources: ["cursor", "specstory"], nowMs: 1 });

/** [app, app's roots, chat title, messages] per chat, by chat id. */
const placed = (store: Store) =>
  store.db
    .prepare<[], { app: string; roots: string | null; title: string; messages: number }>(
      `SELECT a.name AS app, (SELECT group_concat(path) FROM app_roots r WHERE r.app_id = a.id) AS roots,
              c.title, (SELECT count(*) FROM messages m WHERE m.chat_id = c.id) AS messages
         FROM chats c JOIN apps a ON a.id = c.app_id ORDER BY c.id`,
    )
    .all()
    .map((row) => [row.app, row.roots, row.title, row.messages]);

describe("sync of Cursor's state.vscdb", () => {
  it("routes each composer to the app of its workspace folder; project sources look in those roots", () => {
    const { m, shop, blog } = cursorMachine();
    m.write(
      "code/blog/.specstory/history/2026-04-01_09-00-00Z-rss.md",
      specStoryChat("sp1", [
        { role: "user", text: "RSS feed?" },
        { role: "assistant", text: "Generate it at build time." },
      ]),
    );
    using store = openStore({ path: ":memory:" });
    const report = sync(store, m);
    expect(report.projectRoots).toEqual([blog, shop]);
    expect(placed(store)).toEqual([
      ["shop", shop, "Flaky checkout test", 3],
      ["globalStorage", null, "Rename the cart module to basket", 2],
      ["blog", blog, "Static site generator for the blog?", 2],
      ["blog", blog, "rss", 2],
    ]);
    expect(sync(store, m).sources.map((s) => [s.source, s.changes.unchanged, s.messages])).toEqual([
      ["cursor", 1, 0],
      ["specstory", 1, 0],
    ]);
  });

  it("a new message committed to the database, or still in its -wal, is imported into its chat's app", () => {
    const { m, shop, blog, database } = cursorMachine();
    // Cursor's database in WAL mode (the mode is kept in the file's header once set).
    const setup = new Database(database);
    setup.pragma("journal_mode = WAL");
    setup.close();
    using store = openStore({ path: ":memory:" });
    sync(store, m);

    const committed = new Database(database);
    putCursorComposer(committed, BLOG_COMPOSER, START_MS, [
      { bubbleId: "p1", type: 1, text: "Static site generator for the blog?" },
      { bubbleId: "p2", type: 2, text: "Astro: content collections and no client JS by default." },
      { bubbleId: "p3", type: 1, text: "And the image pipeline?" },
    ]);
    committed.close();
    const second = sync(store, m).sources[0]!;
    expect([second.changes.rewritten, second.updatedChats, second.messages]).toEqual([1, 1, 1]);

    // A writer that has not checkpointed: the main file is byte for byte as it was.
    const before = readFileSync(database);
    const writer = new Database(database);
    try {
      writer.pragma("wal_autocheckpoint = 0");
      putCursorComposer(
        writer,
        CURSOR_COMPOSERS.headers,
        START_MS,
        [
          { bubbleId: "b1", type: 1, text: "Why does the checkout test flake?" },
          { bubbleId: "b4", type: 2, text: "The test shares a clock with the cart test." },
          { bubbleId: "b9", type: 1, text: "Also the payment retry test?" },
        ],
        "Flaky checkout test",
      );
      expect(readFileSync(database).equals(before)).toBe(true);
      const third = sync(store, m).sources[0]!;
      expect([third.changes.rewritten, third.updatedChats]).toEqual([1, 1]);
    } finally {
      writer.close();
    }
    expect(placed(store)).toEqual([
      ["shop", shop, "Flaky checkout test", 3],
      ["globalStorage", null, "Rename the cart module to basket", 2],
      ["blog", blog, "Static site generator for the blog?", 3],
    ]);
    expect(
      store.db.prepare("SELECT content FROM messages WHERE chat_id = 1 ORDER BY id").pluck().all(),
    ).toEqual([
      "Why does the checkout test flake?",
      "The test shares a clock with the cart test.",
      "Also the payment retry test?",
    ]);
  });
});

describe("a Cursor chat synced before its workspace named it", () => {
  /** [chat id, app name] per chat, by chat id, and every app name. */
  const apps = (store: Store) => ({
    chats: store.db
      .prepare<[], [number, string]>(
        "SELECT c.id, a.name FROM chats c JOIN apps a ON a.id = c.app_id ORDER BY c.id",
      )
      .raw()
      .all(),
    apps: store.db.prepare("SELECT name FROM apps ORDER BY name").pluck().all(),
  });
  /** [lowest, highest app id, count] of the chat's search rows. */
  const indexed = (store: Store, chatId: number) =>
    store.db
      .prepare(
        `SELECT min(CAST(app_id AS INTEGER)), max(CAST(app_id AS INTEGER)), count(*)
           FROM history_fts WHERE chat_id = ?`,
      )
      .raw()
      .get(chatId);
  const appId = (store: Store, name: string) =>
    store.db.prepare("SELECT id FROM apps WHERE name = ?").pluck().get(name);

  /**
   * Syncs again and expects one re-read of the database that moved the inline composer (chat 2)
   * out of the fallback app into the blog's, writing no message.
   */
  function expectMovedToBlog(store: Store, m: FixtureMachine): void {
    const second = sync(store, m).sources[0]!;
    expect([second.changes.rewritten, second.updatedChats, second.messages]).toEqual([1, 1, 0]);
    expect(apps(store)).toEqual({
      chats: [
        [1, "shop"],
        [2, "blog"],
        [3, "blog"],
      ],
      apps: ["blog", "shop"],
    });
  }

  it("moves out of the fallback app into its project's app, with its search rows; a chat in a real app never moves", async () => {
    const { m, database } = cursorMachine();
    using store = openStore({ path: ":memory:" });
    sync(store, m);
    await using indexer = createIndexer({ store, pollIntervalMs: 0 });
    await indexer.drainAll();
    expect(apps(store)).toEqual({
      chats: [
        [1, "shop"],
        [2, "globalStorage"],
        [3, "blog"],
      ],
      apps: ["blog", "globalStorage", "shop"],
    });
    const fallbackId = appId(store, "globalStorage");
    expect(indexed(store, 2)).toEqual([fallbackId, fallbackId, 2]);

    // Cursor now lists the inline composer in the blog window, and the shop composer too.
    const userDir = join(m.home, applicationDataFolder(), "Cursor", "User");
    const blogFolder = m.project("code/blog");
    for (const id of readdirSync(join(userDir, "workspaceStorage"))) {
      if (id !== "9c2d7e1f0a4b3c5d") writeCursorWorkspace(userDir, id, m.project("code/shop"), []);
    }
    writeCursorWorkspace(userDir, "9c2d7e1f0a4b3c5d", blogFolder, [
      BLOG_COMPOSER,
      CURSOR_COMPOSERS.inline,
      CURSOR_COMPOSERS.headers,
    ]);
    // A write is later than every file of the profile (the workspace files were written just now).
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(database, later, later);
    expectMovedToBlog(store, m);
    expect(store.db.prepare("SELECT count(*) FROM messages WHERE chat_id = 2").pluck().get()).toBe(
      2,
    );
    await indexer.drainAll();
    const blogId = appId(store, "blog");
    expect(indexed(store, 2)).toEqual([blogId, blogId, 2]);

    // Idempotent: the next read of the database changes nothing.
    const again = new Date(Date.now() + 7_200_000);
    utimesSync(database, again, again);
    const third = sync(store, m).sources[0]!;
    expect([third.changes.rewritten, third.updatedChats, third.messages]).toEqual([1, 0, 0]);
    expect(apps(store).chats).toEqual([
      [1, "shop"],
      [2, "blog"],
      [3, "blog"],
    ]);
  });

  it("re-reads the database when only a workspace's composer list changed, and moves the chat it now lists", () => {
    const { m, database } = cursorMachine();
    using store = openStore({ path: ":memory:" });
    sync(store, m);
    expect(apps(store).chats).toEqual([
      [1, "shop"],
      [2, "globalStorage"],
      [3, "blog"],
    ]);
    const databaseStats = statSync(database);
    // Nothing changed: the database and every workspace file are only stat'ed.
    expect(sync(store, m).sources[0]!.changes.unchanged).toBe(1);

    // The blog window now lists the inline composer; the chat database itself is untouched.
    const userDir = join(m.home, applicationDataFolder(), "Cursor", "User");
    writeCursorWorkspace(userDir, "9c2d7e1f0a4b3c5d", m.project("code/blog"), [
      BLOG_COMPOSER,
      CURSOR_COMPOSERS.inline,
    ]);
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(join(userDir, "workspaceStorage", "9c2d7e1f0a4b3c5d", "state.vscdb"), later, later);
    expectMovedToBlog(store, m);
    expect(statSync(database).mtimeMs).toBe(databaseStats.mtimeMs);
  });
});
