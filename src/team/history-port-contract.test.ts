/**
 * The history port's contract on both backends (issue 32): the same seeded history, pushed to a
 * real PostgreSQL for the team backend, searched, read and explored (the offline engine) through
 * the port; same bounds, same-app scoping, the current chat excluded, one NotFound.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExplorerEngine } from "../agent/explorer-engine.js";
import { exploreApp } from "../agent/tools/explore-chat-history/explore-app.js";
import { AppNotFoundError } from "../errors/recollect-error.js";
import { type HistoryPort, sqliteHistoryPort } from "../history/index.js";
import { createHistoryFixture, type HistoryFixture } from "../history/testing/history-fixture.js";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../test/postgres-cluster.js";
import { describeRequiring } from "../test/require-resource.js";
import { contractHistory, PRIVATE_WORD, RUNBOOK } from "./testing/contract-history.js";
import { kindOf } from "./testing/kind-of.js";
import { createTeamFixture, type TeamFixture } from "./testing/team-fixture.js";

/** The contract, run against the port `open()` gives. */
function contract(open: () => { port: HistoryPort }) {
  let port: HistoryPort;
  let shop: number;
  const chatId = async (title: string) => {
    const chats = await port.listChats(shop);
    const chat = chats.find((c) => c.title === title);
    if (chat === undefined) throw new Error(`no chat ${title}`);
    return chat.id;
  };
  const scope = (currentChatId: number | null = null) => ({
    appId: shop,
    currentChatId,
    currentMessageId: null,
  });
  beforeAll(async () => {
    port = open().port;
    shop = (await port.resolveApp("shop")).id;
  });

  it("resolves apps by name as locally and refuses an unknown one as not found", async () => {
    expect((await port.resolveApp("Shop")).name).toBe("Shop");
    expect(await kindOf(port.resolveApp("Nowhere"))).toBe("not_found");
    const apps = await port.listApps();
    expect(apps.map((app) => [app.name, app.chatCount, app.messageCount])).toEqual([
      ["Other", 1, 1],
      ["Shop", 4, 8],
    ]);
  });

  it("finds a decision in the app only, ranked, with projection excerpts", async () => {
    const result = await port.searchChats(scope(), { query: "passkeys authentication" });
    expect(result.index_status).toBe("ready");
    expect(result.chats.map((chat) => chat.chat_title)).toEqual(["Login design", "Payments"]);
    const first = result.chats[0];
    expect(first?.matches[0]?.excerpt).toBe(
      "We decided to use passkeys for authentication instead of passwords.",
    );
    expect(first?.matches.length).toBe(2);
  });

  it("finds CJK text by its bigrams as the local index does", async () => {
    const result = await port.searchChats(scope(), { query: "认证" });
    expect(result.chats.map((chat) => chat.chat_title)).toEqual(["认证方案"]);
    const single = await port.searchChats(scope(), { query: "密" });
    expect(single.chats.map((chat) => chat.chat_title)).toEqual(["认证方案"]);
  });

  it("never finds nor shows a private span", async () => {
    const result = await port.searchChats(scope(), { query: PRIVATE_WORD });
    expect(result.chats).toEqual([]);
    const read = await port.readChat(scope(), { chat_id: await chatId("Staging") });
    expect(read.messages[0]?.content).not.toContain(PRIVATE_WORD);
    expect(read.messages[0]?.content).toContain("reset nightly");
  });

  it("cuts a long message at 2,400 chars unless a person asks for it whole", async () => {
    const staging = await chatId("Staging");
    const bounded = await port.readChat(scope(), { chat_id: staging });
    expect(bounded.messages[1]?.content.length).toBeLessThanOrEqual(2_400);
    expect(bounded.messages[1]?.projection_truncated).toBe(true);
    const whole = await port.readChat(scope(), { chat_id: staging }, "whole");
    expect(whole.messages[1]?.content).toBe(RUNBOOK);
    expect(whole.messages[1]?.projection_truncated).toBe(false);
    expect(whole.messages[0]?.content).not.toContain(PRIVATE_WORD);
  });

  it("excludes the current chat from search", async () => {
    const auth = await chatId("Login design");
    const result = await port.searchChats(scope(auth), { query: "passkeys" });
    expect(result.chats.map((chat) => chat.chat_id)).not.toContain(auth);
    expect(result.chats.map((chat) => chat.chat_title)).toEqual(["Payments"]);
  });

  it("searches a misspelt word as the app's own spelling, never another app's", async () => {
    const result = await port.searchChats(scope(), { query: "authentcation" });
    expect(result.corrections).toEqual([{ from: "authentcation", to: "authentication" }]);
    expect(result.chats.map((chat) => chat.chat_title)).toEqual(["Login design"]);
    // Only the other app writes "rejected": nothing to correct to in this one.
    const elsewhere = await port.searchChats(scope(), { query: "rejectd" });
    expect([elsewhere.corrections, elsewhere.chats]).toEqual([undefined, []]);
  });

  it("names the things of a kind the query asks about that this app names", async () => {
    const result = await port.searchChats(scope(), { query: "how do we take payments" });
    expect(result.kinds).toEqual([{ kind: "payments", from: "payment", names: ["stripe"] }]);
    const named = await port.searchChats(scope(), { query: "Stripe payments" });
    expect(named.kinds).toBeUndefined();
  });

  it("keeps the bounds: limit 1–20, blank and over-long queries refused", async () => {
    expect((await port.searchChats(scope(), { query: "passkeys", limit: 1 })).chats.length).toBe(1);
    expect(await kindOf(port.searchChats(scope(), { query: "x", limit: 21 }))).toBe(
      "invalid_input",
    );
    expect(await kindOf(port.searchChats(scope(), { query: "   " }))).toBe("invalid_input");
    expect(await kindOf(port.searchChats(scope(), { query: "a".repeat(501) }))).toBe(
      "invalid_input",
    );
    expect(await kindOf(port.readChat(scope(), { chat_id: 1, limit: 21 }))).toBe("invalid_input");
  });

  it("reads windows in order and says not found alike for missing and other-app targets", async () => {
    const auth = await chatId("Login design");
    const page = await port.readChat(scope(), { chat_id: auth, limit: 2 });
    expect(page.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(page.has_more_after).toBe(true);
    const second = page.messages[1]?.message_id ?? 0;
    const around = await port.readChat(scope(), {
      chat_id: auth,
      around_message_id: second,
      before: 1,
      after: 1,
    });
    expect(around.messages.map((m) => m.content)).toEqual([
      "We decided to use passkeys for authentication instead of passwords.",
      "Agreed: passkeys first, with email magic links as the fallback.",
      "The session lifetime stays at thirty days for every device.",
    ]);
    const other = (await port.resolveApp("Other")).id;
    const otherChat = (await port.listChats(other))[0]?.id ?? 0;
    const otherMessage =
      (await port.readChat({ ...scope(), appId: other }, { chat_id: otherChat })).messages[0]
        ?.message_id ?? 0;
    expect(await kindOf(port.readChat(scope(), { chat_id: otherChat }))).toBe("not_found");
    expect(await kindOf(port.readChat(scope(), { chat_id: 987654 }))).toBe("not_found");
    expect(
      await kindOf(port.readChat(scope(), { chat_id: auth, around_message_id: otherMessage })),
    ).toBe("not_found");
    expect(await port.isChatOfApp(otherChat, shop)).toBe(false);
  });

  it("explores with the offline engine and cites only the app's messages", async () => {
    const run = await exploreApp({
      store: port,
      appName: "Shop",
      query: "What did we decide for authentication?",
      engine: createExplorerEngine({ kind: "offline" }),
      isPro: true,
      signal: new AbortController().signal,
    });
    expect(run.appName).toBe("Shop");
    // The offline engine's confidence in a three-message chat decides complete or weak_evidence;
    // what the port owes is evidence found and cited from this app only.
    expect(run.report.outcome).not.toBe("no_match");
    const cited = run.report.findings.flatMap((f) => f.evidence.map((e) => e.chat_id));
    expect(cited.length).toBeGreaterThan(0);
    expect(new Set(cited)).toEqual(new Set([await chatId("Login design")]));
  });
}

describe("history port contract: SQLite (the embedded default)", () => {
  let fixture: HistoryFixture;
  beforeAll(() => {
    fixture = contractHistory().fixture;
  });
  afterAll(() => fixture.store.close());
  contract(() => ({ port: sqliteHistoryPort(fixture.store) }));
});

describeRequiring([POSTGRESQL], "history port contract: PostgreSQL (a team store)", () => {
  let cluster: PostgresCluster;
  let team: TeamFixture;
  let port: HistoryPort;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    team = await createTeamFixture(cluster, "contract");
    await team.grant("Shop", "alice");
    await team.grant("Other", "alice");
    const { fixture } = contractHistory();
    await team.push("alice", fixture.store, "laptop");
    fixture.store.close();
    port = await team.portFor("alice");
  });
  afterAll(async () => {
    await team?.close();
    cluster?.stop();
  });
  contract(() => ({ port }));

  it("searches a long word as the abbreviation the app writes (authentication → auth)", async () => {
    const desk = createHistoryFixture();
    const tools = desk.app("Tools");
    const chat = desk.chat(tools, "Login", Date.UTC(2026, 4, 1));
    desk.message(chat, "user", "Let's do auth with magic links, no passwords.");
    await team.push("alice", desk.store, "desk");
    desk.store.close();
    const appId = (await port.resolveApp("Tools")).id;
    const result = await port.searchChats(
      { appId, currentChatId: null, currentMessageId: null },
      { query: "authentication" },
    );
    expect(result.corrections).toEqual([{ from: "authentication", to: "auth" }]);
    expect(result.chats.map((hit) => hit.chat_title)).toEqual(["Login"]);
  });

  it("points an unknown app at the team store's own listing, not the local one", async () => {
    const url = team.urlOf("alice");
    const error = await port.resolveApp("Shp").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppNotFoundError);
    expect((error as AppNotFoundError).suggestions).toEqual(["Shop"]);
    expect((error as AppNotFoundError).remedies.map((remedy) => remedy.args)).toEqual([
      ["apps", "--store", url],
    ]);
    // A member whose one grant was revoked: a role that may see no app at all.
    await team.grant("Other", "dave");
    await team.revoke("Other", "dave");
    const nobody = await team.portFor("dave");
    const none = await nobody.resolveApp("Shop").catch((caught: unknown) => caught);
    expect((none as AppNotFoundError).storeHasApps).toBe(false);
    expect((none as AppNotFoundError).remedies.map((remedy) => remedy.args)).toEqual([
      ["push", "--to", team.urlOf("dave")],
    ]);
  });
});
