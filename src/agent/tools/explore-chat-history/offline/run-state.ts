/**
 * What the offline explorer knows on each call, rebuilt from the call options alone (it keeps no
 * memory between calls, like a hosted model): the task from the typed `providerOptions`, and every
 * earlier tool call and host answer read through the child protocol's own schemas. Anything that
 * does not parse is ignored, as a model ignores noise; nothing here throws.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import { respell } from "../../../../history/search/correct-spelling.js";
import {
  type ChildReadInput,
  childReadInputSchema,
  childReadOutputSchema,
  childSearchInputSchema,
  childSearchOutputSchema,
  childToolErrorSchema,
  EXPLORER_TASK_NAMESPACE,
  explorerTaskSchema,
} from "../child-protocol.js";
import {
  isFullerView,
  type Observation,
  type ObservedMessage,
  observationOf,
} from "../observations.js";

/** The host's observation record (`observations.ts`), the one type both sides share. */
export type { Observation } from "../observations.js";

/** One answered search: its query and the candidate IDs in the host's rank order. */
export interface SearchRun {
  readonly query: string;
  readonly ranked: readonly string[];
  /** Chat id → its other matching message ids, best first (`more_match_ids`: text unseen); chats with none absent. */
  readonly moreMatches: ReadonlyMap<number, readonly number[]>;
}

/** A kind the question asked about and the names the app uses for it (`ChildSearchOutput.kinds`). */
export interface KindNamesSeen {
  readonly from: string;
  readonly names: readonly string[];
}

/** The run so far. */
export interface RunState {
  /** The question (≤ 500 chars; "" without a task), words the searches corrected respelled. */
  readonly question: string;
  /**
   * The things of a kind the question asked about that the searches said the app names (`from`
   * "login", `names` ["clerk"]), first seen first, one per `from`: the question's subject in the
   * history's own words.
   */
  readonly kinds: readonly KindNamesSeen[];
  /** The locked current chat, or null. */
  readonly currentChatId: number | null;
  /** Answered searches, in call order. */
  readonly searches: readonly SearchRun[];
  /** The chat of each requested read, in call order. */
  readonly readChats: readonly number[];
  /** Each requested read's input, in call order (the same reads as `readChats`). */
  readonly reads: readonly ChildReadInput[];
  /** Every observation, first seen first, fullest view: longest `text`, `via` "read" once read. */
  readonly observations: readonly Observation[];
  /** Model steps so far (assistant turns in the prompt). */
  readonly steps: number;
  /** Tool names the latest model step called, in order (empty before the first step). */
  readonly lastStepTools: readonly string[];
  /** Tool calls so far, any tool. */
  readonly toolCallCount: number;
  /** Calls and steps left as the host last reported them (null before any answer). */
  readonly callsLeft: number | null;
  readonly stepsLeft: number | null;
  /** The host said the budget is spent. */
  readonly budgetExhausted: boolean;
  /** submit_report was already called (a report the host bounced is submitted again at once). */
  readonly submitted: boolean;
}

/** The JSON value of a tool answer (the host's child tools answer with JSON objects only). */
function resultValue(output: LanguageModelV3ToolResultOutput): unknown {
  return output.type === "json" || output.type === "error-json" ? output.value : undefined;
}

/** Rebuilds the run from `options` (prompt + providerOptions). Pure. */
export function readRunState(options: LanguageModelV3CallOptions): RunState {
  const task = explorerTaskSchema.safeParse(options.providerOptions?.[EXPLORER_TASK_NAMESPACE]);
  const queries = new Map<string, string>();
  const searches: SearchRun[] = [];
  const readChats: number[] = [];
  const reads: ChildReadInput[] = [];
  const observations = new Map<string, Observation>();
  let steps = 0;
  let lastStepTools: string[] = [];
  let toolCallCount = 0;
  let callsLeft: number | null = null;
  let stepsLeft: number | null = null;
  let budgetExhausted = false;
  let submitted = false;
  const corrections: { from: string; to: string }[] = [];
  const kinds = new Map<string, readonly string[]>();

  /** Keeps the fullest view of each candidate (longest text, "read" once a read returned it). */
  const observe = (
    chat: { readonly chat_id: number; readonly title?: string | null | undefined },
    message: ObservedMessage & { readonly candidate_id: string },
    text: string,
    via: Observation["via"],
  ) => {
    const seen = observations.get(message.candidate_id);
    const place = { chatId: chat.chat_id, chatTitle: chat.title ?? null };
    const longest = seen && !isFullerView(seen, text, via) ? seen.text : text;
    const fullest = seen?.via === "read" ? "read" : via;
    const entry = observationOf(message.candidate_id, place, message, longest, fullest);
    observations.set(message.candidate_id, entry);
  };

  for (const message of options.prompt) {
    if (message.role !== "assistant" && message.role !== "tool") continue;
    if (message.role === "assistant") {
      steps += 1;
      lastStepTools = [];
    }
    for (const part of message.content) {
      if (part.type === "tool-call") {
        toolCallCount += 1;
        lastStepTools.push(part.toolName);
        submitted ||= part.toolName === "submit_report";
        const query = childSearchInputSchema.safeParse(part.input).data?.query;
        if (part.toolName === "search_chats" && query) queries.set(part.toolCallId, query);
        const readInput = childReadInputSchema.safeParse(part.input).data;
        if (part.toolName === "read_chat" && readInput?.chat_id) {
          readChats.push(readInput.chat_id);
          reads.push(readInput);
        }
      }
      if (part.type !== "tool-result") continue;
      const value = resultValue(part.output);
      const failure = childToolErrorSchema.safeParse(value).data;
      const search =
        part.toolName === "search_chats"
          ? childSearchOutputSchema.safeParse(value).data
          : undefined;
      const read =
        part.toolName === "read_chat" ? childReadOutputSchema.safeParse(value).data : undefined;
      const budget = (failure ?? search ?? read)?.budget;
      callsLeft = budget?.calls_left ?? callsLeft;
      stepsLeft = budget?.steps_left ?? stepsLeft;
      budgetExhausted ||=
        (budget !== undefined && budget.calls_left <= 0) ||
        failure?.error.kind === "budget_exhausted";
      if (search) {
        corrections.push(...(search.corrections ?? []));
        for (const { from, names } of search.kinds ?? []) {
          if (!kinds.has(from)) kinds.set(from, names);
        }
        const ranked = search.chats.flatMap((chat) =>
          chat.matches.map((match) => {
            observe(chat, match, match.excerpt, "search");
            return match.candidate_id;
          }),
        );
        const moreMatches = new Map(
          search.chats.flatMap(({ chat_id, more_match_ids: ids }) =>
            ids === undefined || ids.length === 0 ? [] : [[chat_id, ids] as const],
          ),
        );
        searches.push({ query: queries.get(part.toolCallId) ?? "", ranked, moreMatches });
      }
      if (read) for (const item of read.messages) observe(read, item, item.content, "read");
    }
  }
  return {
    question: task.success ? respell(task.data.question, corrections) : "",
    kinds: [...kinds].map(([from, names]) => ({ from, names })),
    currentChatId: task.success ? task.data.current_chat_id : null,
    searches,
    readChats,
    reads,
    observations: [...observations.values()],
    steps,
    lastStepTools,
    toolCallCount,
    callsLeft,
    stepsLeft,
    budgetExhausted,
    submitted,
  };
}
