import { describe, expect, it } from "vitest";
import { renderCardXml } from "../../card/card-xml.js";
import type { HistoryCard } from "../../card/history-card.js";
import {
  type AssistantParts,
  applyAgentEvent,
  EMPTY_PARTS,
  endParts,
  partsToContent,
} from "./assistant-parts.js";

const pending: HistoryCard = {
  kind: "explore",
  card: {
    state: "pending",
    query: "auth",
    progress: { phase: "reading", searches: 2, reads: 1, discussions: 1, observations: 4 },
  },
};
const cancelled: HistoryCard = { kind: "explore", card: { state: "cancelled", query: "auth" } };
const failed: HistoryCard = {
  kind: "explore",
  card: { state: "failed", query: "auth", error: { kind: "provider", message: "Engine down." } },
};

function fold(events: Parameters<typeof applyAgentEvent>[1][]): AssistantParts {
  return events.reduce(applyAgentEvent, EMPTY_PARTS);
}

describe("assistant parts", () => {
  it("keeps text and cards in order, replaces a card in place, and persists cards as XML", () => {
    const state = fold([
      { type: "text-delta", delta: "Let me " },
      { type: "text-delta", delta: "check." },
      { type: "card-update", toolCallId: "a", toolName: "explore_chat_history", card: pending },
      { type: "text-delta", delta: "Done." },
      { type: "card-update", toolCallId: "a", toolName: "explore_chat_history", card: failed },
    ]);
    expect(state.parts).toEqual([
      { kind: "text", text: "Let me check." },
      { kind: "card", toolCallId: "a", card: failed },
      { kind: "text", text: "Done." },
    ]);
    expect(partsToContent(state)).toBe(
      'Let me check.\n<dyad-explore-chat-history state="failed" query="auth" error-kind="provider" error-message="Engine down."></dyad-explore-chat-history>\nDone.',
    );
  });

  it("cancels pending cards at once and ignores every later update", () => {
    const stopped = endParts(
      fold([
        { type: "card-update", toolCallId: "a", toolName: "explore_chat_history", card: pending },
      ]),
      { kind: "aborted", message: "" },
    );
    expect(stopped.parts).toEqual([{ kind: "card", toolCallId: "a", card: cancelled }]);
    const late = applyAgentEvent(stopped, {
      type: "card-update",
      toolCallId: "a",
      toolName: "explore_chat_history",
      card: failed,
    });
    expect(late).toBe(stopped);
    expect(applyAgentEvent(stopped, { type: "text-delta", delta: "late" })).toBe(stopped);
  });

  it("marks pending cards failed when the turn fails for another reason", () => {
    const state = fold([
      { type: "card-update", toolCallId: "a", toolName: "explore_chat_history", card: pending },
      { type: "turn-error", error: { kind: "provider", message: "Engine down." } },
    ]);
    expect(state.ended).toBe(true);
    expect(state.parts).toEqual([{ kind: "card", toolCallId: "a", card: failed }]);
  });

  it("leaves legacy cards as they are when the turn ends", () => {
    const legacy: HistoryCard = { kind: "read_chat", card: { state: "pending", chatId: 3 } };
    const state = fold([
      { type: "card-update", toolCallId: "r", toolName: "read_chat", card: legacy },
      { type: "turn-finish", finishReason: "stop", text: "", steps: 1 },
    ]);
    expect(state.parts).toEqual([{ kind: "card", toolCallId: "r", card: legacy }]);
    expect(state.frozen.has("r")).toBe(true);
    expect(renderCardXml(legacy)).toBe(
      '<dyad-read-chat state="pending" chat-id="3"></dyad-read-chat>',
    );
  });
});
