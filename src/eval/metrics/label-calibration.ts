/**
 * How often each label a report carries is right (issue 28: a label is a claim to the person;
 * measure how often it is wrong). For every outcome (`complete`, `partial`, `no_match`) and every
 * confidence (`high`, `medium`, `low`): how many `found` questions' reports carry it, on how many
 * of them the first finding cites a gold message (answer@1) and on how many some gold message is
 * cited at all; and how many `absent` questions' reports carry it. A calibrated engine's "high"
 * leads with the answer more often than its "medium", its "medium" more often than its "low", and
 * "complete" or "high" on an absent question is always wrong. Runs that threw carry no label and
 * are left out. Pure.
 */
import type { QuestionFacts } from "./question-facts.js";
import type { QuestionScore } from "./score-question.js";

type Report = NonNullable<QuestionFacts["report"]>;

/** The labels measured, in the order the table prints them. */
export const CALIBRATED_LABELS = [
  { kind: "outcome", value: "complete" },
  { kind: "outcome", value: "partial" },
  { kind: "outcome", value: "no_match" },
  { kind: "confidence", value: "high" },
  { kind: "confidence", value: "medium" },
  { kind: "confidence", value: "low" },
] as const;

/** One label's record over a run. Counts are questions; shares are in [0, 1], null when `found` is 0. */
export interface LabelCalibration {
  /** What the label is a value of. */
  readonly kind: "outcome" | "confidence";
  /** The label as the report carries it ("complete", "high", …). */
  readonly label: string;
  /** `found` questions whose report carries the label. */
  readonly found: number;
  /** Of those, the share whose first finding cites a gold message. */
  readonly answerAt1: number | null;
  /** Of those, the share citing some gold message anywhere (findings or conflicts). */
  readonly citesGold: number | null;
  /** `absent` questions whose report carries the label. */
  readonly absent: number;
}

const carries = (report: Report, kind: "outcome" | "confidence", value: string) =>
  (kind === "outcome" ? report.outcome : report.confidence) === value;

const share = (hits: number, of: number) => (of === 0 ? null : hits / of);

/**
 * The record of each label of {@link CALIBRATED_LABELS} over `facts` and their `scores` (same
 * order, `scoreQuestion`'s): answer@1 is the score's, and a found question cites gold when its
 * recall is above 0. One row per label, in that order.
 */
export function calibrateLabels(
  facts: readonly QuestionFacts[],
  scores: readonly QuestionScore[],
): LabelCalibration[] {
  const runs = facts.flatMap((fact, i) => {
    const score = scores[i];
    return fact.report === null || score === undefined
      ? []
      : [{ fact, report: fact.report, score }];
  });
  return CALIBRATED_LABELS.map(({ kind, value }) => {
    const labelled = runs.filter(({ report }) => carries(report, kind, value));
    const found = labelled.filter(({ fact }) => fact.expected === "found");
    const leads = found.filter(({ score }) => score.answerAt1 === true).length;
    const cites = found.filter(({ score }) => (score.recall ?? 0) > 0).length;
    return {
      kind,
      label: value,
      found: found.length,
      answerAt1: share(leads, found.length),
      citesGold: share(cites, found.length),
      absent: labelled.length - found.length,
    };
  });
}
