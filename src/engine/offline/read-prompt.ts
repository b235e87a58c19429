/**
 * Reads an AI SDK `LanguageModelV3Prompt` into the offline engine's {@link ExplorationState}:
 * the question from the user turn, earlier tool calls from assistant turns, and the host's answers
 * from tool turns. Unparseable parts are skipped (never thrown), like noise a model would ignore.
 */
import type { LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";
import type { z } from "zod";
import {
  type BudgetView,
  type ExplorationState,
  normalizeQuery,
  type Observation,
} from "./exploration-state.js";
import {
  readInputSchema,
  readOutputSchema,
  searchInputSchema,
  searchOutputSchema,
  submitOutputSchema,
  toolErrorSchema,
} from "./tool-result-schemas.js";

/** Questions are bounded like the explorer's input (plan § Wrapper Tool: 1–500 chars). */
const MAX_QUESTION_CHARS = 500;

/**
 * Finds the research question in the prompt text. In order: a `<question>…</question>` element,
 * a line starting `Question:` / `Research question:`, else the last user message whole.
 */
export function extractQuestion(prompt: LanguageModelV3Prompt): string {
  const userTexts: string[] = [];
  const allTexts: string[] = [];
  for (const message of prompt) {
    if (message.role === "system") {
      allTexts.push(message.content);
    } else if (message.role === "user") {
      const text = message.content
        .map((part) => (part.type === "text" ? part.text : ""))
        .join("\n");
      userTexts.push(text);
      allTexts.push(text);
    }
  }
  for (const text of [...userTexts, ...allTexts]) {
    const tagged = /<question>([\s\S]*?)<\/question>/i.exec(text);
    if (tagged?.[1]?.trim()) return tagged[1].trim().slice(0, MAX_QUESTION_CHARS);
  }
  for (const text of [...userTexts, ...allTexts]) {
    const line = /^\s*(?:research\s+)?question\s*:\s*(.+)$/im.exec(text);
    if (line?.[1]?.trim()) return line[1].trim().slice(0, MAX_QUESTION_CHARS);
  }
  const last = userTexts.at(-1) ?? "";
  return last.trim().slice(0, MAX_QUESTION_CHARS);
}

/**
 * The locked current chat id the host's system prompt names ("The current chat is chat 12."), or
 * null when there is none.
 */
export function extractCurrentChatId(prompt: LanguageModelV3Prompt): number | null {
  for (const message of prompt) {
    if (message.role !== "system") continue;
    const match = /current\s+chat(?:\s+id)?\s*(?:is|:|=)\s*(?:chat\s*)?(\d+)/i.exec(
      message.content,
    );
    if (match?.[1]) return Number(match[1]);
  }
  return null;
}

function outputValue(output: LanguageModelV3ToolResultOutput): {
  value: unknown;
  isError: boolean;
} {
  switch (output.type) {
    case "json":
      return { value: output.value, isError: false };
    case "error-json":
      return { value: output.value, isError: true };
    case "text":
    case "error-text":
      return { value: parseJsonText(output.value), isError: output.type === "error-text" };
    case "content": {
      const text = output.value.map((item) => (item.type === "text" ? item.text : "")).join("");
      return { value: parseJsonText(text), isError: false };
    }
    default:
      return { value: undefined, isError: true };
  }
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Non-JSON text (e.g. a plain error string) is kept as-is; schemas below reject it.
    return text;
  }
}

const BUDGET_NOTICE = /budget|exhaust|limit reached|no calls left/i;

interface MutableObservation {
  candidateId: string;
  chatId: number;
  chatTitle: string | null;
  messageId: number;
  role: "user" | "assistant";
  createdAt: string;
  text: string;
  fromRead: boolean;
  isCompactionSummary: boolean;
  searchHits: number;
  searchRank: number | null;
  firstSeen: number;
}

/**
 * Rebuilds the run from `prompt`. Tool calls are paired with results by `toolCallId`; a call
 * without a result still counts toward {@link ExplorationState.toolCallCount}.
 */
