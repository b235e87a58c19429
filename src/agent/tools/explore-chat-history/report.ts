/**
 * Builds the report from validated proposals or, when synthesis fails, from observations alone
 * (plan § Evidence Registry and Report Contract; DESIGN.md § explore_chat_history). Outcome,
 * confidence and action are derived here from what validated, the index status, truncation and
 * budget exhaustion; the model's confidence is only an upper bound. The evidence-only fallback
 * contains no model prose: its summary and claims are host-written labels. Pure.
 */

import type {
  EvidenceTarget,
  ExploreChatHistoryReport,
  PartialReason,
  ReportAction,
  ReportConfidence,
  ReportOutcome,
} from "../../../card/report-schema.js";
import { contentTerms } from "../../../history/text/content-terms.js";
import { sentenceExcerpt } from "../../../history/text/sentence-excerpt.js";
import type { SpellingCorrection } from "../../../history/types.js";
import type { ExplorerBudgets } from "./budgets.js";
import type { Observation, RegistryStats } from "./evidence-registry.js";
import {
  clampText,
  type DroppedCitations,
  totalDrops,
  type ValidatedItem,
  type ValidatedProposal,
} from "./report-validation.js";

type ReportBudgets = Pick<ExplorerBudgets, "maxReportBytes" | "maxExcerptChars" | "maxTitleChars">;

/** Run facts the derivation needs besides the registry stats. */
export interface RunFacts {
  readonly query: string;
  readonly stats: RegistryStats;
  /** Words the run's searches corrected (`EvidenceRegistry.corrections`); absent: none. */
  readonly corrections?: readonly SpellingCorrection[];
  /** The model used every step (the last one forced to submit). */
  readonly stepsExhausted: boolean;
}

/** A built report and what building it dropped (for stats). */
export interface BuiltReport {
  readonly report: ExploreChatHistoryReport;
  /** Evidence targets removed to fit `maxReportBytes`. */
  readonly clampedEvidence: number;
}

const CONFIDENCE_ORDER: readonly ReportConfidence[] = ["low", "medium", "high"];

function capConfidence(value: ReportConfidence, cap: ReportConfidence): ReportConfidence {
  return CONFIDENCE_ORDER.indexOf(value) <= CONFIDENCE_ORDER.indexOf(cap) ? value : cap;
}

/** The index-form content terms of `text` (Porter stems, CJK bigrams, stopwords dropped). */
function termsOf(text: string): string[] {
  return contentTerms(text).map((term) => term.term);
}

/** The query's content terms, which an evidence excerpt is centred on. */
export function excerptTerms(query: string): ReadonlySet<string> {
  return new Set(termsOf(query));
}

/**
 * Resolves an observation into the evidence shape; every field comes from the registry. The
 * excerpt (≤ `maxExcerptChars`) starts at the sentence `claim` quotes, else at the one that best
 * matches `queryTerms` (see `sentenceExcerpt`), not at the message's first characters; with
 * neither, at its start.
 */
export function toEvidenceTarget(
  observation: Observation,
  budgets: ReportBudgets,
  queryTerms: ReadonlySet<string> = new Set(),
  claim = "",
): EvidenceTarget {
  const title =
    observation.chatTitle === null ? null : clampText(observation.chatTitle, budgets.maxTitleChars);
  return {
    chat_id: observation.chatId,
    chat_title: title,
    message_id: observation.messageId,
    role: observation.role,
    created_at: observation.createdAt,
    excerpt: sentenceExcerpt(observation.text, queryTerms, termsOf, budgets.maxExcerptChars, claim),
    ...(observation.projectionTruncated ? { projection_truncated: true } : {}),
    ...(observation.isCompactionSummary ? { is_compaction_summary: true } : {}),
  };
}

/** Partial reasons that apply, most important first (see `partialReasonSchema`). */
export function partialReasons(
  facts: RunFacts,
  extra: { evidenceOnly: boolean; droppedItems: number; clamped: boolean; weak: boolean },
): PartialReason[] {
  const reasons: PartialReason[] = [];
  if (extra.evidenceOnly) reasons.push("synthesis_failed");
  if (facts.stats.internalFailures > 0) reasons.push("tool_failed");
  if (facts.stats.indexStatus === "indexing") reasons.push("index_incomplete");
  if (facts.stats.budgetExhausted || facts.stepsExhausted) reasons.push("budget_exhausted");
  if (facts.stats.truncated) reasons.push("results_truncated");
  if (extra.droppedItems > 0) reasons.push("citations_dropped");
  if (extra.clamped) reasons.push("report_clamped");
  // "Complete" is a claim that the evidence answers: a low-confidence proposal makes no such claim.
  if (extra.weak && !extra.evidenceOnly) reasons.push("weak_evidence");
  return reasons;
}

