/**
 * Turns an explorer report into the offline router's answer text. Deterministic and extractive:
 * it restates the report's own labelled analysis and cites every evidence target it uses as
 * `[chat "<title>" #<chat_id>, message #<message_id>, <date>]`, so the person can see which
 * observed messages the answer rests on. `no_match` is never presented as proof of absence.
 */
import type { EvidenceTarget, ExploreChatHistoryReport } from "../../../card/report-schema.js";

/** Most findings and conflicts restated (the report has at most 8 and 4). */
const MAX_FINDINGS = 8;
const MAX_CONFLICTS = 4;

/** One evidence citation: chat title and id, message id, and the ISO date (day precision). */
export function citeEvidence(target: EvidenceTarget): string {
  const title = target.chat_title ?? "untitled chat";
  return `[chat "${title}" #${target.chat_id}, message #${target.message_id}, ${target.created_at.slice(0, 10)}]`;
}

function citations(evidence: readonly EvidenceTarget[]): string {
  return evidence.map(citeEvidence).join(" ");
}

/** The answer text for `report`. */
export function answerFromReport(report: ExploreChatHistoryReport): string {
  const lines: string[] = [];
  if (report.outcome === "no_match") {
    lines.push(
      "I found no relevant prior discussion in this app's earlier chats. That is not proof it never came up:",
      "can you tell me roughly when it was discussed, or which feature it was about?",
    );
    if (report.index_status === "indexing") {
      lines.push("(The history index is still being built, so recall may be incomplete.)");
    }
    return lines.join(" ");
  }
  if (report.evidence_only) {
    lines.push(
      "The explorer could not write a synthesis, so here is only the evidence it observed (no analysis):",
    );
  } else {
    lines.push(`From earlier chats (analysis): ${report.summary}`);
  }
  const findings = report.findings.slice(0, MAX_FINDINGS);
  if (findings.length > 0) {
    lines.push("", "Findings:");
    for (const finding of findings) {
      lines.push(`- ${finding.claim} ${citations(finding.evidence)}`);
    }
  }
  const conflicts = report.conflicts.slice(0, MAX_CONFLICTS);
  if (conflicts.length > 0) {
    lines.push("", "Conflicting or superseded decisions (recency informs but does not decide):");
    for (const conflict of conflicts) {
      lines.push(`- ${conflict.description} ${citations(conflict.evidence)}`);
    }
  }
  if (report.outcome === "partial" || report.index_status === "indexing") {
    lines.push(
      "",
      `Coverage may be incomplete${report.partial_reason ? ` (${report.partial_reason.replace(/_/g, " ")})` : ""}.`,
    );
  }
  if (report.confidence === "low" || report.action === "ask_user") {
    lines.push("", "Confidence is low: please confirm before relying on this.");
  }
  return lines.join("\n");
}
