/**
 * What the offline explorer knows on each call, rebuilt from the call options alone (it keeps no
 * memory between calls, like a hosted model): the task from the typed `providerOptions`, and every
 * earlier tool call and host answer read through the child protocol's own schemas. Anything that
 * does not parse is ignored, as a model ignores noise; nothing here throws.
 */
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from "@ai-sdk/provider";
import type { z } from "zod";
import {
  childReadInputSchema,
  childReadOutputSchema,
  childSearchInputSchema,
  childSearchOutputSchema,
  childSubmitOutputSchema,
  childToolErrorSchema,
  EXPLORER_TASK_NAMESPACE,
  explorerTaskSchema,
} from "../child-protocol.js";

/** One message the host showed the explorer, by candidate ID (search and read merged). */
export interface Observation {
  readonly candidateId: string;
  readonly chatId: number;
  readonly chatTitle: string | null;
  readonly messageId: number;
  readonly role: "user" | "assistant";
  /** ISO-8601 as the host wrote it. */
  readonly createdAt: string;
  /** The longest text seen: read content once read, else the search excerpt. */
  readonly text: string;
  /** A read window returned it (full text). */
  readonly fromRead: boolean;
}

/** One answered search: its query and the candidate IDs in the host's rank order. */
export interface SearchRun {
  readonly query: string;
  readonly ranked: readonly string[];
}

/** One requested read: the chat, and the message it centred on (null for a page). */
export interface ReadRun {
  readonly chatId: number;
  readonly aroundMessageId: number | null;
}

/** The run so far. */
export interface RunState {
  /** The research question (≤ 500 chars). */
  readonly question: string;
  /** The locked current chat, or null. */
  readonly currentChatId: number | null;
  /** Answered searches, in call order. */
  readonly searches: readonly SearchRun[];
  /** Requested reads, in call order. */
  readonly reads: readonly ReadRun[];
  /** Every observation, in first-seen order. */
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
  /** submit_report answers so far. */
  readonly submissions: readonly { readonly accepted: boolean }[];
}

const TAGGED_QUESTION = /<question>([\s\S]*?)<\/question>/i;

/**
 * The task: the typed `providerOptions` the host sends; for a caller that sends prose only (an
 * engine contract test driving `streamText` directly), the `<question>` element or the last user
 * text, and no current chat.
 */
function taskOf(options: LanguageModelV3CallOptions): {
  question: string;
  currentChatId: number | null;
} {
  const typed = explorerTaskSchema.safeParse(options.providerOptions?.[EXPLORER_TASK_NAMESPACE]);
  if (typed.success) {
    return { question: typed.data.question, currentChatId: typed.data.current_chat_id };
  }
  const texts = options.prompt.flatMap((message) =>
    message.role === "user"
      ? [message.content.map((part) => (part.type === "text" ? part.text : "")).join("\n")]
      : [],
  );
  for (const text of texts) {
    const tagged = TAGGED_QUESTION.exec(text)?.[1]?.trim();
    if (tagged) return { question: tagged.slice(0, 500), currentChatId: null };
  }
  return { question: (texts.at(-1) ?? "").trim().slice(0, 500), currentChatId: null };
}

function resultValue(output: LanguageModelV3ToolResultOutput): unknown {
  switch (output.type) {
    case "json":
    case "error-json":
      return output.value;
    case "text":
    case "error-text":
      return parseJson(output.value);
    case "content":
      return parseJson(
        output.value.map((item) => (item.type === "text" ? item.text : "")).join(""),
      );
    default:
      return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // not JSON: the schemas below reject it
  }
}

type SearchAnswer = z.infer<typeof childSearchOutputSchema>;
type ReadAnswer = z.infer<typeof childReadOutputSchema>;

