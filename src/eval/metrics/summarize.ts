/**
 * Per-category and overall figures from question facts and scores (issue 6 § Build 1), and the
 * launch goals they are judged against (issue 6 § Shows). Pure.
 */

import { type AnswerSummary, summarizeAnswers } from "./answer-metrics.js";
import { recallRatio } from "./floor-metrics.js";
import { mean, percentile, shareTrue as ratio } from "./percentile.js";
import type { QuestionFacts } from "./question-facts.js";
import type { QuestionScore } from "./score-question.js";

/** Figures over a group of questions. Ratios in [0, 1], times in ms, sizes in bytes; null = n/a. */
export interface GroupSummary extends AnswerSummary {
  readonly group: string;
  readonly questions: number;
  readonly failedRuns: number;
  readonly recall: number | null;
  readonly precision: number | null;
  /** Share of `absent` questions that abstained. */
  readonly abstention: number | null;
  readonly fabricated: number;
  /**
   * Conflict recall (printed "conflict rec"; the JSON key keeps its first name): share of
   * `expect_conflict` questions whose report has a conflict citing at least two gold messages.
   */
  readonly conflictsSurfaced: number | null;
  /**
   * Conflict precision: of the conflicts shown on found questions, the share whose every message
   * is gold or acceptable evidence (pooled over conflicts; null when none was shown).
   */
  readonly conflictPrecision: number | null;
  /** Share of `expect_index_status` questions whose report said the right index status. */
  readonly indexStatusHonest: number | null;
  readonly latencyP50Ms: number | null;
  readonly latencyP95Ms: number | null;
  /** Percentiles of {@link QuestionFacts.cpuMs}. */
  readonly cpuP50Ms: number | null;
  readonly cpuP95Ms: number | null;
  /**
   * Where a question's wall time goes, means in ms: inside model calls, while a `search_chats`
   * call ran, while a `read_chat` call ran (the two may overlap: one step's calls run
   * concurrently), and the rest (the host: the tool loop, report building, card updates =
   * latency − model − time any retrieval call ran); with the mean number of searches and reads.
   * Null without questions.
   */
  readonly timeSplit: {
    /** Mean wall latency, the whole being split. */
    readonly latencyMs: number;
    readonly modelMs: number;
    readonly searchMs: number;
    readonly readMs: number;
    readonly hostMs: number;
    readonly searchCalls: number;
    readonly readCalls: number;
  } | null;
  readonly firstProgressP50Ms: number | null;
  readonly firstProgressP95Ms: number | null;
  readonly engineInputBytesMean: number | null;
  readonly engineInputBytesMax: number | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly reportBytesMean: number | null;
  readonly reportBytesMax: number | null;
  /** Σ direct bytes / Σ report bytes over questions with both. */
  readonly savings: number | null;
  /** Found questions (those the floor figures average over). */
  readonly foundQuestions: number;
  /** Mean distinct messages cited on found questions. */
  readonly citedMean: number | null;
  /** The floor's mean evidence recall at k = 3, 5, 10 and at k = each question's cite count. */
  readonly floorRecall3: number | null;
  readonly floorRecall5: number | null;
  readonly floorRecall10: number | null;
  readonly floorRecallAtCited: number | null;
  /** `recall` / `floorRecallAtCited`: the explorer against the floor at equal k. */
  readonly ratioAtCited: number | null;
  /** Share of found questions with a cited message in a gold chat; the floor's at 1 and 5 chats. */
  readonly chatHit: number | null;
  readonly floorChatHit1: number | null;
  readonly floorChatHit5: number | null;
}

/** Σ `parts` / Σ `wholes`, or null when the wholes sum to 0. */
const pooled = (parts: readonly number[], wholes: readonly number[]): number | null => {
  const whole = wholes.reduce((sum, value) => sum + value, 0);
  return whole === 0 ? null : parts.reduce((sum, value) => sum + value, 0) / whole;
};
const present = (values: readonly (number | null)[]): number[] =>
  values.filter((value): value is number => value !== null);

function timeSplitOf(facts: readonly QuestionFacts[]): GroupSummary["timeSplit"] {
  if (facts.length === 0) return null;
  const avg = (pick: (fact: QuestionFacts) => number): number =>
    facts.reduce((sum, fact) => sum + pick(fact), 0) / facts.length;
  const modelMs = avg((fact) => fact.modelMs);
  const searchMs = avg((fact) => fact.retrieval.searchMs);
  const readMs = avg((fact) => fact.retrieval.readMs);
  return {
    latencyMs: avg((fact) => fact.latencyMs),
    modelMs,
    searchMs,
    readMs,
    hostMs: avg((fact) => fact.latencyMs - fact.modelMs - fact.retrieval.anyMs),
    searchCalls: avg((fact) => fact.retrieval.searchCalls),
    readCalls: avg((fact) => fact.retrieval.readCalls),
  };
}

