/**
 * Folds one turn's {@link AgentEvent}s into the assistant message: ordered text runs and cards
 * (one slot per tool call, replaced in place by each `card-update`). Used by the browser to draw
 * the live message and by the server to persist it, so both agree exactly.
 *
 * Cancellation rule (plan § Key States, Cancelled): once a turn is cancelled, every card still
 * pending becomes a cancelled card at once and that tool call is frozen; any later update for a
 * frozen tool call is ignored, so a late completion can never replace a cancelled card.
 */

import { renderCardXml } from "../../card/card-xml.js";
import type { HistoryCard } from "../../card/history-card.js";
import type { AgentEvent, AgentEventError } from "../../contracts/agent-events.js";

/** One part of an assistant message. */
export type AssistantPart =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "card"; readonly toolCallId: string; readonly card: HistoryCard };

/** The folded state. Immutable: every step returns a new value. */
export interface AssistantParts {
  readonly parts: readonly AssistantPart[];
  /** Tool calls whose cards may no longer change. */
  readonly frozen: ReadonlySet<string>;
  /** True after `turn-finish` / `turn-error` or a local cancel. */
  readonly ended: boolean;
}

/** The empty message. */
export const EMPTY_PARTS: AssistantParts = { parts: [], frozen: new Set(), ended: false };

function setCard(state: AssistantParts, toolCallId: string, card: HistoryCard): AssistantParts {
  if (state.frozen.has(toolCallId)) return state;
  const index = state.parts.findIndex(
    (part) => part.kind === "card" && part.toolCallId === toolCallId,
  );
  const part: AssistantPart = { kind: "card", toolCallId, card };
  if (index === -1) return { ...state, parts: [...state.parts, part] };
  const parts = [...state.parts];
  parts[index] = part;
  return { ...state, parts };
}

function appendText(state: AssistantParts, delta: string): AssistantParts {
  const last = state.parts.at(-1);
  if (last?.kind === "text") {
    return {
      ...state,
      parts: [...state.parts.slice(0, -1), { kind: "text", text: last.text + delta }],
    };
  }
  return { ...state, parts: [...state.parts, { kind: "text", text: delta }] };
}

/**
 * Ends the turn: every explore card still pending becomes `cancelled` (when `error` is absent or
 * `aborted`) or `failed` with the error's kind, and every card is frozen. Idempotent.
 */
export function endParts(state: AssistantParts, error?: AgentEventError): AssistantParts {
  const frozen = new Set(state.frozen);
  const parts = state.parts.map((part): AssistantPart => {
    if (part.kind !== "card") return part;
    frozen.add(part.toolCallId);
    if (part.card.kind !== "explore" || part.card.card.state !== "pending") return part;
    const { query } = part.card.card;
    const card: HistoryCard =
      error === undefined || error.kind === "aborted"
        ? { kind: "explore", card: { state: "cancelled", query } }
        : { kind: "explore", card: { state: "failed", query, error } };
    return { ...part, card };
  });
  return { parts, frozen, ended: true };
}

/** Applies one event. Events after the turn ended are ignored. Pure. */
export function applyAgentEvent(state: AssistantParts, event: AgentEvent): AssistantParts {
  if (state.ended) return state;
  switch (event.type) {
    case "text-delta":
      return event.delta ? appendText(state, event.delta) : state;
    case "card-update":
      return setCard(state, event.toolCallId, event.card);
    case "turn-finish":
      return endParts(state);
    case "turn-error":
      return endParts(state, event.error);
    default:
      return state;
  }
}

/**
 * The message content to store: text and each card's persisted XML, in order. The only place a
 * live card becomes XML.
 */
export function partsToContent(state: AssistantParts): string {
  return state.parts
    .map((part) => (part.kind === "text" ? part.text : `\n${renderCardXml(part.card)}\n`))
    .join("");
}
