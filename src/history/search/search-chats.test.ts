import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { createIndexer } from "../indexer/create-indexer.js";
import { MAX_PROJECTION_CHARS } from "../projection/project-message.js";
import { jsonBytes } from "../serialize/json-bytes.js";
import {
  createHistoryFixture,
  type HistoryFixture,
  indexFixture,
} from "../testing/history-fixture.js";
import type { RetrievalContext } from "../types.js";
import { searchChats } from "./search-chats.js";

function context(
  fixture: HistoryFixture,
  appId: number,
  currentChatId: number | null = null,
): RetrievalContext {
  return { store: fixture.store, appId, currentChatId, currentMessageId: null };
}

const hits = (result: Awaited<ReturnType<typeof searchChats>>) =>
  result.chats.map((chat) => [chat.chat_id, chat.matches.map((match) => match.message_id)]);

describe("searchChats", () => {
  it("a long message is searchable up to the projection bound, and its hits say they were cut", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Long paste", 1_000);
    // "early" sits inside the first MAX_PROJECTION_CHARS; "lateword" only after them.
    const long = fixture.message(
      chat,
      "user",
      `early ${"filler ".repeat(MAX_PROJECTION_CHARS / 7 + 10)} lateword`,
    );
    const short = fixture.message(chat, "user", "early and short");
    await indexFixture(fixture);
    const early = await searchChats(context(fixture, app), { query: "early" });
    const flags = (early.chats[0]?.matches ?? []).map((match): [number, boolean] => [
      match.message_id,
      match.projection_truncated,
    ]);
    expect(new Map(flags)).toEqual(
      new Map([
        [long, true],
        [short, false],
      ]),
    );
    // The documented bound (docs/tool-surface.md, src/history/README.md): text past it is not searchable.
    expect((await searchChats(context(fixture, app), { query: "lateword" })).chats).toEqual([]);
  });

  it("never finds an earlier answer that restated a history card, nor the question it answered (no self-ingestion)", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const old = fixture.chat(app, "Auth", 1_000);
    const decision = fixture.message(old, "user", "Decision: we use Supabase Auth now.");
    const recall = fixture.chat(app, "Recall", 9_000);
    fixture.message(recall, "user", "What did we decide about Supabase auth?");
    fixture.message(
      recall,
      "assistant",
      '<dyad-explore-chat-history state="complete">{}</dyad-explore-chat-history> You use Supabase Auth; before that Clerk.',
    );
    await indexFixture(fixture);
    const result = await searchChats(context(fixture, app), { query: "Supabase Auth Clerk" });
    expect(hits(result)).toEqual([[old, [decision]]]);
  });

  it("stems English: authenticate finds authentication", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Login", 1_000);
    const id = fixture.message(chat, "assistant", "We chose session authentication over JWT.", {
      createdAt: 2_000,
    });
    await indexFixture(fixture);
    const result = await searchChats(context(fixture, app), { query: "authenticate" });
    expect(result).toEqual({
      query: "authenticate",
      index_status: "ready",
      pending_count: 0,
      chats: [
        {
          chat_id: chat,
          chat_title: "Login",
          chat_created_at: "1970-01-01T00:00:01.000Z",
          matches: [
            {
              message_id: id,
              role: "assistant",
              created_at: "1970-01-01T00:00:02.000Z",
              excerpt: "We chose session authentication over JWT.",
              is_compaction_summary: false,
              projection_truncated: false,
            },
          ],
        },
      ],
      truncated: false,
    });
  });

  it("finds CJK text: Chinese 2- and 4-character words, Japanese, Korean inside a longer word", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const zh = fixture.chat(app, "部署");
    const ja = fixture.chat(app, null);
    const ko = fixture.chat(app, null);
    const zhMessage = fixture.message(zh, "user", "我们决定用数据库迁移来部署，认证方式是JWT。");
    const jaMessage = fixture.message(ja, "user", "認証はセッションで行います");
    const koMessage = fixture.message(ko, "user", "인증을 세션으로 처리합니다");
    await indexFixture(fixture);
    const search = (query: string) => searchChats(context(fixture, app), { query });
    expect(hits(await search("认证方式"))).toEqual([[zh, [zhMessage]]]);
    expect(hits(await search("数据"))).toEqual([[zh, [zhMessage]]]);
    expect(hits(await search("セッション"))).toEqual([[ja, [jaMessage]]]);
    expect(hits(await search("인증"))).toEqual([[ko, [koMessage]]]);
    expect(hits(await search("JWT"))).toEqual([[zh, [zhMessage]]]);
    expect(hits(await search("迁部"))).toEqual([]);
  });

  it("ranks a title match over a body match and a phrase over scattered words", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const plain = fixture.chat(app, "Misc");
    const titled = fixture.chat(app, "Payments");
    fixture.message(plain, "user", "payments are slow");
    fixture.message(titled, "user", "payments are slow");
    const scattered = fixture.chat(app, "x");
    const phrased = fixture.chat(app, "y");
    fixture.message(scattered, "user", "the database is fine, but the migration of users failed");
    fixture.message(phrased, "user", "the users database migration failed, but the rest is fine");
    await indexFixture(fixture);
    const byTitle = await searchChats(context(fixture, app), { query: "payments" });
    expect(byTitle.chats.map((chat) => chat.chat_id)).toEqual([titled, plain]);
    const byPhrase = await searchChats(context(fixture, app), { query: "database migration" });
    expect(byPhrase.chats.map((chat) => chat.chat_id)).toEqual([phrased, scattered]);
  });

  it("keeps at most 2 matches per chat, demotes compaction summaries and lets the newest win ties", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const older = fixture.chat(app, null, 1);
    const newer = fixture.chat(app, null, 2);
    const oldId = fixture.message(older, "user", "redis cache", { createdAt: 10 });
    const newIds = [
      fixture.message(newer, "user", "redis cache", { createdAt: 20, compaction: true }),
      fixture.message(newer, "user", "redis cache", { createdAt: 30 }),
      fixture.message(newer, "user", "redis cache", { createdAt: 40 }),
    ];
    await indexFixture(fixture);
    const result = await searchChats(context(fixture, app), { query: "redis cache" });
    expect(hits(result)).toEqual([
      [newer, [newIds[2], newIds[1]]],
      [older, [oldId]],
    ]);
    const limited = await searchChats(context(fixture, app), { query: "redis", limit: 1 });
    expect(hits(limited)).toEqual([[newer, [newIds[2], newIds[1]]]]);
    const onlySummary = fixture.chat(app, null, 3);
    const summaryId = fixture.message(onlySummary, "assistant", "redis", {
      createdAt: 50,
      compaction: true,
    });
    await indexFixture(fixture);
    const withSummary = await searchChats(context(fixture, app), { query: "redis" });
    expect(withSummary.chats.at(-1)?.matches).toEqual([
      expect.objectContaining({ message_id: summaryId, is_compaction_summary: true }),
    ]);
  });

  it("names a chat's other matches by id, best first, at most six, with their count, and none when two cover them", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const session = fixture.chat(app, null, 1);
    // Newer wins ties: the two newest are the matches, the rest follow newest first.
    const ids = Array.from({ length: 10 }, (_, i) =>
      fixture.message(session, "user", "redis cache", { createdAt: 10 + i }),
    );
    const short = fixture.chat(app, null, 2);
    fixture.message(short, "user", "redis cache", { createdAt: 5 });
    await indexFixture(fixture);
    const result = await searchChats(context(fixture, app), { query: "redis cache" });
    const newestFirst = [...ids].reverse();
    expect(
      result.chats.map((chat) => [chat.chat_id, chat.more_match_ids, chat.more_match_count]),
    ).toEqual([
      [session, newestFirst.slice(2, 8), 8],
      [short, undefined, undefined],
    ]);
    expect(hits(result)[0]).toEqual([session, newestFirst.slice(0, 2)]);
  });

  it("replaces title-only hits by a body match of the chat, else by its first substantive message", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const titleOnly = fixture.chat(app, "Redis migration", 1);
    fixture.message(titleOnly, "user", "了解。");
    const substantive = fixture.message(
      titleOnly,
      "assistant",
      "We moved the sessions from memcached to a dedicated cluster last week.",
    );
    fixture.message(titleOnly, "user", "ok");
    const mixed = fixture.chat(app, "Redis plan", 2);
    fixture.message(mixed, "user", "了解。");
    fixture.message(mixed, "user", "ok");
    const body = fixture.message(
      mixed,
      "assistant",
      `${"filler words about queues and workers ".repeat(40)}then redis for the session store.`,
    );
    await indexFixture(fixture);
    const result = await searchChats(context(fixture, app), { query: "redis" });
    // Every row scores the same title hit; the newest id wins the tie, so `mixed` leads.
    expect(hits(result)).toEqual([
      [mixed, [body]],
      [titleOnly, [substantive]],
    ]);
    expect(result.chats[1]?.matches[0]?.excerpt).toBe(
      "We moved the sessions from memcached to a dedicated cluster last week.",
    );
    expect(result.chats[0]?.matches[0]?.excerpt.startsWith("…")).toBe(true);
    expect(result.chats[0]?.matches[0]?.excerpt.endsWith("then redis for the session store.")).toBe(
      true,
    );
  });

  it("puts a session's turns that say the query before those that only share its title", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    // A coding agent titles a session with its first prompt: every turn carries these words.
    const session = fixture.chat(app, "Make the chess board real time");
    const first = fixture.message(session, "user", "Make the chess board real time, no turns.");
    const said = fixture.message(
      session,
      "assistant",
      `${"Rendering the pieces, wiring the clock, adding tests. ".repeat(12)}Moves now run in real time with a cooldown.`,
    );
    const undo = fixture.message(session, "user", "undo the last change");
    fixture.message(session, "user", "ok");
    const readme = fixture.message(session, "user", "Say in the readme that play is real time.");
    await indexFixture(fixture);
    const result = await searchChats(context(fixture, app), { query: "real time" });
    const [hit] = result.chats;
    expect(hit?.matches.map((match) => match.message_id)).toEqual([first, readme]);
    // Only the turn whose own text matches is named; "ok" and "undo" match by the title alone.
    expect(hit?.more_match_ids).toEqual([said]);
    expect(hit?.more_match_count).toBe(1);
    expect(hit?.more_match_ids).not.toContain(undo);
  });

  it("never crosses apps and excludes the current chat, answering like a search for nothing", async () => {
    using fixture = createHistoryFixture();
    const appA = fixture.app("a");
    const appB = fixture.app("b");
    const chatA = fixture.chat(appA, "secret plan");
    fixture.message(chatA, "user", "zebra migration");
    const current = fixture.chat(appB, null);
    fixture.message(current, "user", "zebra in my own chat");
    await indexFixture(fixture);
    const crossApp = await searchChats(context(fixture, appB, current), { query: "zebra" });
    const nothing = await searchChats(context(fixture, appB, current), {
      query: "nonexistentterm",
    });
    expect({ ...crossApp, query: "" }).toEqual({ ...nothing, query: "" });
    expect(crossApp.chats).toEqual([]);
    const missingApp = await searchChats(context(fixture, 999), { query: "zebra" });
    expect({ ...missingApp, query: "" }).toEqual({ ...nothing, query: "" });
  });

  it("checks hits against the store: a stale index row (moved, still queued) never leaks", async () => {
    using fixture = createHistoryFixture();
    const appA = fixture.app("a");
    const appB = fixture.app("b");
    const chatA = fixture.chat(appA, null);
    const other = fixture.chat(appA, null);
    const chatB = fixture.chat(appB, null);
    const moved = fixture.message(chatA, "user", "zebra migration plan");
    const stays = fixture.message(other, "user", "zebra notes");
    await indexFixture(fixture);
    fixture.store.db.prepare("UPDATE messages SET chat_id = ? WHERE id = ?").run(chatB, moved);
    fixture.store.db
      .prepare("UPDATE messages SET is_compaction_summary = 1 WHERE id = ?")
      .run(stays);
    const inA = await searchChats(context(fixture, appA), { query: "zebra" });
    expect(hits(inA)).toEqual([[other, [stays]]]);
    expect(inA.chats[0]?.matches[0]?.is_compaction_summary).toBe(true);
    const inB = await searchChats(context(fixture, appB), { query: "zebra" });
    expect(hits(inB)).toEqual([]);
  });

  it("gives excerpts of projection text: no code bodies, no markup, at most 300 chars", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, null);
    const filler = "Some context about the system. ".repeat(20);
    fixture.message(
      chat,
      "assistant",
      `${filler}We picked Fly.io for hosting.\n\`\`\`ts\nconst hosting = "fly";\n\`\`\`\n<dyad-write path="fly.toml">app = "x"</dyad-write>`,
    );
    await indexFixture(fixture);
    const [hit] = (await searchChats(context(fixture, app), { query: "hosting" })).chats;
    const excerpt = hit?.matches[0]?.excerpt ?? "";
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt).toContain("We picked Fly.io for hosting.");
    expect(excerpt).not.toMatch(/const hosting|app = "x"|<b>|\[\.\.\.\]/);
    expect(excerpt.startsWith("…")).toBe(true);
  });

  it("stays within 12 KB on oversized input and says it was truncated", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    for (let n = 0; n < 25; n += 1) {
      const chat = fixture.chat(app, `长标题${"😀".repeat(400)}`);
      for (let m = 0; m < 3; m += 1) fixture.message(chat, "user", `覆盖 ${"😀測".repeat(3_000)}`);
    }
    await indexFixture(fixture);
    const result = await searchChats(context(fixture, app), { query: "覆盖", limit: 20 });
    expect(jsonBytes(result)).toBeLessThanOrEqual(12 * 1024);
    expect(result.truncated).toBe(true);
    expect(result.chats.length).toBeGreaterThan(0);
  });

  it("reports indexing while the app has queued messages, and waits for a given indexer", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, null);
    fixture.message(chat, "user", "queued words");
    const before = await searchChats(context(fixture, app), { query: "queued" });
    expect([before.index_status, before.pending_count, before.chats]).toEqual(["indexing", 1, []]);
    const excluded = await searchChats(context(fixture, app, chat), { query: "queued" });
    expect([excluded.index_status, excluded.pending_count]).toEqual(["ready", 0]);
    const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    const after = await searchChats(
      { ...context(fixture, app), indexer, indexWaitMs: 5_000 },
      { query: "queued" },
    );
    expect([after.index_status, after.pending_count, after.chats.length]).toEqual(["ready", 0, 1]);
  });

  it.each([
    [{ query: "" }, "query"],
    [{ query: "   " }, "query"],
    [{ query: "x".repeat(501) }, "query"],
    [{ query: "ok", limit: 0 }, "limit"],
    [{ query: "ok", limit: 21 }, "limit"],
    [{ query: "ok", limit: 1.5 }, "limit"],
  ])("rejects %j naming %s", async (input, argument) => {
    using fixture = createHistoryFixture();
    const error = await searchChats(context(fixture, fixture.app("a")), input).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).argument).toBe(argument);
  });

  it("never raises an SQLite error for arbitrary Unicode and FTS5 operator soup", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "NEAR title body");
    fixture.message(chat, "user", 'AND OR NOT NEAR "quoted" title: body* ^start (paren) 认证 ́');
    await indexFixture(fixture);
    const operator = fc.constantFrom(
      '"',
      '""',
      "NEAR",
      "NEAR(",
      "NEAR/3",
      "*",
      "^",
      "title:",
      "body:",
      "cjk:",
      "scope:",
      "{title body}:",
      "-",
      "+",
      "(",
      ")",
      "AND",
      "OR",
      "NOT",
      ":",
      "{",
      "}",
      "\\",
      "'",
      "\u0000",
      "́",
      "认证",
      " ",
    );
    const query = fc
      .array(fc.oneof(operator, fc.string({ unit: "grapheme", maxLength: 8 })), {
        minLength: 1,
        maxLength: 40,
      })
      .map((parts) => parts.join(" ").slice(0, 500))
      .filter((q) => q.trim() !== "");
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const result = await searchChats(context(fixture, app), { query: q, limit: 20 });
        expect(result.query).toBe(q);
      }),
      { numRuns: 400 },
    );
  });
});
