/**
 * The offline explorer as a real AI SDK `LanguageModelV3`: `streamText`/`generateText` drive it
 * exactly like a hosted model. Each call re-reads the run (typed task options, earlier tool calls,
 * the host's JSON answers), asks the pure policy for the next step, and answers with that step's
 * tool calls — several in one step when the stage fans out — or text when no tool may be called.
 * In-process, deterministic, no network, no clock.
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
import { type ActionConstraints, decideNextAction } from "./decide-next-action.js";
import {
  DEFAULT_POLICY,
  type OfflineStage,
  type PolicyConfig,
  policyVersion,
} from "./policy-parameters.js";
import { readRunState } from "./run-state.js";

/** The production policy's version, derived from its parameters (`policy-parameters.ts`). */
export const OFFLINE_POLICY_VERSION = policyVersion(DEFAULT_POLICY);
/** The model id of `config`'s policy: `recollect-offline-<policy version>`. */
export function offlineModelId(config: PolicyConfig = DEFAULT_POLICY): string {
  return `recollect-offline-${policyVersion(config)}`;
}
/** The model id the production offline engine reports (`Engine.modelId`). */
export const OFFLINE_MODEL_ID = offlineModelId();
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

/** One planned response: the content parts and how it finishes. */
interface PlannedResponse {
  readonly content: readonly LanguageModelV3Content[];
  readonly finishReason: LanguageModelV3FinishReason;
  readonly usage: LanguageModelV3Usage;
}

/**
 * Plans the response for `options`. Tool call ids are `offline-call-<n>` where n counts tool calls
 * already in the prompt, so they are unique within a run and identical across identical runs.
 */
export function planResponse(
  options: LanguageModelV3CallOptions,
  config: PolicyConfig = DEFAULT_POLICY,
): PlannedResponse {
  const state = readRunState(options);
  const action = decideNextAction(state, constraintsOf(options), config);
  const inputChars = promptChars(options);
  if (action.type === "text") {
    return {
      content: [{ type: "text", text: action.text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: usageOf(inputChars, action.text.length),
    };
  }
  const content = action.calls.map(
    (call, index): LanguageModelV3Content => ({
      type: "tool-call",
      toolCallId: `offline-call-${state.toolCallCount + index + 1}`,
      toolName: call.toolName,
      input: JSON.stringify(call.input),
    }),
  );
  const outputChars = content.reduce(
    (sum, part) => sum + (part.type === "tool-call" ? part.input.length : 0),
    0,
  );
  return {
    content,
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage: usageOf(inputChars, outputChars),
  };
}

function streamPartsOf(planned: PlannedResponse, modelId: string): LanguageModelV3StreamPart[] {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: "offline-response", modelId },
  ];
  for (const content of planned.content) {
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
  }
  parts.push({ type: "finish", finishReason: planned.finishReason, usage: planned.usage });
  return parts;
}

/** Options of {@link createOfflineLanguageModel}. */
export interface OfflineModelOptions {
  /** Pipeline stages to switch off (ablation runs); default none. */
  readonly ablate?: readonly OfflineStage[];
}

/** The policy configuration for `options`. */
export function policyConfigOf(options: OfflineModelOptions = {}): PolicyConfig {
  if (!options.ablate || options.ablate.length === 0) return DEFAULT_POLICY;
  return { parameters: DEFAULT_POLICY.parameters, off: new Set(options.ablate) };
}

/**
 * Creates the offline `LanguageModelV3`. Honours `tools` (only offered tools are called),
 * `toolChoice` (a forced `submit_report` submits now; `none` answers in text) and `abortSignal`
 * (an aborted call rejects / errors the stream with the signal's reason). Other sampling settings
 * are irrelevant to a deterministic policy and ignored without warnings.
 */
export function createOfflineLanguageModel(options: OfflineModelOptions = {}): LanguageModelV3 {
  const config = policyConfigOf(options);
  const modelId = offlineModelId(config);
  return {
    specificationVersion: "v3",
    provider: "recollect.offline",
    modelId,
    supportedUrls: {},
    async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
      if (options.abortSignal?.aborted) throw abortReason(options.abortSignal);
      const planned = planResponse(options, config);
      return {
        content: [...planned.content],
        finishReason: planned.finishReason,
        usage: planned.usage,
        warnings: [],
        response: { id: "offline-response", modelId },
      };
    },
    async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
      const signal = options.abortSignal;
      if (signal?.aborted) throw abortReason(signal);
      const parts = streamPartsOf(planResponse(options, config), modelId);
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
