/**
 * The web app on a team store (`recollect serve --store postgres://…`, issue 32), against a real
 * PostgreSQL and the real offline router and explorer: the person's chats and replies stay in the
 * local store, a turn recalls the team store's app of the local app's name (never the local
 * archive, never an app not granted), its evidence opens from the team store, and a cited
 * message gone from there is flagged as removed.
 */
import type { Hono } from "hono";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createIndexer, type HistoryPort } from "../history/index.js";
import { createHistoryFixture, type HistoryFixture } from "../history/testing/history-fixture.js";
import { contractHistory } from "../team/testing/contract-history.js";
import { createTeamFixture, type TeamFixture } from "../team/testing/team-fixture.js";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../test/postgres-cluster.js";
import { describeRequiring } from "../test/require-resource.js";
import type { ServerEvent } from "./shared/server-events.js";
import { splitSseFrames } from "./shared/sse-frames.js";
import { createOfflineTestApp } from "./testing/offline-app.js";

/** Only the local archive says this: a turn on the team store must never cite it. */
const LOCAL_ONLY = "We decided to use passwords with SMS codes for authentication.";

describeRequiring([POSTGRESQL], "the web app on a team store", () => {
  let cluster: PostgresCluster;
  let team: TeamFixture;
  let port: HistoryPort;
  let local: HistoryFixture;
  let app: Hono;
  let shop = 0;
  let other = 0;
  let teamShop = 0;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    team = await createTeamFixture(cluster, "serve");
    await team.grant("Shop", "alice");
    await team.grant("Other", "carol");
    const { fixture } = contractHistory();
    await team.push("alice", fixture.store, "laptop");
    await team.push("carol", fixture.store, "desk", { appId: 2 });
    fixture.store.close();
    port = await team.portFor("alice");
    teamShop = (await port.resolveApp("Shop")).id;
    // Alice's own machine: the same app names, a local archive the web app must not recall.
    local = createHistoryFixture();
    shop = local.app("shop");
    other = local.app("Other");
    local.message(local.chat(shop, "Old local notes", Date.UTC(2025, 0, 1)), "user", LOCAL_ONLY);
    await createIndexer({ store: local.store }).drainAll();
    app = createOfflineTestApp(local.store, {
      isPro: true,
      settings: { consent: { read_chat: "always" } },
      history: port,
    });
  }, 60_000);
  afterAll(async () => {
    await team?.close();
    cluster?.stop();
    local?.store.close();
  });

  const newChat = async (appId: number): Promise<number> => {
    const response = await app.request(`/api/apps/${appId}/chats`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { chat: { id: number } }).chat.id;
  };
  const turn = async (chatId: number, message: string): Promise<ServerEvent[]> => {
    const response = await app.request(`/api/chats/${chatId}/turns`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message }),
    });
    expect(response.status).toBe(200);
    return splitSseFrames(await response.text()).payloads.map(
      (payload) => JSON.parse(payload) as ServerEvent,
    );
  };
  const cited = (events: readonly ServerEvent[]) => {
    // The explorer's last card: a drill-down read_chat may follow it.
    const card = events
      .flatMap((e) => (e.type === "card-update" && e.card.kind === "explore" ? [e.card] : []))
      .at(-1);
    if (card?.kind !== "explore" || !("report" in card.card)) return [];
    return card.card.report.findings.flatMap((finding) => finding.evidence);
  };
  const messages = async (appId: number, chatId: number, query = "") => {
    const response = await app.request(`/api/apps/${appId}/chats/${chatId}/messages${query}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("says where the history is", async () => {
    const response = await app.request("/api/apps");
    expect(((await response.json()) as { historyStore: string }).historyStore).toBe("team");
  });

  it("recalls the team store's app of the local app's name, and opens its evidence there", async () => {
    const chat = await newChat(shop);
    const events = await turn(chat, "What did we decide for authentication?");
    const evidence = cited(events);
    const teamChats = await port.listChats(teamShop);
    const login = teamChats.find((c) => c.title === "Login design")?.id;
    expect(evidence.length).toBeGreaterThan(0);
    expect(new Set(evidence.map((target) => target.chat_id))).toEqual(new Set([login]));
    expect(evidence.map((target) => target.excerpt).join(" ")).not.toContain("SMS");
    // The turn itself is the person's: stored in the local web chat.
    const mine = await messages(shop, chat);
    expect((mine.body.chat as { origin: string }).origin).toBe("web");
    expect((mine.body.messages as unknown[]).length).toBe(2);
    // The drill-down read after the report read the team store's chat too.
    const read = events.find((e) => e.type === "tool-call-start" && e.toolName === "read_chat");
    expect(read?.type === "tool-call-start" ? read.input : null).toMatchObject({ chat_id: login });

    const target = evidence[0]!;
    const opened = await messages(shop, target.chat_id, `?message=${target.message_id}&store=team`);
    expect(opened.status).toBe(200);
    expect(opened.body.chat).toMatchObject({
      id: login,
      appId: shop,
      title: "Login design",
      messageCount: 3,
      origin: "imported",
      kept: false,
    });
    const shown = opened.body.messages as { id: number; segments: { text?: string }[] }[];
    expect(shown.map((m) => m.segments.map((s) => s.text).join(""))).toEqual([
      "We decided to use passkeys for authentication instead of passwords.",
      "Agreed: passkeys first, with email magic links as the fallback.",
      "The session lifetime stays at thirty days for every device.",
    ]);
    expect([opened.body.hasEarlier, opened.body.hasLater]).toEqual([false, false]);
    const first = shown[0]!.id;
    const after = await messages(shop, target.chat_id, `?after=${first}&store=team`);
    expect((after.body.messages as { id: number }[]).map((m) => m.id)).toEqual(
      shown.slice(1).map((m) => m.id),
    );
    expect(after.body.hasEarlier).toBe(true);

    // A cited message removed from the team store is flagged so on the stored card.
    await team.admin.pool.query("DELETE FROM recollect.messages WHERE id = $1", [
      target.message_id,
    ]);
    const later = await messages(shop, chat);
    const notes = (later.body.messages as { citations: unknown[] }[]).flatMap((m) => m.citations);
    expect(notes).toContainEqual({
      chatId: target.chat_id,
      messageId: target.message_id,
      state: "removed",
      kept: false,
    });
  });

  it("finds nothing of an app the member is not granted, through turns and links alike", async () => {
    const chat = await newChat(other);
    const events = await turn(chat, "What did we decide for authentication?");
    const error = events.find((event) => event.type === "turn-error");
    expect(error?.type === "turn-error" ? error.error.kind : null).toBe("not_found");
    const carols = await team.portFor("carol");
    const otherChat = (await carols.listChats((await carols.resolveApp("Other")).id))[0]!.id;
    expect((await messages(shop, otherChat, "?store=team")).status).toBe(404);
    expect((await messages(other, otherChat, "?store=team")).status).toBe(404);
  });

  it("refuses store=team on a server without a team store", async () => {
    const localOnly = createOfflineTestApp(local.store, { isPro: true });
    const response = await localOnly.request(`/api/apps/${shop}/chats/1/messages?store=team`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { kind: string } }).error.kind).toBe(
      "invalid_input",
    );
  });
});
