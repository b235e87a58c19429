/**
 * What the offline engine reconstructs from the prompt on every call: the question, what it has
 * already asked, and every observation the host returned. The engine keeps no memory between
 * calls; like a hosted model, everything it knows is in the prompt.
 */
import type { z } from "zod";
import type { budgetViewSchema } from "./tool-result-schemas.js";

/** Remaining budget as the host last reported it. */
export type BudgetView = z.infer<typeof budgetViewSchema>;

/** One message the host showed the engine, by candidate ID (merged across search and read). */
export interface Observation {
  readonly candidateId: string;
  readonly chatId: number;
  readonly chatTitle: string | null;
  readonly messageId: number;
  readonly role: "user" | "assistant";
  /** ISO-8601 as the host wrote it. */
  readonly createdAt: string;
  /** The longest text seen for it: read content when read, else the search excerpt. */
  readonly text: string;
  /** True once a read window returned this message (full text, neighbours known). */
  readonly fromRead: boolean;
  readonly isCompactionSummary: boolean;
  /** How many distinct searches returned it (0 when seen only through reads). */
  readonly searchHits: number;
  /**
   * Best (lowest) 0-based position of this message's chat in any search answer; the host lists
   * chats in bm25 order, so 0 means a search ranked the chat first. Null: seen only in reads.
   */
  readonly searchRank: number | null;
  /** Order of first appearance in the run (0-based); a stable tie-breaker. */
  readonly firstSeen: number;
}

/** The engine's view of the run so far. */
export interface ExplorationState {
  /** The research question (≤ 500 chars). */
  readonly question: string;
  /** Queries already sent to search_chats, normalized (lower-case, single spaces). */
  readonly searchedQueries: readonly string[];
  /** Chats already read, with the message the window was centred on (null: paged read). */
  readonly reads: ReadonlyArray<{
    readonly chatId: number;
    readonly aroundMessageId: number | null;
    /** Paged reads: the requested offset (0 when absent). */
    readonly offset: number;
    /** From the answer: more messages after this window (false until answered). */
    readonly hasMoreAfter: boolean;
  }>;
  /** The locked current chat id the system prompt names ("The current chat is chat 12"), or null. */
  readonly currentChatId: number | null;
  /** Every observation, in first-seen order. */
  readonly observations: readonly Observation[];
  /** Tool calls already made in this run (any tool). */
  readonly toolCallCount: number;
  /** Latest budget view from a tool answer, or null before the first answer. */
  readonly budget: BudgetView | null;
  /** A tool answer carried a notice or a `budget_exhausted` error: stop exploring. */
  readonly budgetExhausted: boolean;
  /** `indexing` if any search reported it. */
  readonly indexStatus: "ready" | "indexing";
  /** Largest `pending_count` reported by a search. */
  readonly pendingCount: number;
  /** Some search or read answer was truncated at its size bound. */
  readonly truncated: boolean;
  /** submit_report answers so far. */
  readonly submissions: ReadonlyArray<{ readonly accepted: boolean; readonly reason?: string }>;
}

/** Lower-cases and collapses whitespace, so "Auth  Login" and "auth login" are one query. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, " ");
}
