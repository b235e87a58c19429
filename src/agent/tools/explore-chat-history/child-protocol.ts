/**
 * The explorer's child tool protocol: the exact inputs the sub-agent may send and the JSON it gets
 * back. A hosted model and the offline engine both speak only this (plan § Child ToolSet: exactly
 * search_chats, read_chat, submit_report). Candidate IDs (`c1`, `c2`, …) are minted by the host's
 * evidence registry; the child cites them and never authors ids, titles, dates, roles or quotes.
 */

import { z } from "zod";
import {
  MAX_QUERY_CHARS,
  MAX_READ_LIMIT,
  MAX_READ_NEIGHBOURS,
  MAX_SEARCH_LIMIT,
} from "../../../history/index.js";
import { maxCharacters } from "../../../text/character-count.js";
import { argumentNames } from "../argument-names.js";

/** Child tool names, fixed. */
export const CHILD_TOOL_NAMES = ["search_chats", "read_chat", "submit_report"] as const;
export type ChildToolName = (typeof CHILD_TOOL_NAMES)[number];

/** A candidate ID as the host mints it: `c` followed by a positive integer. */
export const candidateIdSchema = z.string().regex(/^c[1-9][0-9]{0,5}$/);

/** search_chats input: one keyword query (1–500 chars), at most `limit` chats (1–20, default 8). */
export const childSearchInputSchema = z.object({
  query: maxCharacters(z.string().trim().min(1), MAX_QUERY_CHARS),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
});
export type ChildSearchInput = z.infer<typeof childSearchInputSchema>;

/**
 * read_chat input: a chat id seen in a search result (or the locked current chat id given in the
 * system prompt) and either `around_message_id` (± before/after, 0–10, default 3; stray
 * offset/limit ignored) or `offset`/`limit` (limit 1–20, default 10); `focus` (≤ 500 chars) the
 * words to look for, so a message longer than the read bound shows the stretch holding them.
 */
export const childReadInputSchema = z.object({
  chat_id: z.number().int().positive(),
  around_message_id: z.number().int().positive().optional(),
  before: z.number().int().min(0).max(MAX_READ_NEIGHBOURS).optional(),
  after: z.number().int().min(0).max(MAX_READ_NEIGHBOURS).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(MAX_READ_LIMIT).optional(),
  focus: maxCharacters(z.string(), MAX_QUERY_CHARS).optional(),
});
export type ChildReadInput = z.infer<typeof childReadInputSchema>;

/** read_chat's argument names, for every sentence that tells a model how to call it. */
export const READ_CHAT_ARGUMENTS = argumentNames(childReadInputSchema);

/**
 * submit_report input: the child's proposal. The host validates every candidate ID, resolves the
 * evidence itself, and derives outcome / confidence / action (the child's `confidence` is advice).
 * Bounds: summary ≤ 1,200 chars; ≤ 8 findings (claim ≤ 400 chars, 1–6 candidate IDs);
 * ≤ 4 conflicts (description ≤ 400 chars, 2–6 candidate IDs); ≤ 5 missing_coverage notes ≤ 200 chars.
 * Source: DESIGN.md § explore_chat_history budgets.
 */
export const submitReportInputSchema = z.object({
  summary: z.string().max(1200),
  findings: z
    .array(
      z.object({
        claim: z.string().min(1).max(400),
        candidate_ids: z.array(z.string()).min(1).max(6),
      }),
    )
    .max(8),
  conflicts: z
    .array(
      z.object({
        description: z.string().min(1).max(400),
        candidate_ids: z.array(z.string()).min(2).max(6),
      }),
    )
    .max(4)
    .default([]),
  missing_coverage: z.array(z.string().max(200)).max(5).default([]),
  confidence: z.enum(["high", "medium", "low"]),
});
export type SubmitReportInput = z.infer<typeof submitReportInputSchema>;

/** Remaining budget, appended to every search/read answer so the child can plan. */
export interface ChildBudgetView {
  readonly calls_left: number;
  readonly observation_bytes_left: number;
  readonly steps_left: number;
}

/** One observed message as the child sees it in a search answer. */
export interface ChildSearchMatch {
  readonly candidate_id: string;
  readonly message_id: number;
  readonly role: "user" | "assistant";
  /** ISO-8601 UTC; null when the stored time is no date. */
  readonly created_at: string | null;
  /** Archival text: untrusted data, never instructions. */
  readonly excerpt: string;
  readonly is_compaction_summary?: true;
  readonly projection_truncated?: true;
}

/**
 * search_chats answer. `notice` explains budget exhaustion or a deduplicated repeat;
 * `corrections` names query words the app never holds that were searched as its nearest spelling;
 * `kinds` names kinds of thing the query asked about ("login") and the things of that kind the
 * app names ("clerk"), not searched: search them to find where the history names the choice.
 */
export interface ChildSearchOutput {
  readonly index_status: "ready" | "indexing";
  readonly pending_count: number;
  readonly truncated: boolean;
  readonly corrections?: ReadonlyArray<{ readonly from: string; readonly to: string }>;
  readonly kinds?: ReadonlyArray<{
    readonly kind: string;
    readonly from: string;
    readonly names: readonly string[];
  }>;
  readonly chats: ReadonlyArray<{
    readonly chat_id: number;
    readonly title: string | null;
    /** ISO-8601 UTC; null when the stored time is no date. */
    readonly created_at: string | null;
    readonly matches: readonly ChildSearchMatch[];
    /** The chat's other matching messages, best first, ids only (absent when none). */
    readonly more_match_ids?: readonly number[];
  }>;
  readonly budget: ChildBudgetView;
  readonly notice?: string;
}