/** Summarizes the questions whose facts and scores are given (same order, same length). */
export function summarizeGroup(
  group: string,
  facts: readonly QuestionFacts[],
  scores: readonly QuestionScore[],
): GroupSummary {
  const latencies = facts.map((fact) => fact.latencyMs);
  const cpuTimes = facts.map((fact) => fact.cpuMs);
  const firsts = present(facts.map((fact) => fact.firstProgressMs));
  const reportBytes = present(facts.map((fact) => fact.report?.bytes ?? null));
  const engineBytes = facts.map((fact) => fact.engineInputBytes);
  const withSavings = facts.filter((_fact, i) => scores[i]?.savings !== null);
  const directTotal = withSavings.reduce((sum, fact) => sum + fact.directBytes, 0);
  const reportTotal = withSavings.reduce((sum, fact) => sum + (fact.report?.bytes ?? 0), 0);
  const recall = mean(present(scores.map((score) => score.recall)));
  const floorRecallAtCited = mean(present(scores.map((score) => score.floorRecallAtCited)));
  const found = scores.filter((score) => score.chatHit !== null);
  return {
    group,
    questions: facts.length,
    failedRuns: facts.filter((fact) => fact.report === null).length,
    recall,
    precision: mean(present(scores.map((score) => score.precision))),
    abstention: ratio(scores.map((score) => score.abstained)),
    fabricated: scores.reduce((sum, score) => sum + score.fabricated, 0),
    conflictsSurfaced: ratio(scores.map((score) => score.conflictSurfaced)),
    conflictPrecision: pooled(
      present(scores.map((score) => score.conflictsRelevant)),
      present(scores.map((score) => score.conflictsShown)),
    ),
    indexStatusHonest: ratio(scores.map((score) => score.indexStatusHonest)),
    latencyP50Ms: percentile(latencies, 50),
    latencyP95Ms: percentile(latencies, 95),
    cpuP50Ms: percentile(cpuTimes, 50),
    cpuP95Ms: percentile(cpuTimes, 95),
    timeSplit: timeSplitOf(facts),
    firstProgressP50Ms: percentile(firsts, 50),
    firstProgressP95Ms: percentile(firsts, 95),
    engineInputBytesMean: mean(engineBytes),
    engineInputBytesMax: engineBytes.length === 0 ? null : Math.max(...engineBytes),
    inputTokens: facts.reduce((sum, fact) => sum + fact.inputTokens, 0),
    outputTokens: facts.reduce((sum, fact) => sum + fact.outputTokens, 0),
    reportBytesMean: mean(reportBytes),
    reportBytesMax: reportBytes.length === 0 ? null : Math.max(...reportBytes),
    savings: reportTotal === 0 ? null : directTotal / reportTotal,
    foundQuestions: found.length,
    citedMean: mean(found.map((score) => score.cited)),
    floorRecall3: mean(present(scores.map((score) => score.floorRecall3))),
    floorRecall5: mean(present(scores.map((score) => score.floorRecall5))),
    floorRecall10: mean(present(scores.map((score) => score.floorRecall10))),
    floorRecallAtCited,
    ratioAtCited: recallRatio(recall, floorRecallAtCited),
    chatHit: ratio(scores.map((score) => score.chatHit)),
    floorChatHit1: ratio(scores.map((score) => score.floorChatHit1)),
    floorChatHit5: ratio(scores.map((score) => score.floorChatHit5)),
    ...summarizeAnswers(scores),
  };
}

/** One launch goal and where the run stands. */
export interface GoalResult {
  readonly goal: string;
  readonly target: string;
  readonly actual: number | null;
  readonly met: boolean;
}

/** A goal judged: met when `actual` is known and passes `test`. */
export function goal(
  name: string,
  target: string,
  actual: number | null,
  test: (value: number) => boolean,
): GoalResult {
  return { goal: name, target, actual, met: actual !== null && test(actual) };
}

/** Report size bound, bytes (DESIGN.md budgets: report ≤ 6 KB). */
export const MAX_REPORT_BYTES = 6 * 1024;

/**
 * The goals of issue 6 § Shows: exact recall 100%, vague evidence recall ≥ 0.85, abstention ≥ 90%
 * on no-match, conflicts surfaced ≥ 90%, report ≤ 6 KB, primary-context savings ≥ 8x, and zero
 * fabricated citations (plan § Launch Criteria). A goal with no applicable question is not met.
 */
export function evaluateGoals(
  byCategory: ReadonlyMap<string, GroupSummary>,
  overall: GroupSummary,
): GoalResult[] {
  const at = (category: string) => byCategory.get(category);
  return [
    goal("exact recall", "= 1.00", at("exact_recall")?.recall ?? null, (v) => v === 1),
    goal(
      "vague evidence recall",
      ">= 0.85",
      at("vague_decision")?.recall ?? null,
      (v) => v >= 0.85,
    ),
    goal("no-match abstention", ">= 0.90", at("no_match")?.abstention ?? null, (v) => v >= 0.9),
    goal("conflicts surfaced", ">= 0.90", overall.conflictsSurfaced, (v) => v >= 0.9),
    goal(
      "max report bytes",
      `<= ${MAX_REPORT_BYTES}`,
      overall.reportBytesMax,
      (v) => v <= MAX_REPORT_BYTES,
    ),
    goal("primary-context savings", ">= 8x", overall.savings, (v) => v >= 8),
    goal("fabricated citations", "= 0", overall.fabricated, (v) => v === 0),
  ];
}
