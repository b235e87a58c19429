import { describe, expect, it } from "vitest";
import { EXPLORER_BUDGETS } from "./budgets.js";
import type { Observation, RegistryStats } from "./evidence-registry.js";
import {
  buildEvidenceOnlyReport,
  buildReport,
  deriveAssessment,
  toEvidenceTarget,
} from "./report.js";
import { noDrops, type ValidatedProposal } from "./report-validation.js";

const stats = (overrides: Partial<RegistryStats> = {}): RegistryStats => ({
  searches: 1,
  reads: 0,
  dedupedCalls: 0,
  refusedCalls: 0,
  failedCalls: 0,
  internalFailures: 0,
  observations: 2,
  observationBytes: 100,
  discussions: 0,
  chats: 1,
  indexStatus: "ready",
  pendingCount: 0,
  truncated: false,
  budgetExhausted: false,
  ...overrides,
});

const observation = (id: number, overrides: Partial<Observation> = {}): Observation => ({
  candidateId: `c${id}`,
  chatId: 1 + (id % 2),
  chatTitle: "T",
  messageId: id,
  role: "assistant",
  createdAt: "2026-02-11T11:20:10.000Z",
  text: `text ${id}`,
  isCompactionSummary: false,
  projectionTruncated: false,
  via: "search",
  ...overrides,
});

const proposal = (overrides: Partial<ValidatedProposal> = {}): ValidatedProposal => ({
  summary: "S",
  findings: [{ text: "F", evidence: [observation(1), observation(2)] }],
  conflicts: [],
  modelCoverageNotes: [],
  proposedConfidence: "high",
  dropped: noDrops(),
  droppedItems: 0,
  cited: 2,
  resolved: 2,
  ...overrides,
});