/**
 * Host derivation. No evidence: `no_match` (→ `no_relevant_history`), or `partial` (→ `ask_user`)
 * when the index was building, a budget ran out or a tool call failed — absence is never proof. With evidence:
 * `complete` unless a partial reason applies. Confidence is capped: low for no_match and
 * evidence-only, ≤ medium for partial, dropped citations or a single evidence target.
 * `answer_from_report` only for complete reports above low confidence; else `read_targets`.
 */
export function deriveAssessment(input: {
  readonly reasons: readonly PartialReason[];
  readonly evidenceCount: number;
  readonly proposed: ReportConfidence;
  readonly droppedCitations: number;
  readonly evidenceOnly: boolean;
}): { outcome: ReportOutcome; confidence: ReportConfidence; action: ReportAction } {
  const { reasons, evidenceCount } = input;
  if (evidenceCount === 0) {
    const incomplete = reasons.some(
      (r) =>
        r === "index_incomplete" ||
        r === "budget_exhausted" ||
        r === "synthesis_failed" ||
        r === "tool_failed",
    );
    return incomplete
      ? { outcome: "partial", confidence: "low", action: "ask_user" }
      : { outcome: "no_match", confidence: "low", action: "no_relevant_history" };
  }
  const outcome: ReportOutcome = reasons.length > 0 ? "partial" : "complete";
  let confidence = input.evidenceOnly ? "low" : input.proposed;
  if (outcome === "partial" || input.droppedCitations > 0 || evidenceCount < 2) {
    confidence = capConfidence(confidence, "medium");
  }
  const action: ReportAction =
    outcome === "complete" && confidence !== "low" ? "answer_from_report" : "read_targets";
  return { outcome, confidence, action };
}

function coverageNotes(
  facts: RunFacts,
  reasons: readonly PartialReason[],
  drops: number,
  clamp: ClampResult,
): string[] {
  const notes: string[] = [];
  if (reasons.includes("synthesis_failed"))
    notes.push("Synthesis failed; only observed evidence is shown, without analysis.");
  if (reasons.includes("tool_failed")) {
    const failures = facts.stats.internalFailures;
    notes.push(
      `${failures} search or read call${failures === 1 ? "" : "s"} failed with an internal error; what ${failures === 1 ? "it" : "they"} would have found is missing.`,
    );
  }
  if (reasons.includes("index_incomplete"))
    notes.push(
      `The search index was still building (${facts.stats.pendingCount} message${facts.stats.pendingCount === 1 ? "" : "s"} not yet searchable); recall may be incomplete.`,
    );
  if (reasons.includes("budget_exhausted"))
    notes.push("The exploration budget ran out before every lead was followed.");
  if (reasons.includes("results_truncated"))
    notes.push("Some search or read results were cut at their size bound.");
  if (drops > 0)
    notes.push(
      `${drops} citation${drops === 1 ? "" : "s"} failed host validation and ${drops === 1 ? "was" : "were"} dropped.`,
    );
  if (clamp.evidence > 0 || clamp.items > 0) {
    const items =
      clamp.items > 0 ? ` and ${clamp.items} finding${clamp.items === 1 ? "" : "s"}` : "";
    notes.push(
      `${clamp.evidence} evidence target${clamp.evidence === 1 ? "" : "s"}${items} left out to fit the report size bound.`,
    );
  }
  return notes;
}

function serializedBytes(report: ExploreChatHistoryReport): number {
  return Buffer.byteLength(JSON.stringify(report), "utf8");
}

/** What {@link clampToBytes} removed. */
interface ClampResult {
  /** Evidence targets removed, including those of removed items. */
  readonly evidence: number;
  /** Whole findings or conflicts removed. */
  readonly items: number;
}

/**
 * Fits the report into `maxBytes`: first trims extra evidence from the last conflict, then the
 * last finding, with more than its floor (1 per finding, 2 per conflict), so the first finding,
 * read first, keeps its evidence longest (revisions dev set: trimming the richest finding
 * first dropped the first finding's gold reply); then removes whole items from the tail, then
 * halves the summary. Mutates `report`.
 */
function clampToBytes(report: ExploreChatHistoryReport, maxBytes: number): ClampResult {
  let evidence = 0;
  let items = 0;
  while (serializedBytes(report) > maxBytes) {
    const groups = [
      ...report.findings.map((g) => ({ evidence: g.evidence, floor: 1 })),
      ...report.conflicts.map((g) => ({ evidence: g.evidence, floor: 2 })),
    ];
    // What is read first keeps its evidence longest: the last item with surplus gives it up.
    const surplus = groups.findLast((group) => group.evidence.length > group.floor);
    if (surplus) {
      surplus.evidence.pop();
      evidence += 1;
    } else if (report.conflicts.length > 0 || report.findings.length > 1) {
      const removed = report.conflicts.length > 0 ? report.conflicts.pop() : report.findings.pop();
      evidence += removed?.evidence.length ?? 0;
      items += 1;
    } else if (report.summary.length > 80) {
      report.summary = clampText(report.summary, Math.floor(report.summary.length / 2));
    } else break;
  }
  return { evidence, items };
}