/** Rebuilds the run from `options` (prompt + providerOptions). Pure. */
export function readRunState(options: LanguageModelV3CallOptions): RunState {
  const prompt: LanguageModelV3Prompt = options.prompt;
  const calls = new Map<string, { toolName: string; input: unknown }>();
  const searches: SearchRun[] = [];
  const reads: ReadRun[] = [];
  const observations = new Map<string, Observation>();
  const submissions: { accepted: boolean }[] = [];
  let steps = 0;
  let lastStepTools: string[] = [];
  let toolCallCount = 0;
  let callsLeft: number | null = null;
  let stepsLeft: number | null = null;
  let budgetExhausted = false;

  const observe = (entry: Observation) => {
    const known = observations.get(entry.candidateId);
    if (!known || (entry.fromRead && !known.fromRead) || entry.text.length > known.text.length) {
      observations.set(entry.candidateId, {
        ...entry,
        fromRead: entry.fromRead || (known?.fromRead ?? false),
        text: known && known.text.length > entry.text.length ? known.text : entry.text,
      });
    }
  };
  const noteBudget = (budget: { calls_left: number; steps_left: number } | undefined) => {
    if (!budget) return;
    callsLeft = budget.calls_left;
    stepsLeft = budget.steps_left;
    if (budget.calls_left <= 0) budgetExhausted = true;
  };

  for (const message of prompt) {
    if (message.role === "assistant") {
      steps += 1;
      lastStepTools = [];
      for (const part of message.content) {
        if (part.type !== "tool-call") continue;
        toolCallCount += 1;
        lastStepTools.push(part.toolName);
        const input = typeof part.input === "string" ? parseJson(part.input) : part.input;
        calls.set(part.toolCallId, { toolName: part.toolName, input });
        if (part.toolName === "read_chat") {
          const read = childReadInputSchema.safeParse(input);
          if (read.success) {
            reads.push({
              chatId: read.data.chat_id,
              aroundMessageId: read.data.around_message_id ?? null,
            });
          }
        }
      }
    }
    if (message.role !== "tool" && message.role !== "assistant") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const value = resultValue(part.output);
      const call = calls.get(part.toolCallId);
      const failure = childToolErrorSchema.safeParse(value);
      if (failure.success) {
        noteBudget(failure.data.budget);
        if (failure.data.error.kind === "budget_exhausted") budgetExhausted = true;
        continue;
      }
      const toolName = call?.toolName ?? part.toolName;
      if (toolName === "search_chats") {
        const answer = childSearchOutputSchema.safeParse(value);
        const input = childSearchInputSchema.safeParse(call?.input);
        if (!answer.success) continue;
        searches.push({
          query: input.success ? input.data.query : "",
          ranked: recordSearch(answer.data, observe),
        });
        noteBudget(answer.data.budget);
      } else if (toolName === "read_chat") {
        const answer = childReadOutputSchema.safeParse(value);
        if (!answer.success) continue;
        recordRead(answer.data, observe);
        noteBudget(answer.data.budget);
      } else if (toolName === "submit_report") {
        const answer = childSubmitOutputSchema.safeParse(value);
        if (answer.success) submissions.push({ accepted: answer.data.accepted });
      }
    }
  }
  return {
    ...taskOf(options),
    searches,
    reads,
    observations: [...observations.values()],
    steps,
    lastStepTools,
    toolCallCount,
    callsLeft,
    stepsLeft,
    budgetExhausted,
    submissions,
  };
}

function recordSearch(answer: SearchAnswer, observe: (entry: Observation) => void): string[] {
  const ranked: string[] = [];
  for (const chat of answer.chats) {
    for (const match of chat.matches) {
      ranked.push(match.candidate_id);
      observe({
        candidateId: match.candidate_id,
        chatId: chat.chat_id,
        chatTitle: chat.title ?? null,
        messageId: match.message_id,
        role: match.role,
        createdAt: match.created_at,
        text: match.excerpt,
        fromRead: false,
      });
    }
  }
  return ranked;
}

function recordRead(answer: ReadAnswer, observe: (entry: Observation) => void): void {
  for (const message of answer.messages) {
    observe({
      candidateId: message.candidate_id,
      chatId: answer.chat_id,
      chatTitle: answer.title ?? null,
      messageId: message.message_id,
      role: message.role,
      createdAt: message.created_at,
      text: message.content,
      fromRead: true,
    });
  }
}
