/**
 * The explorer end to end over real HTTP: the scripted OpenAI-compatible server, the real
 * `@ai-sdk/openai-compatible` provider via `createEngine`, a real migrated SQLite store seeded
 * through `writeChats`, the real indexer and the real `searchChats` / `readChat`.
 */

import { afterEach, describe, expect, it } from "vitest";
import type { ExploreCard } from "../../../card/explore-card.js";
import { RecollectError } from "../../../errors/recollect-error.js";
import { readChat, searchChats } from "../../../history/index.js";
import { openStore, type Store } from "../../../store/open-store.js";
import {
  type ScriptedTurn,
  startScriptedOpenAIServer,
} from "../../../test/scripted-openai-server.js";
import { createExplorerEngine } from "../../explorer-engine.js";
import type { ToolExecutionContext } from "../tool-definition.js";
import {
  createExploreChatHistoryTool,
  type ExploreChatHistoryOutput,
} from "./explore-chat-history-tool.js";
import { type SeededIds, STANDARD_CHATS, seed } from "./testing/explore-test-fixtures.js";

const tool = createExploreChatHistoryTool({ searchChats, readChat, now: () => 0 });
const CHILD_TOOLS = ["search_chats", "read_chat", "submit_report"];
const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function setup(): { store: Store; ids: SeededIds; appId: number; otherAppId: number } {
  const store = openStore({ path: ":memory:" });
  stores.push(store);
  const ids = seed(store, STANDARD_CHATS);
  return { store, ids, appId: ids.apps.get("Tasktide")!, otherAppId: ids.apps.get("Other")! };
}

const search = (query: string): ScriptedTurn => ({
  type: "tool-call",
  name: "search_chats",
  args: { query },
});
const submit = (findings: unknown[], extra: Record<string, unknown> = {}): ScriptedTurn => ({
  type: "tool-call",
  name: "submit_report",
  args: { summary: "Model analysis.", findings, confidence: "high", ...extra },
});

interface Harness {
  readonly cards: ExploreCard[];
  readonly requestsAtFirstCard: number[];
  readonly result: Promise<ExploreChatHistoryOutput>;
  readonly controller: AbortController;
  readonly requests: () => ReadonlyArray<{ toolNames: readonly string[]; clientClosed: boolean }>;
  readonly waitForRequests: (n: number) => Promise<void>;
}

async function explore(
  store: Store,
  appId: number,
  script: ReadonlyArray<ScriptedTurn | (() => ScriptedTurn)>,
): Promise<Harness> {
  const turns = [...script];
  const server = await startScriptedOpenAIServer({
    script: (request) => {
      const turn = turns[request.index];
      if (turn === undefined)
        return { type: "http-error", status: 500, message: "script exhausted" };
      return typeof turn === "function" ? turn() : turn;
    },
  });
  const engine = createExplorerEngine({
    kind: "openai-compatible",
    baseUrl: server.baseUrl,
    modelId: "scripted",
  });
  const controller = new AbortController();
  const cards: ExploreCard[] = [];
  const requestsAtFirstCard: number[] = [];
  const ctx: ToolExecutionContext = {
    store,
    appId,
    chatId: null,
    messageId: null,
    isPro: true,
    abortSignal: controller.signal,
    engine,
    updateCard: (card) => {
      if (cards.length === 0) requestsAtFirstCard.push(server.requests.length);
      if (card.kind === "explore") cards.push(card.card);
    },
  };
  const result = tool.execute({ query: "What did we decide about authentication?" }, ctx);
  result.then(
    () => server.close(),
    () => server.close(),
  );
  return {
    cards,
    requestsAtFirstCard,
    result,
    controller,
    requests: () => server.requests,
    waitForRequests: (n) => server.waitForRequests(n),
  };
}

