/**
 * Privacy-safe run statistics for the telemetry layer (plan § Consent and Privacy: duration,
 * step/tool counts, observation bytes, index status, confidence, truncation, outcome). Numbers,
 * booleans and enums only: never query text, titles, chat or message ids, excerpts or quotes.
 */

import type { ExploreChatHistoryReport } from "../../../card/report-schema.js";
import type { RegistryStats } from "./evidence-registry.js";
import type { DroppedCitations } from "./report-validation.js";

/** One explorer run's counts. Units: `duration_ms` milliseconds, `*_bytes` UTF-8 bytes. */
export interface ExplorerStats {
  readonly duration_ms: number;
  readonly steps: number;
  readonly attempts: number;
  readonly model_failures: number;
  readonly searches: number;
  readonly reads: number;
  readonly deduped_calls: number;
  readonly refused_calls: number;
  readonly failed_calls: number;
  readonly observations: number;
  readonly observation_bytes: number;
  readonly discussions: number;
  readonly findings: number;
  readonly conflicts: number;
  readonly evidence_targets: number;
  readonly report_bytes: number;
  readonly bounces: number;
  readonly fallback_used: boolean;
  readonly dropped_citations: DroppedCitations;
  readonly dropped_total: number;
  readonly outcome: ExploreChatHistoryReport["outcome"];
  readonly confidence: ExploreChatHistoryReport["confidence"];
  readonly action: ExploreChatHistoryReport["action"];
  readonly index_status: ExploreChatHistoryReport["index_status"];
  readonly truncated: boolean;
  readonly budget_exhausted: boolean;
}

/** Inputs of {@link explorerStats}. */
export interface ExplorerStatsInput {
  readonly report: ExploreChatHistoryReport;
  readonly registry: RegistryStats;
  readonly durationMs: number;
  readonly steps: number;
  readonly attempts: number;
  readonly modelFailures: number;
  readonly bounces: number;
  readonly droppedCitations: DroppedCitations;
  readonly droppedTotal: number;
}

/** Builds {@link ExplorerStats}; pure. */
export function explorerStats(input: ExplorerStatsInput): ExplorerStats {
  const { report, registry } = input;
  const targets = new Set<number>();
  for (const group of [...report.findings, ...report.conflicts]) {
    for (const evidence of group.evidence) targets.add(evidence.message_id);
  }
  return {
    duration_ms: input.durationMs,
    steps: input.steps,
    attempts: input.attempts,
    model_failures: input.modelFailures,
    searches: registry.searches,
    reads: registry.reads,
    deduped_calls: registry.dedupedCalls,
    refused_calls: registry.refusedCalls,
    failed_calls: registry.failedCalls,
    observations: registry.observations,
    observation_bytes: registry.observationBytes,
    discussions: registry.discussions,
    findings: report.findings.length,
    conflicts: report.conflicts.length,
    evidence_targets: targets.size,
    report_bytes: Buffer.byteLength(JSON.stringify(report), "utf8"),
    bounces: input.bounces,
    fallback_used: report.evidence_only,
    dropped_citations: input.droppedCitations,
    dropped_total: input.droppedTotal,
    outcome: report.outcome,
    confidence: report.confidence,
    action: report.action,
    index_status: report.index_status,
    truncated: registry.truncated,
    budget_exhausted: registry.budgetExhausted,
  };
}
