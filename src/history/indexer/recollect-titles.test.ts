/**
 * Chat titles Recollect made are never evidence, over a real store, the real catalog writes and
 * the real indexer: a web chat is titled with its first message (often a recall question) and
 * `set_chat_summary` retitles it, so no row of a web chat holds its title; an imported chat's
 * title is its source's and stays searchable. A store indexed by projection version 8, which
 * indexed web titles on every row, is re-projected when a command opens it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { runRecollectChild } from "../../cli/commands/testing/run-child.js";
import { createTempDirs } from "../../importers/testing/temp-dir.js";
import { createWebChat, setChatSummary } from "../../store/catalog/chats.js";
import { insertMessage } from "../../store/catalog/messages.js";
import { openStore, type Store } from "../../store/open-store.js";
import { PROJECTION_VERSION } from "../projection/projection-version.js";
import { searchChats } from "../search/search-chats.js";
import { createIndexer } from "./create-indexer.js";
import { PROJECTION_VERSION_KEY } from "./index-meta.js";

const dirs = createTempDirs("recollect-titles-");
afterEach(() => dirs.cleanup());

const CARD =
  '<dyad-explore-chat-history state="complete" query="What did we decide about billing?">{}</dyad-explore-chat-history>';

interface Seeded {
  readonly appId: number;
  /** The decision, in an imported chat titled "Payments provider". */
  readonly decision: number;
  /** A note typed later in the web chat that asked the recall question. */
  readonly followUp: number;
  /** A note typed in a web chat that `set_chat_summary` retitled. */
  readonly summarized: number;
}

/** One app: an imported decision, and two web chats whose titles Recollect made. */
function seed(store: Store): Seeded {
  const { db } = store;
  const appId = Number(
    db.prepare("INSERT INTO apps (name, created_at) VALUES ('Tasktide', 0)").run().lastInsertRowid,
  );
  const imported = Number(
    db
      .prepare(
        "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, 'Payments provider', 0, 'claude-code', 's1')",
      )
      .run(appId).lastInsertRowid,
  );
  const write = (chatId: number, role: "user" | "assistant", content: string) =>
    insertMessage(db, { chatId, role, content, nowMs: 1 });
  const decision = write(imported, "user", "We use Stripe for billing.");
  // The web app titles a new chat with its first message: here a recall question.
  const question = "What did we decide about billing?";
  const asking = createWebChat(db, { appId, title: question, nowMs: 1, externalId: "w1" });
  write(asking, "user", question);
  write(asking, "assistant", `${CARD}\nYou chose Stripe.`);
  const followUp = write(asking, "user", "Invoices go out on the first of the month.");
  const notes = createWebChat(db, { appId, title: "Refunds", nowMs: 1, externalId: "w2" });
  const summarized = write(notes, "user", "Refunds are handled by the support team.");
  setChatSummary(db, {
    chatId: notes,
    appId,
    title: "Quarterly payout schedule",
    summary: "The person described who handles refunds.",
  });
  return { appId, decision, followUp, summarized };
}

/** Message ids of every match of `query`, best first. */
async function matchedIds(store: Store, appId: number, query: string): Promise<number[]> {
  const ctx = { store, appId, currentChatId: null, currentMessageId: null };
  const result = await searchChats(ctx, { query });
  return result.chats.flatMap((chat) => chat.matches.map((match) => match.message_id));
}

describe("chat titles Recollect made", () => {
  it("match no row of their chat, while an imported chat's title still finds its messages", async () => {
    using store = openStore({ path: ":memory:" });
    const seeded = seed(store);
    await using indexer = createIndexer({ store, pollIntervalMs: 0 });
    await indexer.drainAll();
    expect(await matchedIds(store, seeded.appId, "decide")).toEqual([]);
    expect(await matchedIds(store, seeded.appId, "decide billing")).toEqual([seeded.decision]);
    expect(await matchedIds(store, seeded.appId, "quarterly payout schedule")).toEqual([]);
    // The words the person typed stay searchable.
    expect(await matchedIds(store, seeded.appId, "invoices")).toEqual([seeded.followUp]);
    expect(await matchedIds(store, seeded.appId, "refunds")).toEqual([seeded.summarized]);
    expect(await matchedIds(store, seeded.appId, "payments provider")).toEqual([seeded.decision]);
  });
});

/** Rows of the whole index that hold `word` in any column. */
function rowsHolding(store: Store, word: string): number {
  return store.db
    .prepare("SELECT count(*) FROM history_fts WHERE history_fts MATCH ?")
    .pluck()
    .get(`"${word}"`) as number;
}

/**
 * A store file indexed as projection version 8 did: every row of a web chat that is evidence
 * carries the chat's title, and the index records version 8.
 */
async function storeIndexedByVersion8(): Promise<{ path: string; seeded: Seeded }> {
  const path = `${dirs.make()}/store.db`;
  using store = openStore({ path });
  const seeded = seed(store);
  await createIndexer({ store, pollIntervalMs: 0 }).drainAll();
  store.db
    .prepare(
      `REPLACE INTO history_fts (rowid, title, body, cjk, scope, app_id, chat_id, role, created_at,
                                 is_compaction_summary, projection_truncated)
       SELECT m.id, c.title, m.content, '', 'app' || c.app_id || ' chat' || c.id, c.app_id, c.id,
              m.role, m.created_at, 0, 0
         FROM messages m JOIN chats c ON c.id = m.chat_id WHERE m.id IN (?, ?)`,
    )
    .run(seeded.followUp, seeded.summarized);
  store.db
    .prepare("REPLACE INTO history_meta (key, value) VALUES (?, '8')")
    .run(PROJECTION_VERSION_KEY);
  expect([rowsHolding(store, "decide"), rowsHolding(store, "quarterly")]).toEqual([1, 1]);
  return { path, seeded };
}

describe("a store indexed by projection version 8", () => {
  it("is re-projected when a command opens it: its web titles then match nothing", async () => {
    const { path, seeded } = await storeIndexedByVersion8();
    const pro = await runRecollectChild(["--db", path, "settings", "set", "entitlement", "pro"]);
    expect(pro.code).toBe(0);
    const searched = await runRecollectChild([
      "--db",
      path,
      "--json",
      "search",
      "--app",
      "Tasktide",
      "decide quarterly",
    ]);
    expect(searched.code).toBe(0);
    expect(JSON.parse(searched.stdout)).toMatchObject({ index_status: "ready", chats: [] });
    using store = openStore({ path });
    expect(
      store.db
        .prepare("SELECT value FROM history_meta WHERE key = ?")
        .pluck()
        .get(PROJECTION_VERSION_KEY),
    ).toBe(String(PROJECTION_VERSION));
    expect([rowsHolding(store, "decide"), rowsHolding(store, "quarterly")]).toEqual([0, 0]);
    expect(await matchedIds(store, seeded.appId, "invoices")).toEqual([seeded.followUp]);
  }, 60_000);

  it("opened read-only, is not re-projected, yet search drops the hits on those titles", async () => {
    const { path, seeded } = await storeIndexedByVersion8();
    using store = openStore({ path, readonly: true });
    expect(await matchedIds(store, seeded.appId, "decide")).toEqual([]);
    expect(await matchedIds(store, seeded.appId, "quarterly payout schedule")).toEqual([]);
    expect(await matchedIds(store, seeded.appId, "decide billing")).toEqual([seeded.decision]);
  });
});
