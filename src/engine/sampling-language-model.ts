/**
 * The explorer on an MCP client's own model (issue 29 § Build 3): a `LanguageModelV3` whose every
 * step is one `sampling/createMessage` request to the client, with the explorer's child tools
 * (`search_chats`, `read_chat`, `submit_report`) passed as sampling `tools` (MCP 2025-11-25: the
 * client declares `sampling.tools`; the SDK 1.x `Server.createMessage` carries them). The model
 * answers with text or `tool_use` blocks, which become the AI SDK's tool calls, so the bounded
 * sub-agent runner, its budgets, retry, abort and the host's report validation are the same code
 * as for a hosted model. The request itself goes through `sample`, injected by the MCP surface,
 * so this layer never talks to a transport.
 */
import type {
  JSONSchema7,
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from "@ai-sdk/provider";
import { simulateStreamingMiddleware, wrapLanguageModel } from "ai";
import { fromTextProtocolResponse, toTextProtocolRequest } from "./sampling-text-protocol.js";
import { UNKNOWN_USAGE } from "./unknown-usage.js";

/** One content block of a sampling message, as MCP's `SamplingMessageContentBlock` (text and tools). */
export type SamplingContent =
  | { readonly type: "text"; readonly text: string }
  | {
      readonly type: "tool_use";
      readonly id: string;
      readonly name: string;
      readonly input: Record<string, unknown>;
    }
  | {
      readonly type: "tool_result";
      readonly toolUseId: string;
      readonly content: ReadonlyArray<{ readonly type: "text"; readonly text: string }>;
      readonly isError?: boolean;
    };

/** One message of a `sampling/createMessage` request. */
export interface SamplingMessage {
  readonly role: "user" | "assistant";
  readonly content: readonly SamplingContent[];
}

/** The params of one `sampling/createMessage` request (MCP 2025-11-25). */
export interface SamplingRequest {
  readonly messages: readonly SamplingMessage[];
  readonly systemPrompt?: string;
  /** Bound on the answer, tokens. */
  readonly maxTokens: number;
  readonly temperature?: number;
  readonly tools?: ReadonlyArray<{
    readonly name: string;
    readonly description?: string;
    readonly inputSchema: { readonly type: "object"; readonly [key: string]: unknown };
  }>;
  readonly toolChoice?: { readonly mode: "auto" | "required" | "none" };
  /** Never asks the client to add other servers' context (`includeContext: "none"`). */
  readonly includeContext: "none";
}

/** What the client answered: `CreateMessageResult` (a block or a list of blocks). */
export interface SamplingResponse {
  readonly model: string;
  readonly stopReason?: string;
  readonly role: "user" | "assistant";
  readonly content: unknown;
}

/** Sends one request to the client; rejects when the client refuses or fails it. */
export type SampleMessage = (
  request: SamplingRequest,
  signal: AbortSignal | undefined,
) => Promise<SamplingResponse>;

/** Default bound on one answer, tokens: a report is ≤ 6 KB, a step's tool calls far less. */
export const SAMPLING_MAX_TOKENS = 4_096;

/** The model id until the client names its model (after the first answer). */
export const SAMPLING_MODEL_ID = "mcp-client-sampling";

function toolResultText(output: LanguageModelV3ToolResultOutput): {
  text: string;
  isError: boolean;
} {
  switch (output.type) {
    case "text":
      return { text: output.value, isError: false };
    case "error-text":
      return { text: output.value, isError: true };
    case "json":
      return { text: JSON.stringify(output.value), isError: false };
    case "error-json":
      return { text: JSON.stringify(output.value), isError: true };
    case "execution-denied":
      return { text: output.reason ?? "The tool call was denied.", isError: true };
    case "content":
      return {
        text: output.value.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n"),
        isError: false,
      };
  }
}

function objectInput(input: unknown): Record<string, unknown> {
  const value = typeof input === "string" ? safeJson(input) : input;
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/**
 * The AI SDK prompt as sampling messages: system parts become `systemPrompt`; user text stays
 * user text; an assistant's text and tool calls become `text` and `tool_use` blocks; tool results
 * become a user message of `tool_result` blocks only (MCP requires that shape right after the
 * `tool_use` message). Reasoning and files are not sent. Pure.
 */
export function samplingMessagesOf(prompt: LanguageModelV3Prompt): {
  systemPrompt: string | undefined;
  messages: SamplingMessage[];
} {
  const system: string[] = [];
  const messages: SamplingMessage[] = [];
  for (const message of prompt) {
    if (message.role === "system") {
      system.push(message.content);
      continue;
    }
    const content: SamplingContent[] = [];
    if (message.role === "user") {
      for (const part of message.content) {
        if (part.type === "text") content.push({ type: "text", text: part.text });
      }
    } else if (message.role === "assistant") {
      for (const part of message.content) {
        if (part.type === "text" && part.text !== "")
          content.push({ type: "text", text: part.text });
        if (part.type === "tool-call") {
          content.push({
            type: "tool_use",
            id: part.toolCallId,
            name: part.toolName,
            input: objectInput(part.input),
          });
        }
      }
    } else {
      for (const part of message.content) {
        if (part.type !== "tool-result") continue;
        const { text, isError } = toolResultText(part.output);
        content.push({
          type: "tool_result",
          toolUseId: part.toolCallId,
          content: [{ type: "text", text }],
          ...(isError ? { isError } : {}),
        });
      }
    }
    if (content.length === 0) continue;
    const role = message.role === "assistant" ? "assistant" : "user";
    messages.push({ role, content });
  }
  return { systemPrompt: system.length > 0 ? system.join("\n\n") : undefined, messages };
}

/** The request for one step of `options` (tools as sampling tools, the tool choice as a mode). */
export function samplingRequestOf(options: LanguageModelV3CallOptions): SamplingRequest {
  const { systemPrompt, messages } = samplingMessagesOf(options.prompt);
  const forced = options.toolChoice?.type === "tool" ? options.toolChoice.toolName : null;
  const tools = (options.tools ?? [])
    .flatMap((tool) => (tool.type === "function" ? [tool] : []))
    .filter((tool) => forced === null || tool.name === forced)
    .map((tool) => ({
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      inputSchema: { ...(tool.inputSchema as JSONSchema7 & object), type: "object" as const },
    }));
  const choice = options.toolChoice?.type;
  const mode =
    choice === "tool" || choice === "required" ? "required" : choice === "none" ? "none" : "auto";
  return {
    messages,
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    maxTokens: options.maxOutputTokens ?? SAMPLING_MAX_TOKENS,
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(tools.length > 0 ? { tools, toolChoice: { mode } } : {}),
    includeContext: "none",
  };
}

const FINISH_REASONS: Readonly<Record<string, LanguageModelV3FinishReason["unified"]>> = {
  endTurn: "stop",
  stopSequence: "stop",
  maxTokens: "length",
  toolUse: "tool-calls",
};

/** The client's answer as AI SDK content: text blocks and `tool_use` blocks (as tool calls). */
export function generateResultOf(response: SamplingResponse): LanguageModelV3GenerateResult {
  const blocks: unknown[] = Array.isArray(response.content) ? response.content : [response.content];
  const content: LanguageModelV3Content[] = [];
  for (const block of blocks) {
    if (typeof block !== "object" || block === null) continue;
    const typed = block as {
      type?: unknown;
      text?: unknown;
      id?: unknown;
      name?: unknown;
      input?: unknown;
    };
    if (typed.type === "text" && typeof typed.text === "string") {
      content.push({ type: "text", text: typed.text });
    } else if (typed.type === "tool_use" && typeof typed.name === "string") {
      content.push({
        type: "tool-call",
        toolCallId: typeof typed.id === "string" ? typed.id : `sampling-call-${content.length + 1}`,
        toolName: typed.name,
        input: JSON.stringify(typed.input ?? {}),
      });
    }
  }
  const called = content.some((part) => part.type === "tool-call");
  const unified = called ? "tool-calls" : (FINISH_REASONS[response.stopReason ?? ""] ?? "other");
  return {
    content,
    finishReason: { unified, raw: response.stopReason },
    // MCP's sampling result carries no token counts.
    usage: UNKNOWN_USAGE,
    response: { modelId: response.model },
    warnings: [],
  };
}

/** Options of {@link createSamplingLanguageModel}. */
export interface SamplingModelOptions {
  readonly sample: SampleMessage;
  /** Called with the model the client names in each answer (for the report's engine line). */
  readonly onModel?: (model: string) => void;
  /**
   * How the child tools reach the client: `native` (sampling `tools`, the client declares
   * `sampling.tools`) or `messages` (plain text: `sampling-text-protocol.ts`). Default `native`.
   */
  readonly tools?: SamplingTools;
}

/** How the child tools reach the client's model: sampling `tools`, or plain text messages. */
export type SamplingTools = "native" | "messages";

/**
 * A `LanguageModelV3` that runs each step as one `sampling/createMessage` request through
 * `sample` ({@link samplingRequestOf} → {@link generateResultOf}; with `tools: "messages"`, through
 * the text protocol in between). Streaming is the AI SDK's
 * `simulateStreamingMiddleware`. A refused or failed request rejects the step with the client's
 * error (the caller decides on a fallback: {@link createFallbackLanguageModel}).
 */
export function createSamplingLanguageModel(options: SamplingModelOptions): LanguageModelV3 {
  let steps = 0;
  const model: LanguageModelV3 = {
    specificationVersion: "v3",
    provider: "recollect.mcp-sampling",
    modelId: SAMPLING_MODEL_ID,
    supportedUrls: {},
    doGenerate: async (call) => {
      const request = samplingRequestOf(call);
      if (options.tools !== "messages") {
        const response = await options.sample(request, call.abortSignal);
        options.onModel?.(response.model);
        return generateResultOf(response);
      }
      steps += 1;
      const response = await options.sample(toTextProtocolRequest(request), call.abortSignal);
      options.onModel?.(response.model);
      const offered = (request.tools ?? []).map((tool) => tool.name);
      return generateResultOf(fromTextProtocolResponse(response, offered, `text-call-${steps}`));
    },
    doStream: () => Promise.reject(new Error("streamed by simulateStreamingMiddleware")),
  };
  return wrapLanguageModel({ model, middleware: simulateStreamingMiddleware() });
}

/**
 * `primary` until one of its steps fails while the call was not aborted; from then on, that step
 * and every later one of this model run on `fallback` (`onFallback` is told the error once). For
 * a client that refuses sampling (the person said no, the client has no model to offer): the
 * explorer continues on the configured engine instead of failing.
 */
export function createFallbackLanguageModel(
  primary: LanguageModelV3,
  fallback: () => LanguageModelV3,
  onFallback: (error: unknown) => void,
): LanguageModelV3 {
  let active: LanguageModelV3 | null = null;
  /** Runs `step` on the model in use; a failure of `primary` not caused by an abort switches. */
  const onModel = async <T>(
    call: LanguageModelV3CallOptions,
    step: (model: LanguageModelV3) => PromiseLike<T>,
  ): Promise<T> => {
    if (active !== null) return step(active);
    try {
      return await step(primary);
    } catch (error) {
      if (call.abortSignal?.aborted) throw error;
      onFallback(error);
      active = fallback();
      return step(active);
    }
  };
  return {
    specificationVersion: "v3",
    provider: primary.provider,
    modelId: primary.modelId,
    supportedUrls: {},
    doGenerate: (call) => onModel(call, (model) => model.doGenerate(call)),
    doStream: (call) => onModel(call, (model) => model.doStream(call)),
  };
}
