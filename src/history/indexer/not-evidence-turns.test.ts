/**
 * Turns that are never evidence (a history-tool answer, the question it answered, a fixed reply
 * Recollect wrote) over a real store, real migrations and the real indexer: none of their words,
 * nor any label's, is searchable or offered as a spelling; a real decision still is; and a store
 * indexed by the previous projection (which indexed the labels' words) converges on upgrade.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempDirs } from "../../importers/testing/temp-dir.js";
import { MIGRATIONS } from "../../store/migrations/index.js";
import { openStore, type Store } from "../../store/open-store.js";
import { searchIds } from "../testing/search-ids.js";
import { createIndexer } from "./create-indexer.js";
import { PROJECTION_VERSION_KEY } from "./index-meta.js";

const CARD =
  '<dyad-explore-chat-history state="complete" query="What did we decide about billing?">{}</dyad-explore-chat-history>';
/** What projection version 7 indexed for these turns, word for word. */
const OLD_ANSWER_LABEL = "[answer recalled from earlier chats: not indexed again]";
const OLD_QUESTION_LABEL = "[question to the history tools: not indexed]";
/** Queries made of the old labels' words and of the fixed reply's, each alone and together. */
const LABEL_QUERIES = [
  "history tools indexed",
  "not indexed",
  "recalled",
  "answer recalled from earlier chats",
  "question to the history tools",
  "noted",
] as const;

const dirs = createTempDirs("recollect-not-evidence-");
afterEach(() => dirs.cleanup());

interface Seeded {
  readonly appId: number;
  readonly decision: number;
  readonly question: number;
  readonly answer: number;
  readonly note: number;
  readonly noted: number;
}

/**
 * One app as the web app leaves it: a decision typed in one chat, answered by the router's
 * "Noted." (`is_recollect_reply` when the schema has it), and a recall question, titled with
 * itself, answered by an explorer card, in another.
 */
function seed(store: Store, options: { readonly markReply: boolean }): Seeded {
  const { db } = store;
  const appId = Number(
    db.prepare("INSERT INTO apps (name, created_at) VALUES ('Tasktide', 0)").run().lastInsertRowid,
  );
  const chat = (title: string, id: string) =>
    Number(
      db
        .prepare(
          "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, 0, 'web', ?)",
        )
        .run(appId, title, id).lastInsertRowid,
    );
  const message = (chatId: number, role: string, content: string) =>
    Number(
      db
        .prepare("INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, 1)")
        .run(chatId, role, content).lastInsertRowid,
    );
  const notes = chat("Billing", "w1");
  const note = message(notes, "user", "Decision: billing goes through Stripe.");
  const noted = message(notes, "assistant", "Noted.");
  if (options.markReply) {
    db.prepare("UPDATE messages SET is_recollect_reply = 1 WHERE id = ?").run(noted);
  }
  const asking = chat("What did we decide about billing?", "w2");
  const question = message(asking, "user", "What did we decide about billing?");
  const answer = message(asking, "assistant", `${CARD}\nYou chose Stripe.`);
  return { appId, decision: note, question, answer, note, noted };
}

/** Message ids of every match of `query`, and the spelling corrections searched. */
const search = searchIds;

/** Rows of the whole index (every app) that hold `word` in any column. */
function rowsHolding(store: Store, word: string): number {
  return store.db
    .prepare("SELECT count(*) FROM history_fts WHERE history_fts MATCH ?")
    .pluck()
    .get(`"${word}"`) as number;
}

describe("turns that are never evidence", () => {
  it("add no searchable term, not even a spelling, while the decision beside them is found", async () => {
    using store = openStore({ path: ":memory:" });
    const seeded = seed(store, { markReply: true });
    await using indexer = createIndexer({ store, pollIntervalMs: 0 });
    await indexer.drainAll();
    for (const query of LABEL_QUERIES) {
      expect(await search(store, seeded.appId, query), query).toEqual({ ids: [], corrections: [] });
    }
    for (const word of ["indexed", "recalled", "tools", "noted", "decide"]) {
      expect(rowsHolding(store, word), word).toBe(0);
    }
    // A misspelled label word has no near spelling in the app's vocabulary to be corrected to.
    expect(await search(store, seeded.appId, "indexd recaled")).toEqual({
      ids: [],
      corrections: [],
    });
    expect((await search(store, seeded.appId, "billing stripe")).ids).toEqual([seeded.decision]);
  });

  it("converge when a store indexed by the previous projection is upgraded", async () => {
    const path = join(dirs.make(), "store.db");
    let seeded: Seeded;
    {
      // Schema 8, indexed as projection version 7 did: the labels' words and "Noted." in the body,
      // the question-title on every row.
      using old = openStore({ path, migrations: MIGRATIONS.slice(0, 8) });
      seeded = seed(old, { markReply: false });
      const row = old.db.prepare(
        `REPLACE INTO history_fts (rowid, title, body, cjk, scope, app_id, chat_id, role, created_at,
                                   is_compaction_summary, projection_truncated)
         SELECT m.id, c.title, ?, '', 'app' || c.app_id || ' chat' || c.id, c.app_id, c.id, m.role,
                m.created_at, 0, 0
           FROM messages m JOIN chats c ON c.id = m.chat_id WHERE m.id = ?`,
      );
      row.run("Decision: billing goes through Stripe.", seeded.note);
      row.run("Noted.", seeded.noted);
      row.run(OLD_QUESTION_LABEL, seeded.question);
      row.run(OLD_ANSWER_LABEL, seeded.answer);
      old.db.exec("DELETE FROM history_dirty_messages; DELETE FROM history_dirty_chats;");
      old.db
        .prepare("INSERT INTO history_meta (key, value) VALUES (?, '7')")
        .run(PROJECTION_VERSION_KEY);
      expect(rowsHolding(old, "indexed")).toBe(2);
      expect(rowsHolding(old, "noted")).toBe(1);
    }
    using store = openStore({ path });
    // Migration 9 recognises the router's stored acknowledgement in a web chat.
    expect(
      store.db.prepare("SELECT id FROM messages WHERE is_recollect_reply = 1").pluck().all(),
    ).toEqual([seeded.noted]);
    await using indexer = createIndexer({ store, pollIntervalMs: 0 });
    indexer.start();
    await indexer.drainAll();
    for (const query of LABEL_QUERIES) {
      expect(await search(store, seeded.appId, query), query).toEqual({ ids: [], corrections: [] });
    }
    for (const word of ["indexed", "recalled", "noted", "decide"]) {
      expect(rowsHolding(store, word), word).toBe(0);
    }
    expect((await search(store, seeded.appId, "billing stripe")).ids).toEqual([seeded.decision]);
  });
});
