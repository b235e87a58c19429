/**
 * The report `explore_chat_history` returns to the primary agent and renders in its card (plan §
 * Evidence Registry and Report Contract). Every evidence field is resolved by the host from the
 * evidence registry; only `summary`, `claim`, `description` and the model's `missing_coverage`
 * notes are model-authored analysis. Outcome, confidence and action are host-derived.
 *
 * The zod schema is the single definition: the type is inferred from it and the card parser
 * validates untrusted card bodies with it.
 */
import { z } from "zod";

/** Longest excerpt an evidence target carries, in characters (DESIGN.md budgets: 220). */
export const MAX_EVIDENCE_EXCERPT_CHARS = 220;

/**
 * One host-resolved evidence target. `created_at` is ISO-8601 UTC, null when the stored time is no
 * date (a store filled by an older Recollect); `excerpt` ≤ 220 chars.
 */
export const evidenceTargetSchema = z.object({
  chat_id: z.number().int().positive(),
  chat_title: z.string().nullable(),
  message_id: z.number().int().positive(),
  role: z.enum(["user", "assistant"]),
  created_at: z.string().nullable(),
  excerpt: z.string().max(MAX_EVIDENCE_EXCERPT_CHARS),
  projection_truncated: z.boolean().optional(),
  is_compaction_summary: z.boolean().optional(),
  /**
   * What became of the cited message since the excerpt was observed, when a surface checked it on
   * showing the report (`agent/tools/explore-chat-history/cited-target-notes.ts`): `changed` (a
   * later sync edited it in place: same id, other text) or `removed` (no such message any more).
   * Absent when it still says what the excerpt quotes, or when nobody checked.
   */
  message_state: z.enum(["changed", "removed"]).optional(),
  /** True when the cited chat's file was deleted by its agent: the chat is now only in Recollect. */
  kept_after_file_deleted: z.literal(true).optional(),
});
export type EvidenceTarget = z.infer<typeof evidenceTargetSchema>;

/** Report outcome class. `no_match` is never proof of absence. */
export const reportOutcomeSchema = z.enum(["complete", "no_match", "partial"]);
export type ReportOutcome = z.infer<typeof reportOutcomeSchema>;

/** Host-derived confidence. */
export const reportConfidenceSchema = z.enum(["high", "medium", "low"]);
export type ReportConfidence = z.infer<typeof reportConfidenceSchema>;

/** What the primary agent should do next (host-derived). */
export const reportActionSchema = z.enum([
  "answer_from_report",
  "read_targets",
  "ask_user",
  "no_relevant_history",
]);
export type ReportAction = z.infer<typeof reportActionSchema>;

/**
 * Why a report is partial, most important first when several apply: synthesis failed
 * (evidence-only fallback), a search or read failed for an internal reason (`tool_failed`: what
 * it would have found is missing), the index was still draining, a budget (steps, calls, bytes)
 * ran out, retrieval results were truncated at their byte bound, or citations were dropped / the
 * report was clamped to 6 KB, or the evidence answers the question only weakly (`weak_evidence`:
 * the explorer's confidence is low, so the history was found but not shown to answer).
 */
export const partialReasonSchema = z.enum([
  "synthesis_failed",
  "tool_failed",
  "index_incomplete",
  "budget_exhausted",
  "results_truncated",
  "citations_dropped",
  "report_clamped",
  "weak_evidence",
]);
export type PartialReason = z.infer<typeof partialReasonSchema>;

/**
 * A question word the app's history never holds and the app's own word searched in its place
 * (`SpellingCorrection` of `searchChats()`, recorded by the host from the run's searches).
 */
export const spellingCorrectionSchema = z.object({
  from: z.string().max(64),
  to: z.string().max(64),
});

/**
 * The full report (plan § Evidence Registry and Report Contract, plus `evidence_only`).
 * Bounds: ≤ 8 findings, ≤ 4 conflicts, ≤ 6 evidence targets each, ≤ 6 KB serialized.
 * `evidence_only` is true for the deterministic fallback: then `summary` and every claim are
 * host-written labels, never model prose.
 */
export const exploreChatHistoryReportSchema = z.object({
  query: z.string(),
  outcome: reportOutcomeSchema,
  summary: z.string(),
  findings: z
    .array(z.object({ claim: z.string(), evidence: z.array(evidenceTargetSchema).max(6) }))
    .max(8),
  conflicts: z
    .array(
      z.object({ description: z.string(), evidence: z.array(evidenceTargetSchema).min(2).max(6) }),
    )
    .max(4),
  missing_coverage: z.array(z.string()),
  /** Words the run's searches corrected (≤ 12, the query term cap); absent when none. */
  spelling_corrections: z.array(spellingCorrectionSchema).max(12).optional(),
  index_status: z.enum(["ready", "indexing"]),
  confidence: reportConfidenceSchema,
  action: reportActionSchema,
  archival_content: z.literal(true),
  partial_reason: partialReasonSchema.optional(),
  evidence_only: z.boolean(),
});
export type ExploreChatHistoryReport = z.infer<typeof exploreChatHistoryReportSchema>;
