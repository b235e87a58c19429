/**
 * The offline explorer as a real AI SDK `LanguageModelV3`: `streamText`/`generateText` drive it
 * exactly like a hosted model. Each call re-reads the run (typed task options, earlier tool calls,
 * the host's JSON answers), asks the pure policy for the next step, and answers with that step's
 * tool calls — several in one step when the stage fans out — or text when no tool may be called.
 * In-process, deterministic, no network, no clock; each step first yields to the event loop, so
 * an abort stops a run between steps.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Usage,
} from "@ai-sdk/provider";
import { simulateStreamingMiddleware, wrapLanguageModel } from "ai";
import { decideNextAction } from "./decide-next-action.js";
import {
  DEFAULT_POLICY,
  type OfflineStage,
  type PolicyConfig,
  policyVersion,
} from "./policy-parameters.js";
import { readRunState } from "./run-state.js";

/** The model id of `config`'s policy: `recollect-offline-<policy version>`. */
export function offlineModelId(config: PolicyConfig = DEFAULT_POLICY): string {
  return `recollect-offline-${policyVersion(config)}`;
}
/** The model id the production offline engine reports (`Engine.modelId`). */
export const OFFLINE_MODEL_ID = offlineModelId();
/** Chars per token for the usage estimate: a rough, deterministic stand-in (no tokenizer offline). */
const CHARS_PER_TOKEN = 4;
const RESPONSE_ID = "offline-response";

/**
 * Resolves on the event loop's next check phase, after pending I/O (stdin, signals) was handled,
 * so an abort that arrived meanwhile is seen by the step that follows.
 */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

function usageOf(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = Math.ceil(inputChars / CHARS_PER_TOKEN);
  const output = Math.ceil(outputChars / CHARS_PER_TOKEN);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/**
 * The response to `options` (content, finish reason, estimated usage), or the abort reason thrown
 * when the call's signal has fired. Tool call ids are `offline-call-<n>` where n counts tool calls
 * already in the prompt, so they are unique within a run and identical across identical runs.
 */
export function planResponse(
  options: LanguageModelV3CallOptions,
  config: PolicyConfig = DEFAULT_POLICY,
): LanguageModelV3GenerateResult {
  if (options.abortSignal?.aborted) throw abortReason(options.abortSignal);
  const state = readRunState(options);
  const availableTools = new Set(
    (options.tools ?? []).flatMap((tool) => (tool.type === "function" ? [tool.name] : [])),
  );
  const action = decideNextAction(
    state,
    { availableTools, toolChoice: options.toolChoice },
    config,
  );
  const inputChars = JSON.stringify(options.prompt).length;
  const common = { warnings: [], response: { id: RESPONSE_ID, modelId: offlineModelId(config) } };
  if (action.type === "text") {
    return {
      content: [{ type: "text", text: action.text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: usageOf(inputChars, action.text.length),
      ...common,
    };
  }
  const content = action.calls.map((call, index) => ({
    type: "tool-call" as const,
    toolCallId: `offline-call-${state.toolCallCount + index + 1}`,
    toolName: call.toolName,
    input: JSON.stringify(call.input),
  }));
  return {
    content,
    finishReason: { unified: "tool-calls", raw: "tool_calls" },
    usage: usageOf(
      inputChars,
      content.reduce((sum, part) => sum + part.input.length, 0),
    ),
    ...common,
  };
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
 * (an aborted call rejects with the signal's reason, checked after the call yielded to the event
 * loop, so an abort that arrived on stdin or as a signal meanwhile counts). Streaming is the AI SDK's
 * `simulateStreamingMiddleware`: the whole response is planned, then streamed part by part, and
 * `streamText` stops reading at an abort. Other sampling settings are irrelevant to a
 * deterministic policy and ignored without warnings.
 */
export function createOfflineLanguageModel(options: OfflineModelOptions = {}): LanguageModelV3 {
  const config = policyConfigOf(options);
  const model: LanguageModelV3 = {
    specificationVersion: "v3",
    provider: "recollect.offline",
    modelId: offlineModelId(config),
    supportedUrls: {},
    doGenerate: async (options) => {
      // Everything else in an offline run is synchronous (the policy, SQLite reads), so without
      // this a whole run is one macrotask: a cancel, a signal or a stdin line waits for its end
      // (issue 29: the full report still arrived after `notifications/cancelled` or Ctrl-C).
      await yieldToEventLoop();
      return planResponse(options, config);
    },
    doStream: () => Promise.reject(new Error("streamed by simulateStreamingMiddleware")),
  };
  return wrapLanguageModel({ model, middleware: simulateStreamingMiddleware() });
}
