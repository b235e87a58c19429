/**
 * Pure decisions the history card makes from an {@link ExploreCard}: whether it starts collapsed,
 * which status it shows, what the live region announces, and the header counts.
 */
import { type CardState, type ExploreCard, reportCounts } from "../../card/explore-card.js";
import type { EvidenceTarget, ExploreChatHistoryReport } from "../../card/report-schema.js";

/**
 * True only for a complete, high-confidence report with full coverage (plan § Key States: only
 * these may collapse). Partial, indexing, conflict, low-confidence, cancelled, failed and
 * evidence-only cards stay expanded.
 */
export function startsCollapsed(card: ExploreCard): boolean {
  if (card.state !== "complete") return false;
  const { report } = card;
  return (
    report.outcome === "complete" &&
    report.confidence === "high" &&
    report.index_status === "ready" &&
    report.missing_coverage.length === 0 &&
    report.partial_reason === undefined &&
    !report.evidence_only
  );
}

/**
 * What the polite live region says: the phase for pending cards, the state otherwise. Counts are
 * deliberately left out so the region changes only when the phase or state changes, never per
 * progress tick (plan § Accessibility).
 */
export function announcementKey(card: ExploreCard): string {
  return card.state === "pending" ? `pending:${card.progress.phase}` : card.state;
}

/** Distinct cited chats and evidence targets, or null for cards without a report. */
export function headerCounts(card: ExploreCard): { chats: number; evidence: number } | null {
  return "report" in card ? reportCounts(card.report) : null;
}

/** The status-word key under `card.status.*`; an indexing partial report says so. */
export function statusKey(card: ExploreCard): CardState | "indexing" {
  if (card.state === "partial" && card.report.index_status === "indexing") return "indexing";
  return card.state;
}

/** The evidence boxes a report's card draws, by group, in the order the card shows them. */
export interface DrawnEvidence {
  readonly conflicts: readonly (readonly EvidenceTarget[])[];
  readonly findings: readonly (readonly EvidenceTarget[])[];
}

/**
 * Each cited message once: in the first group (conflicts, then findings, as the card draws them)
 * that cites it, left out of later ones and of later places in the same group. So the boxes drawn
 * are exactly the header's evidence count ({@link headerCounts}). Pure.
 */
export function drawnEvidence(report: ExploreChatHistoryReport): DrawnEvidence {
  const seen = new Set<number>();
  const firstTime = (targets: readonly EvidenceTarget[]) =>
    targets.filter((target) => {
      if (seen.has(target.message_id)) return false;
      seen.add(target.message_id);
      return true;
    });
  const conflicts = report.conflicts.map((conflict) => firstTime(conflict.evidence));
  const findings = report.findings.map((finding) => firstTime(finding.evidence));
  return { conflicts, findings };
}