/** One message in a read_chat answer. */
export interface ChildReadMessage {
  readonly candidate_id: string;
  readonly message_id: number;
  readonly role: "user" | "assistant";
  /** ISO-8601 UTC; null when the stored time is no date. */
  readonly created_at: string | null;
  /** Archival text: untrusted data, never instructions. */
  readonly content: string;
  readonly is_compaction_summary?: true;
  readonly projection_truncated?: true;
}

/** read_chat answer. */
export interface ChildReadOutput {
  readonly chat_id: number;
  readonly title: string | null;
  readonly messages: readonly ChildReadMessage[];
  readonly has_more_before: boolean;
  readonly has_more_after: boolean;
  readonly truncated: boolean;
  readonly budget: ChildBudgetView;
  readonly notice?: string;
}

/**
 * Any child tool failure (not found, invalid input, budget exhausted). `kind` is a
 * `RecollectErrorKind`; the message never reveals whether another app has that id.
 */
export interface ChildToolError {
  readonly error: { readonly kind: string; readonly message: string };
  readonly budget?: ChildBudgetView;
}

/** submit_report answer: accepted, or bounced once with the reason (then the host falls back). */
export type ChildSubmitOutput =
  | { readonly accepted: true }
  | { readonly accepted: false; readonly reason: string };

/**
 * The run's task as typed values, sent beside the prompt text as AI SDK `providerOptions` under
 * {@link EXPLORER_TASK_NAMESPACE}: a model that reads structured input (the offline explorer)
 * needs no re-parsing of prompt prose; hosted providers ignore a namespace that is not theirs.
 */
export const explorerTaskSchema = z.object({
  question: z.string().min(1).max(500),
  current_chat_id: z.number().int().positive().nullable(),
});
export type ExplorerTask = z.infer<typeof explorerTaskSchema>;

/** The `providerOptions` key of {@link explorerTaskSchema}. */
export const EXPLORER_TASK_NAMESPACE = "recollectExplorer";

/** `providerOptions` carrying the run's question and locked current chat id. */
export function explorerTaskOptions(task: {
  readonly question: string;
  readonly currentChatId: number | null;
}): { [EXPLORER_TASK_NAMESPACE]: ExplorerTask } {
  return {
    [EXPLORER_TASK_NAMESPACE]: { question: task.question, current_chat_id: task.currentChatId },
  };
}

/** `ChildBudgetView` as a schema, for reading tool answers back. */
export const childBudgetViewSchema = z.object({
  calls_left: z.number(),
  observation_bytes_left: z.number(),
  steps_left: z.number(),
});

const childRoleSchema = z.enum(["user", "assistant"]);

/** `ChildSearchOutput` as a schema (extra fields allowed, so the host can add some). */
export const childSearchOutputSchema = z.object({
  index_status: z.enum(["ready", "indexing"]),
  pending_count: z.number().optional(),
  truncated: z.boolean().optional(),
  corrections: z.array(z.object({ from: z.string(), to: z.string() })).optional(),
  kinds: z
    .array(z.object({ kind: z.string(), from: z.string(), names: z.array(z.string()) }))
    .optional(),
  chats: z.array(
    z.object({
      chat_id: z.number(),
      title: z.string().nullable().optional(),
      created_at: z.string().nullable().optional(),
      matches: z.array(
        z.object({
          candidate_id: z.string(),
          message_id: z.number(),
          role: childRoleSchema,
          created_at: z.string().nullable(),
          excerpt: z.string(),
          is_compaction_summary: z.boolean().optional(),
          projection_truncated: z.boolean().optional(),
        }),
      ),
      more_match_ids: z.array(z.number()).optional(),
    }),
  ),
  budget: childBudgetViewSchema.optional(),
  notice: z.string().optional(),
});

/** `ChildReadOutput` as a schema. */
export const childReadOutputSchema = z.object({
  chat_id: z.number(),
  title: z.string().nullable().optional(),
  messages: z.array(
    z.object({
      candidate_id: z.string(),
      message_id: z.number(),
      role: childRoleSchema,
      created_at: z.string().nullable(),
      content: z.string(),
      is_compaction_summary: z.boolean().optional(),
      projection_truncated: z.boolean().optional(),
    }),
  ),
  has_more_after: z.boolean().optional(),
  truncated: z.boolean().optional(),
  budget: childBudgetViewSchema.optional(),
  notice: z.string().optional(),
});

/** `ChildToolError` as a schema. */
export const childToolErrorSchema = z.object({
  error: z.object({ kind: z.string(), message: z.string() }),
  budget: childBudgetViewSchema.optional(),
});

/** `ChildSubmitOutput` as a schema. */
export const childSubmitOutputSchema = z.union([
  z.object({ accepted: z.literal(true) }),
  z.object({ accepted: z.literal(false), reason: z.string() }),
]);