interface AssembleInput {
  readonly facts: RunFacts;
  readonly summary: string;
  readonly findings: readonly ValidatedItem[];
  readonly conflicts: readonly ValidatedItem[];
  readonly modelNotes: readonly string[];
  readonly proposed: ReportConfidence;
  readonly dropped: DroppedCitations;
  readonly droppedItems: number;
  readonly evidenceOnly: boolean;
  readonly budgets: ReportBudgets;
}

function assemble(input: AssembleInput): BuiltReport {
  const { facts, budgets } = input;
  const terms = excerptTerms(facts.query);
  const toGroup = (item: ValidatedItem) =>
    item.evidence.map((o) => toEvidenceTarget(o, budgets, terms, item.text));
  const draft: ExploreChatHistoryReport = {
    query: facts.query,
    outcome: "complete",
    summary: input.summary,
    findings: input.findings.map((f) => ({ claim: f.text, evidence: toGroup(f) })),
    conflicts: input.conflicts.map((c) => ({ description: c.text, evidence: toGroup(c) })),
    missing_coverage: [],
    ...(facts.corrections?.length ? { spelling_corrections: [...facts.corrections] } : {}),
    index_status: facts.stats.indexStatus,
    confidence: "low",
    action: "ask_user",
    archival_content: true,
    evidence_only: input.evidenceOnly,
  };
  const clamp = clampToBytes(draft, budgets.maxReportBytes - 1024);
  const drops = totalDrops(input.dropped);
  // Trimming surplus evidence to the size bound loses no claim: only removed items make it partial.
  const reasons = partialReasons(facts, {
    evidenceOnly: input.evidenceOnly,
    droppedItems: input.droppedItems,
    clamped: clamp.items > 0,
    weak: input.proposed === "low",
  });
  const evidenceCount = new Set(
    [...draft.findings, ...draft.conflicts].flatMap((g) => g.evidence.map((e) => e.message_id)),
  ).size;
  const assessment = deriveAssessment({
    reasons,
    evidenceCount,
    proposed: input.proposed,
    droppedCitations: drops,
    evidenceOnly: input.evidenceOnly,
  });
  const report: ExploreChatHistoryReport = {
    ...draft,
    ...assessment,
    missing_coverage: [...coverageNotes(facts, reasons, drops, clamp), ...input.modelNotes],
    ...(assessment.outcome === "partial" && reasons[0] ? { partial_reason: reasons[0] } : {}),
  };
  // The 1 KB held back above covers these notes; drop model notes first if still over.
  while (serializedBytes(report) > budgets.maxReportBytes && report.missing_coverage.length > 0) {
    report.missing_coverage.pop();
  }
  return { report, clampedEvidence: clamp.evidence };
}

/** Builds the report from a validated proposal. */
export function buildReport(
  facts: RunFacts,
  validated: ValidatedProposal,
  budgets: ReportBudgets,
): BuiltReport {
  return assemble({
    facts,
    summary: validated.summary,
    findings: validated.findings,
    conflicts: validated.conflicts,
    modelNotes: validated.modelCoverageNotes,
    proposed: validated.proposedConfidence,
    dropped: validated.dropped,
    droppedItems: validated.droppedItems,
    evidenceOnly: false,
    budgets,
  });
}

/**
 * The deterministic evidence-only fallback: still-valid observations (search hits first, then read
 * context, each in observation order), grouped by chat, ≤ `maxFindings` groups × `maxEvidence`.
 * Summary and claims are fixed host labels; nothing the model wrote is kept.
 */
export function buildEvidenceOnlyReport(
  facts: RunFacts,
  observations: readonly Observation[],
  budgets: ReportBudgets & Pick<ExplorerBudgets, "maxFindings" | "maxEvidencePerItem">,
  dropped: DroppedCitations,
): BuiltReport {
  const ordered = [
    ...observations.filter((o) => o.via === "search"),
    ...observations.filter((o) => o.via === "read"),
  ];
  const groups = new Map<number, Observation[]>();
  for (const observation of ordered) {
    const group = groups.get(observation.chatId);
    if (group) {
      if (group.length < budgets.maxEvidencePerItem) group.push(observation);
    } else if (groups.size < budgets.maxFindings) {
      groups.set(observation.chatId, [observation]);
    }
  }
  const findings = [...groups.values()].map((evidence) => ({
    text: `Observed in one earlier chat (${evidence.length} message${evidence.length === 1 ? "" : "s"}); not analysed.`,
    evidence,
  }));
  const chats = findings.length;
  return assemble({
    facts,
    summary: `Evidence only: synthesis did not complete, so this lists messages the explorer observed in ${chats} chat${chats === 1 ? "" : "s"}, without analysis.`,
    findings,
    conflicts: [],
    modelNotes: [],
    proposed: "low",
    dropped,
    droppedItems: 0,
    evidenceOnly: true,
    budgets,
  });
}
