import { describe, expect, it } from "vitest";
import { refreshTermStats } from "../indexer/term-stats.js";
import {
  createHistoryFixture,
  type HistoryFixture,
  indexFixture,
} from "../testing/history-fixture.js";
import type { RetrievalContext } from "../types.js";
import {
  applyCorrections,
  findCorrections,
  maxEditsFor,
  surfaceWordFor,
} from "./correct-spelling.js";
import { porterStem } from "./porter-stem.js";
import { searchChats } from "./search-chats.js";

function context(fixture: HistoryFixture, appId: number): RetrievalContext {
  return { store: fixture.store, appId, currentChatId: null, currentMessageId: null };
}

const messageIds = (result: Awaited<ReturnType<typeof searchChats>>) =>
  result.chats.flatMap((chat) => chat.matches.map((match) => match.message_id));

/**
 * App "a" with one chat titled `title` holding `texts` as user messages (created at 1,000 ms),
 * indexed; with the ids of those messages and the app's search scope (no current chat).
 */
async function oneChatApp(fixture: HistoryFixture, title: string, ...texts: string[]) {
  const app = fixture.app("a");
  const chat = fixture.chat(app, title, 1_000);
  const ids = texts.map((text) => fixture.message(chat, "user", text));
  await indexFixture(fixture);
  return { app, chat, ids, db: fixture.store.db, scope: { appId: app, excludeChatId: null } };
}

describe("maxEditsFor and surfaceWordFor", () => {
  it("allows no edit below 3 stem chars, 1 up to 5 and 2 from 6 (fuzziness AUTO:3,6)", () => {
    expect([2, 3, 5, 6, 12].map(maxEditsFor)).toEqual([0, 1, 1, 2, 2]);
  });

  it("finds a word FTS5 stems back to a stem that is not its own fixed point", () => {
    expect(porterStem("databas")).not.toBe("databas");
    const word = surfaceWordFor("databas");
    expect(word !== null && porterStem(word)).toBe("databas");
    expect(surfaceWordFor("authent")).toBe("authent");
  });
});

