import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIXED_REPLIES } from "../agent/primary/offline-router/fixed-replies.js";
import { renderCardXml } from "../card/card-xml.js";
import { createIndexer } from "../history/index.js";
import { openStore, type Store } from "../store/open-store.js";
import { toModelMessages } from "./agent-turn-runner.js";
import type { ServerEvent } from "./shared/server-events.js";
import { splitSseFrames } from "./shared/sse-frames.js";
import { createOfflineTestApp } from "./testing/offline-app.js";
import { type SeededHistory, seedHistory, seedOwnChat } from "./testing/seed-history.js";

let store: Store;
let seeded: SeededHistory;
/** The person's own chat the turns are posted to. */
let own: number;

beforeEach(async () => {
  store = openStore({ path: ":memory:" });
  seeded = seedHistory(store);
  own = seedOwnChat(store, { appId: seeded.appId, title: "Questions", lines: [] });
  const indexer = createIndexer({ store });
  await indexer.drainAll();
});
afterEach(() => store.close());

/**
 * Posts `message` as a turn and returns its events. read_chat's consent is "always" here: the
 * router may drill into a cited target, and an "ask" would wait for an answer no test gives.
 */
async function runTurn(isPro: boolean, message: string, locale?: string): Promise<ServerEvent[]> {
  const app = createOfflineTestApp(store, {
    isPro,
    settings: { consent: { read_chat: "always" } },
  });
  const response = await app.request(`/api/chats/${own}/turns`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(locale === undefined ? { message } : { message, locale }),
  });
  const text = await response.text();
  return splitSseFrames(text).payloads.map((payload) => JSON.parse(payload) as ServerEvent);
}

describe("agent turn runner", () => {
  it("stores Recollect's fixed replies in the turn's locale", async () => {
    const last = () =>
      store.db
        .prepare(
          "SELECT content, is_recollect_reply AS fixed FROM messages WHERE chat_id = ? ORDER BY id DESC LIMIT 1",
        )
        .get(own);
    await runTurn(false, "Decision: billing goes through Stripe.", "zh-CN");
    expect(last()).toEqual({ content: FIXED_REPLIES["zh-CN"].noted, fixed: 1 });
    await runTurn(false, "hello", "pt-BR");
    expect(last()).toEqual({ content: FIXED_REPLIES["pt-BR"].greeting, fixed: 1 });
    await runTurn(false, "hello");
    expect(last()).toEqual({ content: FIXED_REPLIES.en.greeting, fixed: 1 });
    const refused = await createOfflineTestApp(store, { isPro: false }).request(
      `/api/chats/${own}/turns`,
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "hello", locale: "fr" }),
      },
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { argument: string } }).error.argument).toBe(
      "body.locale",
    );
    expect(last()).toEqual({ content: FIXED_REPLIES.en.greeting, fixed: 1 });
  });

  it("runs a Pro recall question through the explorer and streams its card to a final state", async () => {
    const events = await runTurn(true, "What did we decide about authentication?");
    const start = events.find((event) => event.type === "turn-start");
    expect(start?.type === "turn-start" && start.tools.map((tool) => tool.name)).toEqual([
      "explore_chat_history",
      "read_chat",
      "set_chat_summary",
    ]);
    const cards = events.flatMap((event) => (event.type === "card-update" ? [event.card] : []));
    expect(cards[0]?.kind === "explore" && cards[0].card.state).toBe("pending");
    expect(cards.at(-1)?.kind === "explore" && cards.at(-1)?.card.state).not.toBe("pending");
    expect(events.at(-1)?.type).toBe("turn-finish");
    const stored = store.db
      .prepare("SELECT content FROM messages WHERE chat_id = ? ORDER BY id DESC LIMIT 1")
      .get(own) as { content: string };
    expect(stored.content).toContain(renderCardXml(cards.at(-1)!));
  });

  it("gives a non-Pro turn no history tools", async () => {
    const events = await runTurn(false, "What did we decide about authentication?");
    const start = events.find((event) => event.type === "turn-start");
    expect(start?.type === "turn-start" && start.tools.map((tool) => tool.name)).toEqual([
      "set_chat_summary",
    ]);
    expect(events.some((event) => event.type === "card-update")).toBe(false);
  });
});

describe("toModelMessages", () => {
  it("drops stored history cards from earlier messages and appends the new one", () => {
    expect(
      toModelMessages(
        [
          { id: 1, role: "user", content: "Q?", createdAt: "2026-01-01T00:00:00.000Z" },
          {
            id: 2,
            role: "assistant",
            content:
              'A <dyad-explore-chat-history state="cancelled" query="q"></dyad-explore-chat-history>done',
            createdAt: "2026-01-01T00:00:01.000Z",
          },
          {
            id: 3,
            role: "assistant",
            content: '<dyad-read-chat chat_id="1">secret excerpt</dyad-read-chat>',
            createdAt: "2026-01-01T00:00:02.000Z",
          },
        ],
        "Next?",
      ),
    ).toEqual([
      { role: "user", content: "Q?" },
      { role: "assistant", content: "A done" },
      { role: "user", content: "Next?" },
    ]);
  });
});

describe("a web turn's user message in the index", () => {
  /** Message ids whose indexed body matches `query` (FTS5 syntax), in the payments chat. */
  const bodyMatches = (query: string) =>
    store.db
      .prepare(
        "SELECT rowid FROM history_fts WHERE history_fts MATCH ? AND chat_id = ? ORDER BY rowid",
      )
      .pluck()
      .all(`body : ${query}`, own) as number[];
  const accepted = (events: readonly ServerEvent[]) => {
    const event = events.find((e) => e.type === "turn-accepted");
    if (event?.type !== "turn-accepted") throw new Error("no turn-accepted event");
    return event;
  };
  const PROMPT =
    "We are going with Postgres for the ledger; what did we decide about authentication?";

  it("without Pro (no history tool, no card), keeps its decision and drops its question; the router's notice is not indexed", async () => {
    const events = await runTurn(false, PROMPT);
    expect(events.some((event) => event.type === "card-update")).toBe(false);
    const { userMessageId, assistantMessageId } = accepted(events);
    await createIndexer({ store }).drainAll();
    // The router answered a recall question with its notice: the question is no more evidence
    // than one the explorer's card answered, the decision beside it still is.
    expect(bodyMatches("postgres")).toEqual([userMessageId]);
    expect(bodyMatches("ledger")).toEqual([userMessageId]);
    expect(bodyMatches("authentication")).toEqual([]);
    // "I can't look up earlier chats here: … they need Pro, an Engine-backed model …" is
    // Recollect's own fixed notice: stored as such, none of its words indexed.
    expect(
      store.db
        .prepare("SELECT is_recollect_reply, is_recall_notice FROM messages WHERE id = ?")
        .get(assistantMessageId),
    ).toEqual({ is_recollect_reply: 1, is_recall_notice: 1 });
    expect(bodyMatches("pro OR engine OR earlier")).toEqual([]);
  });

  it("with Pro (answered by the explorer's card), keeps its decision and drops its question and the reply", async () => {
    const events = await runTurn(true, PROMPT);
    expect(events.some((event) => event.type === "card-update")).toBe(true);
    const { userMessageId } = accepted(events);
    await createIndexer({ store }).drainAll();
    expect(bodyMatches("postgres")).toEqual([userMessageId]);
    expect(bodyMatches("authentication")).toEqual([]);
    expect(bodyMatches("ledger")).toEqual([userMessageId]);
  });
});