describe("report derivation", () => {
  it("derives outcome, confidence and action from what validated", () => {
    const base = {
      evidenceCount: 2,
      proposed: "high" as const,
      droppedCitations: 0,
      evidenceOnly: false,
    };
    expect(deriveAssessment({ ...base, reasons: [] })).toEqual({
      outcome: "complete",
      confidence: "high",
      action: "answer_from_report",
    });
    expect(deriveAssessment({ ...base, reasons: ["index_incomplete"] })).toEqual({
      outcome: "partial",
      confidence: "medium",
      action: "read_targets",
    });
    expect(deriveAssessment({ ...base, reasons: [], evidenceCount: 0 })).toEqual({
      outcome: "no_match",
      confidence: "low",
      action: "no_relevant_history",
    });
    expect(deriveAssessment({ ...base, reasons: ["index_incomplete"], evidenceCount: 0 })).toEqual({
      outcome: "partial",
      confidence: "low",
      action: "ask_user",
    });
    expect(deriveAssessment({ ...base, reasons: [], proposed: "low" })).toEqual({
      outcome: "complete",
      confidence: "low",
      action: "read_targets",
    });
    expect(deriveAssessment({ ...base, reasons: [], evidenceCount: 1 }).confidence).toBe("medium");
    expect(deriveAssessment({ ...base, reasons: [], droppedCitations: 1 }).confidence).toBe(
      "medium",
    );
  });

  it("a low-confidence proposal with evidence is partial (weak_evidence), never complete", () => {
    const facts = {
      query: "what did we decide about auth?",
      stats: stats(),
      stepsExhausted: false,
    };
    const weak = buildReport(facts, proposal({ proposedConfidence: "low" }), EXPLORER_BUDGETS);
    expect([weak.report.outcome, weak.report.partial_reason, weak.report.action]).toEqual([
      "partial",
      "weak_evidence",
      "read_targets",
    ]);
    const medium = buildReport(facts, proposal({ proposedConfidence: "medium" }), EXPLORER_BUDGETS);
    expect([medium.report.outcome, medium.report.partial_reason]).toEqual(["complete", undefined]);
  });

  it("keeps index, truncation and flags through formatting", () => {
    const facts = {
      query: "q",
      stats: stats({ indexStatus: "indexing", pendingCount: 3, truncated: true }),
      stepsExhausted: false,
    };
    const flagged = observation(2, { isCompactionSummary: true, projectionTruncated: true });
    const { report } = buildReport(
      facts,
      proposal({ findings: [{ text: "F", evidence: [observation(1), flagged] }] }),
      EXPLORER_BUDGETS,
    );
    expect(report.index_status).toBe("indexing");
    expect(report.outcome).toBe("partial");
    expect(report.partial_reason).toBe("index_incomplete");
    expect(report.missing_coverage).toEqual([
      "The search index was still building (3 messages not yet searchable); recall may be incomplete.",
      "Some search or read results were cut at their size bound.",
    ]);
    expect(report.findings[0]?.evidence[1]).toMatchObject({
      is_compaction_summary: true,
      projection_truncated: true,
    });
  });

  it("centres each evidence excerpt on the sentence matching the question, for every engine", () => {
    const preamble =
      "Great question, and thanks for all the context you shared about the project so far. " +
      "There are several angles here, so it helps to take them one at a time and slowly. " +
      "First, a quick recap of the constraints you listed at the start of our conversation. ";
    const answer = "We left Clerk because its per-user pricing broke the budget.";
    const text = `${preamble}${answer} After that the team went back to the release work.`;
    const facts = { query: "why did we leave Clerk?", stats: stats(), stepsExhausted: false };
    const evidence = [observation(1, { text }), observation(2, { text, via: "read" })];
    const built = (report: ReturnType<typeof buildReport>["report"]) =>
      report.findings.flatMap((finding) => finding.evidence.map((target) => target.excerpt));
    const answered = built(
      buildReport(facts, proposal({ findings: [{ text: "F", evidence }] }), EXPLORER_BUDGETS)
        .report,
    );
    const fallback = built(
      buildEvidenceOnlyReport(facts, evidence, EXPLORER_BUDGETS, noDrops()).report,
    );
    for (const excerpt of [...answered, ...fallback]) {
      // The whole answer sentence, with the preceding sentence as context; not the preamble's start.
      expect(excerpt.startsWith("…First, a quick recap")).toBe(true);
      expect(excerpt).toContain(answer);
      expect(excerpt.length).toBeLessThanOrEqual(220);
    }
    expect(answered.length + fallback.length).toBe(4);
  });

  it("resolves every evidence field from the observation and clamps the excerpt to 220 chars", () => {
    const target = toEvidenceTarget(
      observation(5, { text: `a  b\n${"x".repeat(400)}`, chatTitle: "y".repeat(300) }),
      EXPLORER_BUDGETS,
    );
    expect(target.excerpt.length).toBeLessThanOrEqual(220);
    expect(target.excerpt.startsWith("a b x")).toBe(true);
    expect(target.excerpt.endsWith("…")).toBe(true);
    expect(target.chat_title?.length).toBe(120);
    expect(target).toMatchObject({
      chat_id: 2,
      message_id: 5,
      role: "assistant",
      created_at: "2026-02-11T11:20:10.000Z",
    });
  });

  it("clamps the serialized report to 6 KB and says so", () => {
    const long = (id: number) =>
      observation(id, { text: "z".repeat(400), chatTitle: "t".repeat(200) });
    const findings = Array.from({ length: 8 }, (_, f) => ({
      text: "c".repeat(400),
      evidence: Array.from({ length: 6 }, (_, e) => long(f * 6 + e + 1)),
    }));
    const facts = { query: "q".repeat(500), stats: stats(), stepsExhausted: false };
    const { report, clampedEvidence } = buildReport(
      facts,
      proposal({ summary: "s".repeat(1200), findings }),
      EXPLORER_BUDGETS,
    );
    expect(Buffer.byteLength(JSON.stringify(report))).toBeLessThanOrEqual(6 * 1024);
    expect(clampedEvidence).toBeGreaterThan(0);
    expect(report.partial_reason).toBe("report_clamped");
  });

  it("trims evidence from the last finding first, so the first keeps what it cites", () => {
    const long = (id: number) =>
      observation(id, { text: "z".repeat(400), chatTitle: "t".repeat(100) });
    // Three evidence in the first finding, two in each later one: a little over the bound.
    const sizes = [3, 2, 2, 2, 2];
    let next = 1;
    const findings = sizes.map((size) => ({
      text: "c".repeat(100),
      evidence: Array.from({ length: size }, () => long(next++)),
    }));
    const facts = { query: "q", stats: stats(), stepsExhausted: false };
    const { report, clampedEvidence } = buildReport(
      facts,
      proposal({ summary: "s", findings }),
      EXPLORER_BUDGETS,
    );
    expect(clampedEvidence).toBeGreaterThan(0);
    expect(report.findings[0]?.evidence.map((e) => e.message_id)).toEqual([1, 2, 3]);
    const kept = report.findings.map((finding) => finding.evidence.length);
    // Trimmed from the tail: a finding that lost evidence is followed only by trimmed ones.
    const firstTrimmed = kept.findIndex((count, i) => count < (sizes[i] ?? 0));
    expect(firstTrimmed).toBeGreaterThan(0);
    expect(kept.slice(firstTrimmed).every((count) => count === 1)).toBe(true);
  });

  it("the evidence-only fallback groups observations by chat with host labels only", () => {
    const facts = { query: "q", stats: stats(), stepsExhausted: false };
    const observations = [
      observation(1, { via: "read" }),
      observation(2),
      observation(3),
      observation(4),
    ];
    const { report } = buildEvidenceOnlyReport(facts, observations, EXPLORER_BUDGETS, noDrops());
    expect(report.evidence_only).toBe(true);
    expect(report.findings.map((f) => f.evidence.map((e) => e.message_id))).toEqual([
      [2, 4],
      [3, 1],
    ]);
    expect(report.findings[0]?.claim).toBe(
      "Observed in one earlier chat (2 messages); not analysed.",
    );
    expect(report.summary).toBe(
      "Evidence only: synthesis did not complete, so this lists messages the explorer observed in 2 chats, without analysis.",
    );
    expect(report).toMatchObject({
      outcome: "partial",
      partial_reason: "synthesis_failed",
      confidence: "low",
      action: "read_targets",
    });
  });
});
