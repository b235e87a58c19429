/**
 * One primary-agent turn on the AI SDK: `streamText` with the system prompt for the mode, the
 * built toolset (wrapped for consent, cards and events), a step cap and the turn's abort signal.
 * Emits the {@link AgentEvent} stream (see `contracts/agent-events.ts` for the order guarantees) and
 * records one privacy-safe `primary_turn` telemetry event.
 */

import { type LanguageModel, type ModelMessage, stepCountIs, streamText } from "ai";
import type { AgentEvent, AgentEventSink, TurnFinishReason } from "../../contracts/agent-events.js";
import type { AgentMode } from "../../contracts/agent-mode.js";
import type { ReplyLocale } from "../../contracts/reply-locale.js";
import type { Engine } from "../../engine/engine.js";
import {
  AbortedError,
  InvalidInputError,
  type RecollectError,
} from "../../errors/recollect-error.js";
import { DISCARD_TELEMETRY, type TelemetrySink } from "../../telemetry/index.js";
import type { BuiltToolSet } from "../build-tool-set.js";
import type { ConsentPrompter } from "../consent/consent-prompter.js";
import type { AgentContext } from "../context.js";
import { EXPLORE_CHAT_HISTORY_TOOL_NAME } from "../tools/tool-names.js";
import { toAiToolSet } from "./ai-tool-set.js";
import { classifyTurnError } from "./classify-error.js";
import { isFixedReplyPart, isRecallNoticePart } from "./fixed-reply.js";
import { buildSystemPrompt } from "./system-prompt.js";

/** Most model steps in one turn: room for explore → (read) → answer, with slack for retries. */
export const MAX_PRIMARY_STEPS = 6;

/** Options for {@link runPrimaryTurn}. */
export interface PrimaryTurnOptions {
  /** The turn's locked context (app, chat, in-flight message, Pro, abort signal). */
  readonly ctx: AgentContext;
  /** The primary model: the offline router, or an Engine-backed / free model. */
  readonly model: LanguageModel;
  /** The Engine the explorer uses; null when none is configured (the explorer then fails closed). */
  readonly engine: Engine | null;
  readonly mode: AgentMode;
  /** From `buildToolSet(ctx, …)`; the model is given exactly these tools. */
  readonly toolSet: BuiltToolSet;
  /** The conversation so far, ending with the person's new message. */
  readonly messages: readonly ModelMessage[];
  readonly prompter: ConsentPrompter;
  readonly onEvent: AgentEventSink;
  readonly telemetry?: TelemetrySink;
  /** Model steps cap, 1–20. Default {@link MAX_PRIMARY_STEPS}. */
  readonly maxSteps?: number;
  /** Turn id for `turn-start`; default `turn-<now>`. */
  readonly turnId?: string;
  /** Clock in ms. Default `Date.now`. */
  readonly now?: () => number;
  /** The language of Recollect's own fixed replies this turn (the offline router's). Default `en`. */
  readonly locale?: ReplyLocale;
}

/** What the turn produced. `responseMessages` extend the conversation for the next turn. */
export interface PrimaryTurnResult {
  readonly outcome: "finished" | "error" | "aborted";
  readonly text: string;
  readonly steps: number;
  readonly responseMessages: readonly ModelMessage[];
  readonly error: RecollectError | null;
}

function finishReasonOf(reason: string): TurnFinishReason {
  switch (reason) {
    case "stop":
    case "length":
    case "tool-calls":
    case "content-filter":
      return reason;
    default:
      return "other";
  }
}

/**
 * Runs one turn. Never throws for model or tool failures: they end the turn with `turn-error`
 * (and `outcome: "error"`/`"aborted"`). Nothing is emitted after the terminal event.
 *
 * @throws InvalidInputError when `messages` is empty or `maxSteps` is outside 1–20.
 */
