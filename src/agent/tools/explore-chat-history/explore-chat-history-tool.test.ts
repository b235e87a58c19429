import { afterEach, describe, expect, it } from "vitest";
import type { ExploreCard } from "../../../card/explore-card.js";
import type { Engine } from "../../../engine/engine.js";
import { PreconditionError } from "../../../errors/recollect-error.js";
import { readChat, searchChats } from "../../../history/index.js";
import type { Store } from "../../../store/open-store.js";
import type { SearchChatsFunction } from "../history-port.js";
import type { ToolExecutionContext } from "../tool-definition.js";
import {
  createExploreChatHistoryTool,
  exploreChatHistoryInputSchema,
} from "./explore-chat-history-tool.js";
import { call, type MockTurn, mockModel, standardStore } from "./testing/explore-test-fixtures.js";

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function harness(turns: MockTurn[], overrides: Partial<ToolExecutionContext> = {}) {
  const { store, ids } = standardStore();
  stores.push(store);
  const cards: ExploreCard[] = [];
  const cardsAtSearch: number[] = [];
  const countingSearch: SearchChatsFunction = (ctx, input) => {
    cardsAtSearch.push(cards.length);
    return searchChats(ctx, input);
  };
  const engine: Engine = {
    kind: "offline",
    modelId: "mock",
    languageModel: () => mockModel(turns),
  };
  const ctx: ToolExecutionContext = {
    store,
    appId: ids.apps.get("Tasktide")!,
    chatId: null,
    messageId: null,
    isPro: true,
    abortSignal: new AbortController().signal,
    engine,
    updateCard: (card) => (card.kind === "explore" ? cards.push(card.card) : undefined),
    ...overrides,
  };
  const tool = createExploreChatHistoryTool({
    searchChats: countingSearch,
    readChat,
    now: () => 0,
  });
  return { tool, ctx, cards, cardsAtSearch };
}

describe("explore_chat_history tool definition", () => {
  it("has the plan's exposure properties", () => {
    const { tool, ctx } = harness([]);
    expect(tool.name).toBe("explore_chat_history");
    expect(tool.defaultConsent).toBe("always");
    expect(tool.usesEngineEndpoint).toBe(true);
    expect(tool.modifiesState).toBe(false);
    expect(tool.isEnabled(ctx)).toBe(true);
    expect(tool.isEnabled({ ...ctx, isPro: false })).toBe(false);
    expect(tool.consentPreview({ query: "q" })).toContain("sent to the Engine");
  });

  it("validates the query: trimmed, 1-500 chars", () => {
    expect(exploreChatHistoryInputSchema.parse({ query: "  auth  " })).toEqual({ query: "auth" });
    expect(exploreChatHistoryInputSchema.safeParse({ query: "   " }).success).toBe(false);
    expect(exploreChatHistoryInputSchema.safeParse({ query: "x".repeat(501) }).success).toBe(false);
    expect(exploreChatHistoryInputSchema.safeParse({ query: "x", app_id: 2 }).data).toEqual({
      query: "x",
    });
  });

  it("without Pro fails with a precondition before any card or retrieval", async () => {
    const { tool, ctx, cards, cardsAtSearch } = harness([], { isPro: false });
    const error = await tool.execute({ query: "auth" }, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PreconditionError);
    expect(error instanceof PreconditionError && error.missing).toBe("pro");
    expect(cards).toEqual([]);
    expect(cardsAtSearch).toEqual([]);
  });

  it("without an Engine fails with a precondition naming it", async () => {
    const { tool, ctx, cards } = harness([], { engine: null });
    const error = await tool.execute({ query: "auth" }, ctx).catch((e: unknown) => e);
    expect(error instanceof PreconditionError && error.missing).toBe("engine");
    expect(cards).toEqual([]);
  });

  it("shows the pending card before retrieval starts and the final card after", async () => {
    const { tool, ctx, cards, cardsAtSearch } = harness([
      call("search_chats", { query: "authentication" }),
      call("submit_report", {
        summary: "Clerk replaced sessions.",
        findings: [{ claim: "Clerk", candidate_ids: ["c1", "c2"] }],
        confidence: "high",
      }),
    ]);
    const output = await tool.execute({ query: "auth?" }, ctx);
    expect(cardsAtSearch).toEqual([1]);
    const states = cards.map((card) => card.state);
    expect(states[0]).toBe("pending");
    expect(states.at(-1)).toBe("complete");
    expect(states.slice(0, -1).every((s) => s === "pending")).toBe(true);
    for (const card of cards.slice(0, -1))
      expect(JSON.stringify(card)).not.toMatch(/Clerk|session/i);
    expect(JSON.parse(tool.toModelOutput(output))).toEqual(output.report);
    expect(tool.toModelOutput(output)).not.toContain("duration_ms");
  });
});
