/**
 * Test support: explorer reports and evidence targets with every required field filled, so a card
 * test states only the fields its behaviour depends on. Never imported by production code.
 */
import type { EvidenceTarget, ExploreChatHistoryReport } from "../report-schema.js";

/**
 * One evidence target: chat 1, message 1, a user turn of 2026-03-02 with excerpt "e", overridden by
 * `fields`.
 */
export function evidenceTargetFixture(fields: Partial<EvidenceTarget> = {}): EvidenceTarget {
  return {
    chat_id: 1,
    chat_title: "t",
    message_id: 1,
    role: "user",
    created_at: "2026-03-02T10:01:00.000Z",
    excerpt: "e",
    ...fields,
  };
}

/**
 * A complete, high-confidence report with no findings, conflicts or gaps on an index that is ready,
 * overridden by `fields`.
 */
export function reportFixture(
  fields: Partial<ExploreChatHistoryReport> = {},
): ExploreChatHistoryReport {
  return {
    query: "q",
    outcome: "complete",
    summary: "s",
    findings: [],
    conflicts: [],
    missing_coverage: [],
    index_status: "ready",
    confidence: "high",
    action: "answer_from_report",
    archival_content: true,
    evidence_only: false,
    ...fields,
  };
}