async function failure(promise: Promise<unknown>): Promise<RecollectError> {
  try {
    await promise;
  } catch (error) {
    if (RecollectError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

function lastCard(cards: readonly ExploreCard[]) {
  return cards.at(-1);
}

describe("explore_chat_history over a scripted OpenAI-compatible server", () => {
  it("multi-search → read → submit returns a host-resolved report and a final card", async () => {
    const { store, ids, appId } = setup();
    const h = await explore(store, appId, [
      search("authentication"),
      search("Clerk sessions"),
      {
        type: "tool-call",
        name: "read_chat",
        args: { chat_id: ids.chats.get("auth-2"), around_message_id: ids.messages.get("auth-2#1") },
      },
      submit([{ claim: "Auth uses Clerk now.", candidate_ids: ["c1", "c2"] }]),
    ]);
    const { report, stats } = await h.result;
    expect(h.requestsAtFirstCard).toEqual([0]);
    expect(h.cards[0]?.state).toBe("pending");
    expect(h.requests().map((r) => r.toolNames)).toEqual([
      CHILD_TOOLS,
      CHILD_TOOLS,
      CHILD_TOOLS,
      CHILD_TOOLS,
    ]);
    expect(stats.searches).toBe(2);
    expect(stats.reads).toBe(1);
    expect(report.outcome).toBe("complete");
    expect(
      report.findings[0]?.evidence
        .map((e) => e.chat_id)
        .every((id) => [...ids.chats.values()].includes(id)),
    ).toBe(true);
    const card = lastCard(h.cards);
    expect(card?.state).toBe("complete");
    expect(card && "report" in card ? card.report : null).toEqual(report);
    expect(tool.toModelOutput({ report, stats })).toBe(JSON.stringify(report));
  });

  it("drops invented, duplicate, other-app and over-budget candidate ids and counts them", async () => {
    const { store, ids, appId, otherAppId } = setup();
    const read = (key: string): ScriptedTurn => ({
      type: "tool-call",
      name: "read_chat",
      args: { chat_id: ids.chats.get(key), offset: 0, limit: 10 },
    });
    const h = await explore(store, appId, [
      read("db"), // c1, c2
      read("auth-1"), // c3, c4
      read("auth-2"), // c5, c6
      read("deploy"), // c7 … c12
      () => {
        // The chat of c1/c2 moves to another app after it was observed: it must not render.
        store.db
          .prepare("UPDATE chats SET app_id = ? WHERE id = ?")
          .run(otherAppId, ids.chats.get("db"));
        return submit([
          { claim: "mixed", candidate_ids: ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8"] },
          { claim: "invented", candidate_ids: ["c404", "c3", "c3"] },
          { claim: "too many", candidate_ids: ["c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10"] },
        ]);
      },
    ]);
    const { report, stats } = await h.result;
    const dbChat = ids.chats.get("db");
    expect(report.findings.flatMap((f) => f.evidence).filter((e) => e.chat_id === dbChat)).toEqual(
      [],
    );
    expect(JSON.stringify(report)).not.toContain("Postgres");
    expect(stats.observations).toBe(12);
    expect(stats.dropped_citations).toEqual({
      unknown: 1,
      duplicate: 1,
      other_app: 2,
      deleted: 0,
      over_budget: 2,
    });
    expect(report.findings.map((f) => f.evidence.length)).toEqual([6, 1, 6]);
    expect(report.outcome).toBe("complete");
    expect(report.confidence).toBe("medium");
  });

  it("does not render a message deleted between observation and report", async () => {
    const { store, ids, appId } = setup();
    const gone = ids.messages.get("auth-1#1")!;
    const h = await explore(store, appId, [
      search("sessions"),
      () => {
        store.db.prepare("DELETE FROM messages WHERE id = ?").run(gone);
        return submit([{ claim: "sessions", candidate_ids: ["c1", "c2"] }]);
      },
    ]);
    const { report, stats } = await h.result;
    expect(report.findings.flatMap((f) => f.evidence).map((e) => e.message_id)).not.toContain(gone);
    expect(stats.dropped_citations.deleted).toBe(1);
  });

  it("bounces once when every citation fails, then falls back to evidence only", async () => {
    const { store, appId } = setup();
    const h = await explore(store, appId, [
      search("authentication"),
      submit([{ claim: "PROSE A", candidate_ids: ["c900"] }]),
      submit([{ claim: "PROSE B", candidate_ids: ["c901"] }]),
    ]);
    const { report, stats } = await h.result;
    expect(stats.bounces).toBe(1);
    expect(report.evidence_only).toBe(true);
    expect(JSON.stringify(report)).not.toMatch(/PROSE|Model analysis/);
    expect(lastCard(h.cards)?.state).toBe("evidence_only");
  });

  it("a provider error before any observation is a classified error and a failed card", async () => {
    const { store, appId } = setup();
    const h = await explore(store, appId, [
      { type: "http-error", status: 500 },
      { type: "http-error", status: 500 },
    ]);
    const error = await failure(h.result);
    expect(error.kind).toBe("provider");
    const card = lastCard(h.cards);
    expect(card?.state).toBe("failed");
    expect(card && "error" in card ? card.error.kind : null).toBe("provider");
  });

  it.each([
    ["an HTTP error", { type: "http-error", status: 503 } as ScriptedTurn],
    ["a stream error part", { type: "stream-error", mode: "error-chunk" } as ScriptedTurn],
  ])("after observations, %s gives an evidence-only partial report", async (_name, turn) => {
    const { store, appId } = setup();
    const h = await explore(store, appId, [search("authentication"), turn, turn]);
    const { report, stats } = await h.result;
    expect(report.outcome).toBe("partial");
    expect(report.partial_reason).toBe("synthesis_failed");
    expect(report.evidence_only).toBe(true);
    expect(stats.model_failures).toBe(2);
  });

  it("abort mid-stream: cancelled card, aborted error, no late completion", async () => {
    const { store, appId } = setup();
    const h = await explore(store, appId, [search("authentication"), { type: "hang" }]);
    await h.waitForRequests(2);
    h.controller.abort();
    const error = await failure(h.result);
    expect(error.kind).toBe("aborted");
    const count = h.cards.length;
    expect(lastCard(h.cards)?.state).toBe("cancelled");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(h.cards.length).toBe(count);
    expect(h.requests()[1]?.clientClosed).toBe(true);
  });

  it("a retry re-running the same search adds no duplicate observation or progress card", async () => {
    const { store, appId } = setup();
    const h = await explore(store, appId, [
      search("authentication"),
      { type: "stream-error" },
      search("authentication"),
      submit([{ claim: "Clerk", candidate_ids: ["c1"] }]),
    ]);
    const { stats } = await h.result;
    expect(stats.attempts).toBe(2);
    expect(stats.searches).toBe(1);
    expect(stats.deduped_calls).toBe(1);
    const searching = h.cards.filter(
      (c) => c?.state === "pending" && c.progress.phase === "searching",
    );
    expect(searching).toHaveLength(2); // the initial 0-count card and the one real search
  });
  it("holds the step and call budgets exactly over HTTP; spent calls force submit_report", async () => {
    const { store, appId } = setup();
    const many = Array.from({ length: 30 }, (_, i) => ({
      name: "search_chats",
      args: { query: `topic ${i}` },
    }));
    const script: ScriptedTurn[] = [{ type: "tool-calls", calls: many }];
    for (let i = 0; i < 8; i += 1) script.push(search(`again ${i}`));
    script.push(submit([]));
    const h = await explore(store, appId, script);
    const { stats, report } = await h.result;
    const requests = h.requests();
    expect(requests).toHaveLength(10);
    // Once the 24 calls are spent, every later step may only submit (searches there never run).
    expect(requests.map((r) => r.toolNames)).toEqual([
      CHILD_TOOLS,
      ...Array(9).fill(["submit_report"]),
    ]);
    expect(stats.steps).toBe(10);
    expect(stats.searches).toBe(24);
    expect(stats.refused_calls).toBe(6);
    expect(report.partial_reason).toBe("budget_exhausted");
  });
  it("forces submit_report on step 10 and never makes an 11th model call", async () => {
    const { store, appId } = setup();
    const script: ScriptedTurn[] = Array.from({ length: 9 }, (_, i) => search(`term ${i}`));
    script.push(submit([]), search("one too many"));
    const h = await explore(store, appId, script);
    const { stats } = await h.result;
    const requests = h.requests();
    expect(requests).toHaveLength(10);
    expect(requests.slice(0, 9).every((r) => r.toolNames.length === 3)).toBe(true);
    expect(requests[9]?.toolNames).toEqual(["submit_report"]);
    expect(stats.steps).toBe(10);
    expect(stats.searches).toBe(9);
  });
});
