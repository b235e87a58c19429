/**
 * The explorer's history card as a value (plan § User Experience, Key States; DESIGN.md § Card):
 * its states, what each state carries, the headline state of a finished report and the header
 * counts. Tools emit these values, events and the server's SSE carry them, the web app and the
 * terminal render them. XML exists only where a message is persisted (`card-xml.ts`).
 */
import { z } from "zod";
import { type ExploreProgress, exploreProgressSchema } from "./explore-progress.js";
import { type ExploreChatHistoryReport, exploreChatHistoryReportSchema } from "./report-schema.js";

/** Every card state (plan § Key States). Terminal report states come from {@link cardStateForReport}. */
export const CARD_STATES = [
  "pending",
  "complete",
  "no_match",
  "partial",
  "conflict",
  "low_confidence",
  "cancelled",
  "failed",
  "evidence_only",
] as const;
export type CardState = (typeof CARD_STATES)[number];

/** States whose card carries a report body. */
export type ReportCardState = Exclude<CardState, "pending" | "cancelled" | "failed">;

/** The report states, for validation. */
export const REPORT_CARD_STATES = CARD_STATES.filter(
  (state): state is ReportCardState =>
    state !== "pending" && state !== "cancelled" && state !== "failed",
);

/**
 * A card. `query` is the question the person (or primary agent) asked. A failed card's `error`
 * is the classified kind plus a message free of archival text.
 */
export type ExploreCard =
  | { readonly state: "pending"; readonly query: string; readonly progress: ExploreProgress }
  | { readonly state: "cancelled"; readonly query: string }
  | {
      readonly state: "failed";
      readonly query: string;
      readonly error: { readonly kind: string; readonly message: string };
    }
  | {
      readonly state: ReportCardState;
      readonly query: string;
      readonly report: ExploreChatHistoryReport;
    };

/** Validates a card received from outside the process (an SSE event, a stored message). */
export const exploreCardSchema = z.union([
  z.object({ state: z.literal("pending"), query: z.string(), progress: exploreProgressSchema }),
  z.object({ state: z.literal("cancelled"), query: z.string() }),
  z.object({
    state: z.literal("failed"),
    query: z.string(),
    error: z.object({ kind: z.string(), message: z.string() }),
  }),
  z.object({
    state: z.enum(REPORT_CARD_STATES as [ReportCardState, ...ReportCardState[]]),
    query: z.string(),
    report: exploreChatHistoryReportSchema,
  }),
]);

/**
 * The headline state for a finished report, most urgent first: evidence-only fallback, no match,
 * partial coverage, conflict, low confidence, else complete. Only `complete` may collapse. A report
 * partial only because its evidence is weak (`weak_evidence`, low confidence) is the plan's
 * low-confidence state: its coverage is whole, its answer uncertain.
 */
export function cardStateForReport(report: ExploreChatHistoryReport): ReportCardState {
  if (report.evidence_only) return "evidence_only";
  if (report.outcome === "no_match") return "no_match";
  if (report.outcome === "partial" && report.partial_reason !== "weak_evidence") return "partial";
  if (report.conflicts.length > 0) return "conflict";
  if (report.confidence === "low") return "low_confidence";
  return "complete";
}

/** Distinct cited chats and evidence targets of a report (the collapsed header's counts). */
export function reportCounts(report: ExploreChatHistoryReport): {
  chats: number;
  evidence: number;
} {
  const chats = new Set<number>();
  const messages = new Set<number>();
  for (const group of [...report.findings, ...report.conflicts]) {
    for (const target of group.evidence) {
      chats.add(target.chat_id);
      messages.add(target.message_id);
    }
  }
  return { chats: chats.size, evidence: messages.size };
}
