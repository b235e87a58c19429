/**
 * The typed event stream of one primary-agent turn. The CLI (`recollect chat`) prints it and the
 * web server (`recollect serve`) forwards it as JSON (one event per SSE message); both consume
 * only these shapes.
 *
 * Order within a turn:
 * 1. exactly one `turn-start`;
 * 2. any number of `text-delta`, and for each tool call: `tool-call-start`, then zero or more
 *    `card-update` (the first makes the card visible; later ones replace it in place), then exactly
 *    one `tool-result`;
 * 3. exactly one terminal event: `turn-finish` or `turn-error` (an abort is `turn-error` with kind
 *    `aborted`). Nothing follows a terminal event: a cancelled card is never replaced later.
 *
 * Every event is a plain JSON-safe object; a card is a typed `HistoryCard` value, never XML.
 * These events are for the person's own screen: they may carry the model's text and tool inputs,
 * so they must never be sent to telemetry (which has its own allowlisted schema in `telemetry/`).
 */
import { z } from "zod";
import { type HistoryCard, historyCardSchema } from "../card/history-card.js";
import { RECOLLECT_ERROR_KINDS, type RecollectErrorKind } from "../errors/recollect-error.js";
import type { AgentMode } from "./agent-mode.js";
import type { Consent } from "./consent.js";

/** A tool the turn was given, as announced in `turn-start`. */
export interface AgentToolSummary {
  /** snake_case tool name (`explore_chat_history`, `read_chat`, …). */
  readonly name: string;
  /** The consent in force for this turn (`never` tools are never announced: they are removed). */
  readonly consent: Exclude<Consent, "never">;
}

/** A classified failure as events carry it: the kind plus a message free of archival text. */
export interface AgentEventError {
  readonly kind: RecollectErrorKind;
  readonly message: string;
}

/** The turn began; `tools` is the exact toolset the model was given, in registry order. */
export interface TurnStartEvent {
  readonly type: "turn-start";
  readonly turnId: string;
  readonly mode: AgentMode;
  readonly tools: readonly AgentToolSummary[];
}

/** A piece of the assistant's answer text, in order. Concatenated deltas form the answer. */
export interface TextDeltaEvent {
  readonly type: "text-delta";
  readonly delta: string;
}

/** The model called a tool; emitted before consent is asked and before the tool runs. */
export interface ToolCallStartEvent {
  readonly type: "tool-call-start";
  readonly toolCallId: string;
  readonly toolName: string;
  /** The validated tool input (e.g. `{ query }` for the explorer). */
  readonly input: unknown;
}

/**
 * The tool's card changed. `card` is the whole card (the explorer's, or a legacy read/search
 * card), replacing any earlier card of the same `toolCallId`.
 */
export interface CardUpdateEvent {
  readonly type: "card-update";
  readonly toolCallId: string;
  readonly toolName: string;
  readonly card: HistoryCard;
}

/**
 * The tool finished. On success `output` is the typed result (e.g. the explorer's `{report, stats}`)
 * and `modelOutput` the exact text the model saw. On failure `error` is classified: a consent denial
 * is `user_cancelled`, a missing entitlement `precondition`; the model sees the same error.
 */
export type ToolResultEvent =
  | {
      readonly type: "tool-result";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly ok: true;
      readonly output: unknown;
      readonly modelOutput: string;
    }
  | {
      readonly type: "tool-result";
      readonly toolCallId: string;
      readonly toolName: string;
      readonly ok: false;
      readonly error: AgentEventError;
    };

/** Why the model stopped: `stop` (answered), `length`, `tool-calls` (step cap), or `other`. */
export type TurnFinishReason = "stop" | "length" | "tool-calls" | "content-filter" | "other";

/** The turn ended normally. `text` is the full answer; `steps` counts model steps (≥ 1). */
export interface TurnFinishEvent {
  readonly type: "turn-finish";
  readonly finishReason: TurnFinishReason;
  readonly text: string;
  readonly steps: number;
  /**
   * True when `text` is not empty and all of it is a fixed reply Recollect's offline router wrote
   * ("Noted.", its help, greeting or notices), not a model's words; absent otherwise. A surface
   * that stores the turn records it (`messages.is_recollect_reply`), so the index never holds it
   * and the explorer never cites it.
   */
  readonly fixedReply?: true;
  /**
   * True when `fixedReply` is and the reply is the router's notice to a recall question it could
   * not explore (the explorer was not offered); absent otherwise. A surface that stores the turn
   * records it (`messages.is_recall_notice`), so the question it answers is no evidence either.
   */
  readonly recallNotice?: true;
}

/** The turn failed or was aborted (`error.kind === "aborted"`). Terminal. */
export interface TurnErrorEvent {
  readonly type: "turn-error";
  readonly error: AgentEventError;
}

/** One event of a primary-agent turn. */
export type AgentEvent =
  | TurnStartEvent
  | TextDeltaEvent
  | ToolCallStartEvent
  | CardUpdateEvent
  | ToolResultEvent
  | TurnFinishEvent
  | TurnErrorEvent;

/** Receives events as they happen. Must not throw; slow sinks slow the turn. */
export type AgentEventSink = (event: AgentEvent) => void;

/** Every event `type`, for exhaustive switches and client-side validation. */
export const AGENT_EVENT_TYPES = [
  "turn-start",
  "text-delta",
  "tool-call-start",
  "card-update",
  "tool-result",
  "turn-finish",
  "turn-error",
] as const satisfies readonly AgentEvent["type"][];

/** True for the two events that end a turn. */
export function isTerminalAgentEvent(event: AgentEvent): event is TurnFinishEvent | TurnErrorEvent {
  return event.type === "turn-finish" || event.type === "turn-error";
}

const errorKindSchema = z.enum(RECOLLECT_ERROR_KINDS);

const eventErrorSchema = z.object({ kind: errorKindSchema, message: z.string() });

/**
 * Validates an event received from outside the process (e.g. the web client parsing an SSE
 * message). Use `agentEventSchema.safeParse(JSON.parse(data))` rather than trusting the shape.
 */
export const agentEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("turn-start"),
    turnId: z.string(),
    mode: z.enum(["agent", "ask", "plan"]),
    tools: z.array(z.object({ name: z.string(), consent: z.enum(["always", "ask"]) })),
  }),
  z.object({ type: z.literal("text-delta"), delta: z.string() }),
  z.object({
    type: z.literal("tool-call-start"),
    toolCallId: z.string(),
    toolName: z.string(),
    input: z.unknown(),
  }),
  z.object({
    type: z.literal("card-update"),
    toolCallId: z.string(),
    toolName: z.string(),
    card: historyCardSchema,
  }),
  z.object({
    type: z.literal("tool-result"),
    toolCallId: z.string(),
    toolName: z.string(),
    ok: z.boolean(),
    output: z.unknown().optional(),
    modelOutput: z.string().optional(),
    error: eventErrorSchema.optional(),
  }),
  z.object({
    type: z.literal("turn-finish"),
    finishReason: z.enum(["stop", "length", "tool-calls", "content-filter", "other"]),
    text: z.string(),
    steps: z.number().int().min(0),
    fixedReply: z.literal(true).optional(),
    recallNotice: z.literal(true).optional(),
  }),
  z.object({ type: z.literal("turn-error"), error: eventErrorSchema }),
]);