export async function runPrimaryTurn(options: PrimaryTurnOptions): Promise<PrimaryTurnResult> {
  const { ctx, toolSet, mode } = options;
  const now = options.now ?? Date.now;
  const maxSteps = options.maxSteps ?? MAX_PRIMARY_STEPS;
  const telemetry = options.telemetry ?? DISCARD_TELEMETRY;
  if (options.messages.length === 0) {
    throw new InvalidInputError("messages", "at least one message (the person's new message)");
  }
  if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > 20) {
    throw new InvalidInputError("maxSteps", "an integer from 1 to 20", `got ${maxSteps}`);
  }
  const started = now();
  let terminated = false;
  const emit = (event: AgentEvent) => {
    if (terminated) return;
    if (event.type === "turn-finish" || event.type === "turn-error") terminated = true;
    options.onEvent(event);
  };

  const toolNames = toolSet.tools.map((entry) => entry.definition.name);
  emit({
    type: "turn-start",
    turnId: options.turnId ?? `turn-${started}`,
    mode,
    tools: toolSet.tools.map((entry) => ({ name: entry.definition.name, consent: entry.consent })),
  });

  const announced = new Set<string>();
  let toolCalls = 0;
  // After the explorer has reported, later steps no longer offer it: the prompt says never to
  // restart broad discovery, and the host enforces it (read_chat stays for drill-down).
  let explorerReported = false;
  const observe: AgentEventSink = (event) => {
    if (
      event.type === "tool-result" &&
      event.ok &&
      event.toolName === EXPLORE_CHAT_HISTORY_TOOL_NAME
    ) {
      explorerReported = true;
    }
  };
  const afterReportTools = toolNames.filter((name) => name !== EXPLORE_CHAT_HISTORY_TOOL_NAME);
  const tools = toAiToolSet(toolSet, {
    ctx,
    engine: options.engine,
    prompter: options.prompter,
    emit: (event) => {
      observe(event);
      emit(event);
    },
    telemetry,
    now,
    onCallStarted: (id) => {
      announced.add(id);
      toolCalls++;
    },
  });

  let text = "";
  // Whether some text of the turn was not a fixed reply of the offline router (a model wrote it).
  let modelText = false;
  // Whether some fixed text was the router's notice to a recall question it could not explore.
  let recallNoticeText = false;
  let steps = 0;
  let finishReason: TurnFinishReason = "other";
  let failure: RecollectError | null = null;
  let responseMessages: readonly ModelMessage[] = [];
  try {
    const result = streamText({
      model: options.model,
      system: buildSystemPrompt({ mode, toolNames }),
      messages: [...options.messages],
      tools,
      stopWhen: stepCountIs(maxSteps),
      prepareStep: () => (explorerReported ? { activeTools: afterReportTools } : {}),
      abortSignal: ctx.abortSignal,
      // Only Recollect's offline router reads this namespace (its fixed replies' language).
      providerOptions: { recollect: { locale: options.locale ?? "en" } },
      maxRetries: 0,
      // Error parts are classified from fullStream below; the SDK's default console logging would
      // duplicate them on stderr.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case "text-delta":
          text += part.text;
          if (part.text !== "" && !isFixedReplyPart(part.providerMetadata)) modelText = true;
          if (part.text !== "" && isRecallNoticePart(part.providerMetadata))
            recallNoticeText = true;
          emit({ type: "text-delta", delta: part.text });
          break;
        case "tool-error":
          // Input the SDK rejected before our wrapper ran (e.g. schema violation): announce it
          // so every call has a start and a result.
          if (!announced.has(part.toolCallId)) {
            announced.add(part.toolCallId);
            toolCalls++;
            const error = classifyTurnError(part.error, ctx.abortSignal);
            emit({
              type: "tool-call-start",
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: part.input,
            });
            emit({
              type: "tool-result",
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              ok: false,
              error: {
                kind: error.kind === "internal" ? "invalid_input" : error.kind,
                message: error.message,
              },
            });
          }
          break;
        case "finish-step":
          steps++;
          break;
        case "finish":
          finishReason = finishReasonOf(part.finishReason);
          break;
        case "abort":
          failure = new AbortedError();
          break;
        case "error":
          failure ??= classifyTurnError(part.error, ctx.abortSignal);
          break;
        default:
          break;
      }
    }
    if (!failure && ctx.abortSignal.aborted) failure = new AbortedError();
    if (!failure) responseMessages = (await result.response).messages;
  } catch (error) {
    failure = classifyTurnError(error, ctx.abortSignal);
  }

  const outcome = failure ? (failure.kind === "aborted" ? "aborted" : "error") : "finished";
  if (failure) {
    emit({ type: "turn-error", error: { kind: failure.kind, message: failure.message } });
  } else {
    const fixedReply = text !== "" && !modelText;
    emit({
      type: "turn-finish",
      finishReason,
      text,
      steps,
      ...(fixedReply ? { fixedReply: true as const } : {}),
      ...(fixedReply && recallNoticeText ? { recallNotice: true as const } : {}),
    });
  }
  telemetry.record({
    event: "primary_turn",
    mode,
    duration_ms: Math.max(0, Math.round(now() - started)),
    steps,
    tool_call_count: toolCalls,
    explorer_exposed: toolNames.includes("explore_chat_history"),
    outcome,
    ...(failure ? { error_kind: failure.kind } : {}),
  });
  return { outcome, text, steps, responseMessages, error: failure };
}
