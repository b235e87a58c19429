/**
 * The gap between two eval runs (issue 13 § Shows: "the dev/held-out gap is printed"): for
 * `overall` and every category both runs have, each run's recall, ratio to the floor at equal k,
 * abstention, conflict recall and precision, and issue 28's answer figures (answer@1, answer@3,
 * current-first, confident-wrong on found and absent questions), and the difference this run −
 * the compared run. A run saved before the answer figures existed has null for them. Tuning on
 * the dev set shows up as a negative gap on the held-out one. Two runs of the same questions are
 * also compared question by question (`paired-gap.ts`). Pure.
 */
import type { ComparedResult, ComparedSummary } from "./compared-result.js";
import { type PairedGap, pairedGap } from "./paired-gap.js";

/** One figure in both runs and its difference (null when either run has no value). */
export interface GapFigure {
  readonly compared: number | null;
  readonly current: number | null;
  /** `current − compared`. */
  readonly gap: number | null;
}

/** One row of the gap: a category (or `overall`) present in both runs. */
export interface GapRow {
  readonly group: string;
  readonly questions: { readonly compared: number; readonly current: number };
  readonly recall: GapFigure;
  readonly ratioAtCited: GapFigure;
  readonly abstention: GapFigure;
  /** Conflict recall (JSON key `conflictsSurfaced`, as in `GroupSummary`). */
  readonly conflictsSurfaced: GapFigure;
  readonly conflictPrecision: GapFigure;
  readonly answerAt1: GapFigure;
  readonly answerAt3: GapFigure;
  readonly currentFirst: GapFigure;
  readonly confidentWrong: GapFigure;
  readonly confidentWrongAbsent: GapFigure;
}

/** The gap between the compared (earlier) run and the current one. */
export interface EvalGap {
  readonly compared: { readonly suite: string; readonly modelId: string };
  readonly current: { readonly suite: string; readonly modelId: string };
  /** `overall` first, then the shared categories in the current run's order. */
  readonly rows: readonly GapRow[];
  /** Question by question, when the runs share question ids (`paired-gap.ts`); else null. */
  readonly paired: PairedGap | null;
}

function figure(compared: number | null, current: number | null): GapFigure {
  return {
    compared,
    current,
    gap: compared === null || current === null ? null : current - compared,
  };
}

function row(compared: ComparedSummary, current: ComparedSummary): GapRow {
  return {
    group: current.group,
    questions: { compared: compared.questions, current: current.questions },
    recall: figure(compared.recall, current.recall),
    ratioAtCited: figure(compared.ratioAtCited, current.ratioAtCited),
    abstention: figure(compared.abstention, current.abstention),
    conflictsSurfaced: figure(compared.conflictsSurfaced, current.conflictsSurfaced),
    conflictPrecision: figure(compared.conflictPrecision, current.conflictPrecision),
    answerAt1: figure(compared.answerAt1, current.answerAt1),
    answerAt3: figure(compared.answerAt3, current.answerAt3),
    currentFirst: figure(compared.currentFirst, current.currentFirst),
    confidentWrong: figure(compared.confidentWrong, current.confidentWrong),
    confidentWrongAbsent: figure(compared.confidentWrongAbsent, current.confidentWrongAbsent),
  };
}

/** Computes the gap of `current` against `compared`. */
export function evalGap(compared: ComparedResult, current: ComparedResult): EvalGap {
  const earlier = new Map(compared.categories.map((summary) => [summary.group, summary]));
  const shared = current.categories.flatMap((summary) => {
    const other = earlier.get(summary.group);
    return other === undefined ? [] : [row(other, summary)];
  });
  return {
    compared: { suite: compared.suite, modelId: compared.engine.modelId },
    current: { suite: current.suite, modelId: current.engine.modelId },
    rows: [row(compared.overall, current.overall), ...shared],
    paired: pairedGap(compared.scores, current.scores),
  };
}
