/**
 * The embedded offline Engine as a real AI SDK `LanguageModelV3`: `streamText`/`generateText`
 * drive it exactly like a hosted model. Each call re-reads the prompt (question, earlier tool
 * calls, the host's JSON answers), asks the pure policy for one action, and answers with one tool
 * call (or text when no tool may be called). In-process, deterministic, no network, no clock.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import {
  type ActionConstraints,
  decideNextAction,
  type OfflineAction,
} from "./decide-next-action.js";
import { readPrompt } from "./read-prompt.js";

/** Bumped whenever the policy's output for the same input changes. */
export const OFFLINE_POLICY_VERSION = 1;
/** The model id the offline engine reports (`Engine.modelId`). */
export const OFFLINE_MODEL_ID = `recollect-offline-${OFFLINE_POLICY_VERSION}`;
/** Chars per token for the usage estimate: a rough, deterministic stand-in (no tokenizer offline). */
const CHARS_PER_TOKEN = 4;
/** Tool-input deltas in a stream are this many chars, so consumers see real incremental input. */
const DELTA_CHARS = 64;

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

function constraintsOf(options: LanguageModelV3CallOptions): ActionConstraints {
  const availableTools = new Set(
    (options.tools ?? []).filter((tool) => tool.type === "function").map((tool) => tool.name),
  );
  const choice = options.toolChoice;
  const toolChoice: ActionConstraints["toolChoice"] =
    choice === undefined || choice.type === "auto"
      ? "auto"
      : choice.type === "tool"
        ? { toolName: choice.toolName }
        : choice.type;
  return { availableTools, toolChoice };
}

function toolNameOf(action: Exclude<OfflineAction, { type: "text" }>): string {
  if (action.type === "search") return "search_chats";
  if (action.type === "read" || action.type === "read-page") return "read_chat";
  return "submit_report";
}

function promptChars(options: LanguageModelV3CallOptions): number {
  return JSON.stringify(options.prompt).length;
}

function usageOf(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = Math.ceil(inputChars / CHARS_PER_TOKEN);
  const output = Math.ceil(outputChars / CHARS_PER_TOKEN);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/** One planned response: the content part and how it finishes. */
interface PlannedResponse {
  readonly content: LanguageModelV3Content;
  readonly finishReason: LanguageModelV3FinishReason;
  readonly usage: LanguageModelV3Usage;
}

/**
 * Plans the response for `options`. Tool call ids are `offline-call-<n>` where n counts tool calls
 * already in the prompt, so they are unique within a run and identical across identical runs.
 */
export function planResponse(options: LanguageModelV3CallOptions): PlannedResponse {
  const state = readPrompt(options.prompt);
  const action = decideNextAction(state, constraintsOf(options));
  const inputChars = promptChars(options);
  if (action.type === "text") {
    return {
      content: { type: "text", text: action.text },
      finishReason: { unified: "stop", raw: "stop" },
      usage: usageOf(inputChars, action.text.length),
    };
  }
  const input = JSON.stringify(action.input);
  return {
    content: {
      type: "tool-call",
      toolCallId: `offline-call-${state.toolCallCount + 1}`,
      toolName: toolNameOf(action),
      input,
    },
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage: usageOf(inputChars, input.length),
  };
}

function streamPartsOf(planned: PlannedResponse): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "offline-response", modelId: OFFLINE_MODEL_ID },
  ];
  const { content } = planned;
  if (content.type === "tool-call") {
    parts.push({ type: "tool-input-start", id: content.toolCallId, toolName: content.toolName });
    for (let offset = 0; offset < content.input.length; offset += DELTA_CHARS) {
      parts.push({
        type: "tool-input-delta",
        id: content.toolCallId,
        delta: content.input.slice(offset, offset + DELTA_CHARS),
      });
    }
    parts.push({ type: "tool-input-end", id: content.toolCallId });
    parts.push(content);
  } else if (content.type === "text") {
    parts.push({ type: "text-start", id: "offline-text" });
    parts.push({ type: "text-delta", id: "offline-text", delta: content.text });
    parts.push({ type: "text-end", id: "offline-text" });
  }
  parts.push({ type: "finish", finishReason: planned.finishReason, usage: planned.usage });
  return parts;
}

/**
 * Creates the offline `LanguageModelV3`. Honours `tools` (only offered tools are called),
 * `toolChoice` (a forced `submit_report` submits now; `none` answers in text) and `abortSignal`
 * (an aborted call rejects / errors the stream with the signal's reason). Other sampling settings
 * are irrelevant to a deterministic policy and ignored without warnings.
 */
export function createOfflineLanguageModel(): LanguageModelV3 {
  return {
    specificationVersion: "v3",
    provider: "recollect.offline",
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
      if (options.abortSignal?.aborted) throw abortReason(options.abortSignal);
      const planned = planResponse(options);
      return {
        content: [planned.content],
        finishReason: planned.finishReason,
        usage: planned.usage,
        warnings: [],
        response: { id: "offline-response", modelId: OFFLINE_MODEL_ID },
      };
    },
    async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
      const signal = options.abortSignal;
      if (signal?.aborted) throw abortReason(signal);
      const parts = streamPartsOf(planResponse(options));
      let index = 0;
      let onAbort: (() => void) | undefined;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          if (!signal) return;
          onAbort = () => controller.error(abortReason(signal));
          signal.addEventListener("abort", onAbort, { once: true });
        },
        pull(controller) {
          if (signal?.aborted) {
            controller.error(abortReason(signal));
            return;
          }
          const part = parts[index];
          index += 1;
          if (part) controller.enqueue(part);
          if (index >= parts.length) {
            if (signal && onAbort) signal.removeEventListener("abort", onAbort);
            controller.close();
          }
        },
        cancel() {
          if (signal && onAbort) signal.removeEventListener("abort", onAbort);
        },
      });
      return { stream };
    },
  };
}