describe("spelling correction in searchChats", () => {
  it("searches a misspelled word as the app's nearest spelling and says so", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Login", 1_000);
    const id = fixture.message(chat, "user", "We use session authentication with cookies.");
    fixture.message(chat, "assistant", "Fine, sessions it is.");
    await indexFixture(fixture);
    const result = await searchChats(context(fixture, app), {
      query: "what did we decide about authentcation?",
    });
    expect(messageIds(result)).toEqual([id]);
    expect(result.corrections).toEqual([{ from: "authentcation", to: "authentication" }]);
  });

  it("corrects within two edits of a long stem and within one of a short one", async () => {
    using fixture = createHistoryFixture();
    const { db, scope } = await oneChatApp(
      fixture,
      "Storage",
      "The database is Postgres; cache in redis.",
    );
    // "datbse" (stem "datbs", 5 chars) and "rexiz" ("rexiz") are 2 edits from a short stem.
    const words = ["databse", "datbasse", "datbse", "posgtres", "rediz", "rexiz"];
    const found = await findCorrections(db, scope, words);
    expect(found.map(({ from, term, distance }) => [from, term, distance])).toEqual([
      ["databse", "databas", 1],
      ["datbasse", "databas", 2],
      ["posgtres", "postgr", 1],
      ["rediz", "redi", 1],
    ]);
  });

  it("prefers the nearer candidate, then the one more of the app's messages hold", async () => {
    using fixture = createHistoryFixture();
    const { chat, scope } = await oneChatApp(
      fixture,
      "Words",
      "cart one",
      "card two",
      "card three",
      "carts four",
    );
    // "carx": cart (1 doc... plus carts → cart: 2 docs) and card (2 docs) at distance 1; a tie
    // in the app goes to the alphabetically first.
    expect((await findCorrections(fixture.store.db, scope, ["carx"])).map((c) => c.term)).toEqual([
      "card",
    ]);
    fixture.message(chat, "user", "cart five");
    await indexFixture(fixture);
    expect((await findCorrections(fixture.store.db, scope, ["carx"])).map((c) => c.term)).toEqual([
      "cart",
    ]);
  });

  it("rejects a stem match the person's and the app's spellings are too far apart for", async () => {
    using fixture = createHistoryFixture();
    const { scope } = await oneChatApp(fixture, "Office", "A standing desk for the office.");
    // Porter stems the typo "desing" to "dese", one edit from "desk"; the words are 3 apart.
    expect(porterStem("desing")).toBe("dese");
    expect(await findCorrections(fixture.store.db, scope, ["desing", "deks"])).toEqual([
      { from: "deks", to: "desk", term: "desk", distance: 1, appDocs: 1 },
    ]);
  });

  it("leaves a word the app holds, a stopword and a short word alone", async () => {
    using fixture = createHistoryFixture();
    const { app, scope } = await oneChatApp(fixture, "Misc", "We picked vitest; the API is on ok.");
    expect(await findCorrections(fixture.store.db, scope, ["vitest", "whom", "ap", "oj"])).toEqual(
      [],
    );
    const result = await searchChats(context(fixture, app), { query: "vitest" });
    expect(result.corrections).toBeUndefined();
  });

  it("never corrects a word to two letters (llm is not ll)", async () => {
    using fixture = createHistoryFixture();
    const { scope } = await oneChatApp(fixture, "Misc", "Use ll for the long listing.");
    expect(await findCorrections(fixture.store.db, scope, ["llm"])).toEqual([]);
  });

  it("never corrects a technology's word (orm is not org), but still a typo of one (supabse)", async () => {
    using fixture = createHistoryFixture();
    const { scope } = await oneChatApp(
      fixture,
      "Misc",
      "Sessions live under the org folder; Supabase holds the rest.",
    );
    expect(
      (await findCorrections(fixture.store.db, scope, ["orm", "supabse"])).map(
        (correction) => `${correction.from}→${correction.to}`,
      ),
    ).toEqual(["supabse→supabase"]);
  });

  it("never corrects a word to a stopword (foo is not for)", async () => {
    using fixture = createHistoryFixture();
    const { scope } = await oneChatApp(
      fixture,
      "Misc",
      "Wait for the build, then look for the logs.",
    );
    expect(await findCorrections(fixture.store.db, scope, ["foo"])).toEqual([]);
  });

  it("never corrects a name to another word it starts with (graphql is not graph), but to a short form", async () => {
    using fixture = createHistoryFixture();
    const { scope } = await oneChatApp(
      fixture,
      "Build",
      "The module graph builds cleanly.",
      "We run postgres locally.",
    );
    expect(await findCorrections(fixture.store.db, scope, ["graphql"])).toEqual([]);
    const [short] = await findCorrections(fixture.store.db, scope, ["postgresql"]);
    expect(short).toMatchObject({ from: "postgresql", to: "postgres" });
  });

  it("never corrects into a word only another app holds: no correction, no leak", async () => {
    using fixture = createHistoryFixture();
    const mine = fixture.app("mine");
    const other = fixture.app("other");
    const own = fixture.chat(mine, "Mine", 1_000);
    fixture.message(own, "user", "We settled on magic links for sign in.");
    const theirs = fixture.chat(other, "Secret", 1_000);
    fixture.message(theirs, "user", "Zanzibarcorp authentication uses passkeys.");
    await indexFixture(fixture);
    const scope = { appId: mine, excludeChatId: null };
    expect(
      await findCorrections(fixture.store.db, scope, ["authentcation", "zanzibarcorpp"]),
    ).toEqual([]);
    const result = await searchChats(context(fixture, mine), {
      query: "authentcation zanzibarcorpp",
    });
    expect(result.chats).toEqual([]);
    expect(result.corrections).toBeUndefined();
    const serialized = JSON.stringify(result);
    for (const leaked of ["authentication", 'zanzibarcorp"', "passkey", "Secret"])
      expect(serialized).not.toContain(leaked);
    // The other app itself gets its correction.
    const theirsResult = await searchChats(context(fixture, other), { query: "zanzibarcorpp" });
    expect(theirsResult.corrections).toEqual([{ from: "zanzibarcorpp", to: "zanzibarcorp" }]);
  });

  it("does not count the caller's own chat as holding the word", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const current = fixture.chat(app, "Now", 2_000);
    fixture.message(current, "user", "authentcation again?");
    const old = fixture.chat(app, "Old", 1_000);
    const id = fixture.message(old, "user", "authentication is sessions");
    await indexFixture(fixture);
    const result = await searchChats(
      { store: fixture.store, appId: app, currentChatId: current, currentMessageId: null },
      { query: "authentcation" },
    );
    expect(messageIds(result)).toEqual([id]);
    expect(result.corrections).toEqual([{ from: "authentcation", to: "authentication" }]);
  });

  it("on a large index reads candidates from the indexer's term copy, once it has walked", async () => {
    using fixture = createHistoryFixture();
    const { db, scope } = await oneChatApp(
      fixture,
      "Login",
      "We use session authentication with cookies.",
    );
    const large = { minRowsForTermCopy: 1 };
    expect(await findCorrections(db, scope, ["authentcation"], large)).toEqual([]);
    await refreshTermStats(db);
    expect(db.prepare("SELECT term FROM history_terms ORDER BY term").pluck().all()).toEqual([
      "authent",
      "cooki",
      "login",
      "session",
      "us",
      "we",
      "with",
    ]);
    expect((await findCorrections(db, scope, ["authentcation"], large)).map((c) => c.to)).toEqual([
      "authentication",
    ]);
  });

  it("corrects an error in the first two letters from the term copy, and from the live vocabulary an extra first letter", async () => {
    using fixture = createHistoryFixture();
    const { db, scope } = await oneChatApp(
      fixture,
      "Stack",
      "We use Postgres and session authentication on Kubernetes.",
    );
    const typed = ["quthentication", "uthentication", "xauthentication", "ostgres", "pistgres"];
    const corrected = async (options: { minRowsForTermCopy: number }) =>
      (await findCorrections(db, scope, [...typed, "kbernetes"], options)).map(({ from, to }) => ({
        from,
        to,
      }));
    // The live vocabulary is read by two-letter prefixes only: an extra first letter is one.
    expect(await corrected({ minRowsForTermCopy: 1_000_000 })).toEqual([
      { from: "xauthentication", to: "authentication" },
    ]);
    await refreshTermStats(db);
    expect(await corrected({ minRowsForTermCopy: 1 })).toEqual([
      { from: "quthentication", to: "authentication" },
      { from: "uthentication", to: "authentication" },
      { from: "xauthentication", to: "authentication" },
      { from: "ostgres", to: "postgres" },
      { from: "pistgres", to: "postgres" },
      { from: "kbernetes", to: "kubernetes" },
    ]);
  });

  it("corrects a misspelt accented word to the app's own spelling; an accent alone is no error", async () => {
    using fixture = createHistoryFixture();
    const { app, ids, db, scope } = await oneChatApp(
      fixture,
      "Notizen",
      "Die Änderung der Konfiguration; la sécurité d'abord.",
      "Größe und Café.",
    );
    const words = ["änderng", "anderng", "sécurtié", "securite", "konfigurätion", "cafe", "grösse"];
    expect((await findCorrections(db, scope, words)).map(({ from, to }) => ({ from, to }))).toEqual(
      [
        { from: "änderng", to: "änderung" },
        { from: "anderng", to: "änderung" },
        { from: "sécurtié", to: "sécurité" },
      ],
    );
    const result = await searchChats(context(fixture, app), { query: "Änderng?" });
    expect(messageIds(result)).toEqual([ids[0]]);
    expect(result.corrections).toEqual([{ from: "änderng", to: "änderung" }]);
  });

  it("applyCorrections replaces the word and drops a repeat", () => {
    const terms = { words: ["databse", "database", "choice"], cjkRuns: ["认证"] };
    expect(applyCorrections(terms, [{ from: "databse", to: "database" }])).toEqual({
      words: ["database", "choice"],
      cjkRuns: ["认证"],
    });
  });
});