export function readPrompt(prompt: LanguageModelV3Prompt): ExplorationState {
  const calls = new Map<string, { toolName: string; input: unknown }>();
  const searchedQueries: string[] = [];
  const reads: Array<{
    chatId: number;
    aroundMessageId: number | null;
    offset: number;
    hasMoreAfter: boolean;
    callId: string;
  }> = [];
  const observations = new Map<string, MutableObservation>();
  const submissions: Array<{ accepted: boolean; reason?: string }> = [];
  let toolCallCount = 0;
  let budget: BudgetView | null = null;
  let budgetExhausted = false;
  let indexStatus: "ready" | "indexing" = "ready";
  let pendingCount = 0;
  let truncated = false;

  const observe = (
    entry: Omit<MutableObservation, "firstSeen" | "searchHits" | "searchRank">,
    rank: number | null,
  ) => {
    const search = rank !== null;
    const existing = observations.get(entry.candidateId);
    if (!existing) {
      observations.set(entry.candidateId, {
        ...entry,
        searchHits: search ? 1 : 0,
        searchRank: rank,
        firstSeen: observations.size,
      });
      return;
    }
    if (search) existing.searchHits += 1;
    if (rank !== null && (existing.searchRank === null || rank < existing.searchRank))
      existing.searchRank = rank;
    if (entry.fromRead) existing.fromRead = true;
    if (entry.text.length > existing.text.length) existing.text = entry.text;
    if (existing.chatTitle === null) existing.chatTitle = entry.chatTitle;
  };

  const noteBudget = (view: BudgetView | undefined, notice: string | undefined) => {
    if (view) {
      budget = view;
      if (view.calls_left <= 0 || view.observation_bytes_left <= 0) budgetExhausted = true;
    }
    if (notice && BUDGET_NOTICE.test(notice)) budgetExhausted = true;
  };

  for (const message of prompt) {
    if (message.role === "assistant") {
      for (const part of message.content) {
        if (part.type !== "tool-call") continue;
        toolCallCount += 1;
        const input = typeof part.input === "string" ? parseJsonText(part.input) : part.input;
        calls.set(part.toolCallId, { toolName: part.toolName, input });
        if (part.toolName === "search_chats") {
          const parsed = searchInputSchema.safeParse(input);
          if (parsed.success) searchedQueries.push(normalizeQuery(parsed.data.query));
        } else if (part.toolName === "read_chat") {
          const parsed = readInputSchema.safeParse(input);
          if (parsed.success) {
            reads.push({
              chatId: parsed.data.chat_id,
              aroundMessageId: parsed.data.around_message_id ?? null,
              offset: parsed.data.offset ?? 0,
              hasMoreAfter: false,
              callId: part.toolCallId,
            });
          }
        }
      }
    }
    if (message.role !== "tool" && message.role !== "assistant") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const { value, isError } = outputValue(part.output);
      const toolName = calls.get(part.toolCallId)?.toolName ?? part.toolName;
      const failure = toolErrorSchema.safeParse(value);
      if (failure.success) {
        noteBudget(failure.data.budget, undefined);
        if (failure.data.error.kind === "budget_exhausted") budgetExhausted = true;
        continue;
      }
      if (isError) {
        if (typeof value === "string" && BUDGET_NOTICE.test(value)) budgetExhausted = true;
        continue;
      }
      if (toolName === "search_chats") {
        const parsed = searchOutputSchema.safeParse(value);
        if (!parsed.success) continue;
        readSearch(parsed.data, observe);
        noteBudget(parsed.data.budget, parsed.data.notice);
        if (parsed.data.index_status === "indexing") indexStatus = "indexing";
        pendingCount = Math.max(pendingCount, parsed.data.pending_count ?? 0);
        if (parsed.data.truncated) truncated = true;
      } else if (toolName === "read_chat") {
        const parsed = readOutputSchema.safeParse(value);
        if (!parsed.success) continue;
        for (const item of parsed.data.messages) {
          observe(
            {
              candidateId: item.candidate_id,
              chatId: parsed.data.chat_id,
              chatTitle: parsed.data.title ?? null,
              messageId: item.message_id,
              role: item.role,
              createdAt: item.created_at,
              text: item.content,
              fromRead: true,
              isCompactionSummary: item.is_compaction_summary === true,
            },
            null,
          );
        }
        noteBudget(parsed.data.budget, parsed.data.notice);
        if (parsed.data.truncated) truncated = true;
        const read = reads.find((item) => item.callId === part.toolCallId);
        if (read) read.hasMoreAfter = parsed.data.has_more_after === true;
      } else if (toolName === "submit_report") {
        const parsed = submitOutputSchema.safeParse(value);
        if (parsed.success) {
          submissions.push(
            parsed.data.accepted
              ? { accepted: true }
              : { accepted: false, reason: parsed.data.reason },
          );
        }
      }
    }
  }

  return {
    question: extractQuestion(prompt),
    searchedQueries,
    reads: reads.map(({ callId: _callId, ...read }) => read),
    currentChatId: extractCurrentChatId(prompt),
    observations: [...observations.values()].sort((a, b) => a.firstSeen - b.firstSeen),
    toolCallCount,
    budget,
    budgetExhausted,
    indexStatus,
    pendingCount,
    truncated,
    submissions,
  };
}

function readSearch(
  output: z.infer<typeof searchOutputSchema>,
  observe: (
    entry: Omit<MutableObservation, "firstSeen" | "searchHits" | "searchRank">,
    rank: number | null,
  ) => void,
): void {
  for (const [rank, chat] of output.chats.entries()) {
    for (const match of chat.matches) {
      observe(
        {
          candidateId: match.candidate_id,
          chatId: chat.chat_id,
          chatTitle: chat.title ?? null,
          messageId: match.message_id,
          role: match.role,
          createdAt: match.created_at,
          text: match.excerpt,
          fromRead: false,
          isCompactionSummary: match.is_compaction_summary === true,
        },
        rank,
      );
    }
  }
}

export type { Observation };
