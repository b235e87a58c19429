/**
 * The offline primary agent: a transparent rule-based router exposed as an AI SDK
 * `LanguageModelV3`, so the primary loop (`streamText`, tools, abort) is the same code for a hosted
 * model and for this router. Its whole policy is {@link routeTurn}: recall questions go to
 * `explore_chat_history`, a `read_targets` report gets one `read_chat` drill-down, the reply under
 * the card adds only what the card does not say (a question back, or nothing), and anything else
 * (a statement the person types, a greeting, another question) gets a plain reply and no tool.
 * Every text it writes is a fixed reply, not a model's statement, and its parts say so
 * (`FIXED_REPLY_METADATA`; its notice to a recall question it cannot explore,
 * `RECALL_NOTICE_METADATA`), so a surface storing the turn can keep it, and that question, out of
 * the index.
 * No network, no randomness.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  SharedV3ProviderMetadata,
} from "@ai-sdk/provider";
import { isReplyLocale, type ReplyLocale } from "../../contracts/reply-locale.js";
import { UNKNOWN_USAGE } from "../../engine/unknown-usage.js";
import { FIXED_REPLY_METADATA, RECALL_NOTICE_METADATA } from "./fixed-reply.js";
import { type RouterDecision, routeTurn } from "./offline-router/route-turn.js";

/** The router's model id, as reported to the AI SDK and in events. */
export const OFFLINE_ROUTER_MODEL_ID = "recollect-offline-router-1";

/** Words per streamed text delta: small enough to look streamed, few enough parts to stay cheap. */
const WORDS_PER_DELTA = 8;

function offeredToolNames(options: LanguageModelV3CallOptions): string[] {
  return (options.tools ?? []).flatMap((tool) => (tool.type === "function" ? [tool.name] : []));
}

/**
 * The locale of the router's fixed replies: `providerOptions.recollect.locale` of the call (set by
 * `runPrimaryTurn` from the surface's turn), `en` when absent or not a reply locale.
 */
function replyLocale(options: LanguageModelV3CallOptions): ReplyLocale {
  const locale = options.providerOptions?.recollect?.locale;
  return isReplyLocale(locale) ? locale : "en";
}

function abortError(): Error {
  const error = new Error("The operation was aborted.");
  error.name = "AbortError";
  return error;
}

/** Splits text into deltas of a few words, keeping every character (concatenation = text). */
export function textDeltas(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const deltas: string[] = [];
  for (let index = 0; index < words.length; index += WORDS_PER_DELTA) {
    deltas.push(words.slice(index, index + WORDS_PER_DELTA).join(""));
  }
  return deltas;
}

/** Options for {@link createOfflineRouterModel}. */
export interface OfflineRouterOptions {
  /** Tool-call ids; injected for exact tests. Default `call-1`, `call-2`, … per model instance. */
  readonly generateId?: () => string;
}

/** The mark on a text decision's parts: a fixed reply, or a notice to a recall question. */
function textMetadata(decision: { readonly recallNotice?: true }): SharedV3ProviderMetadata {
  return decision.recallNotice === true ? RECALL_NOTICE_METADATA : FIXED_REPLY_METADATA;
}

/** Builds the router model. Each instance numbers its tool calls from 1. */
export function createOfflineRouterModel(options: OfflineRouterOptions = {}): LanguageModelV3 {
  let calls = 0;
  const generateId = options.generateId ?? (() => `call-${++calls}`);

  const decide = (callOptions: LanguageModelV3CallOptions): RouterDecision => {
    if (callOptions.abortSignal?.aborted) throw abortError();
    return routeTurn(callOptions.prompt, offeredToolNames(callOptions), replyLocale(callOptions));
  };

  const finishReason = (decision: RouterDecision): LanguageModelV3FinishReason => ({
    unified: decision.kind === "tool-call" ? "tool-calls" : "stop",
    raw: undefined,
  });

  return {
    specificationVersion: "v3",
    provider: "recollect-offline",
    modelId: OFFLINE_ROUTER_MODEL_ID,
    supportedUrls: {},
    async doGenerate(callOptions) {
      const decision = decide(callOptions);
      const content: LanguageModelV3Content[] =
        decision.kind === "text"
          ? [{ type: "text", text: decision.text, providerMetadata: textMetadata(decision) }]
          : [
              {
                type: "tool-call",
                toolCallId: generateId(),
                toolName: decision.toolName,
                input: JSON.stringify(decision.input),
              },
            ];
      return { content, finishReason: finishReason(decision), usage: UNKNOWN_USAGE, warnings: [] };
    },
    async doStream(callOptions) {
      const decision = decide(callOptions);
      const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      if (decision.kind === "text") {
        const providerMetadata = textMetadata(decision);
        parts.push({ type: "text-start", id: "text-1", providerMetadata });
        for (const delta of textDeltas(decision.text)) {
          parts.push({ type: "text-delta", id: "text-1", delta, providerMetadata });
        }
        parts.push({ type: "text-end", id: "text-1", providerMetadata });
      } else {
        parts.push({
          type: "tool-call",
          toolCallId: generateId(),
          toolName: decision.toolName,
          input: JSON.stringify(decision.input),
        });
      }
      parts.push({ type: "finish", usage: UNKNOWN_USAGE, finishReason: finishReason(decision) });
      const signal = callOptions.abortSignal;
      let index = 0;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        pull(controller) {
          if (signal?.aborted) {
            controller.error(abortError());
            return;
          }
          const part = parts[index++];
          if (part === undefined) controller.close();
          else controller.enqueue(part);
        },
      });
      return { stream };
    },
  };
}
