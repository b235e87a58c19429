/**
 * What a person sees first (issue 28): whether the report's opening findings are the answer,
 * whether the decision now in force comes before the superseded one, and whether the report
 * confidently answers without citing any answer. Pure functions of {@link QuestionFacts}; `null`
 * means "not applicable to this question" and is left out of shares.
 */
import { shareTrue } from "./percentile.js";
import type { QuestionFacts } from "./question-facts.js";

type Report = NonNullable<QuestionFacts["report"]>;

/** How many of the first findings `answerAt3` looks at. */
const ANSWER_DEPTH = 3;

/** Per-question answer scores. */
export interface AnswerScore {
  /** On `found` questions with a report: the first finding cites a gold message (no findings: false). */
  readonly answerAt1: boolean | null;
  /** On `found` questions with a report: one of the first three findings cites a gold message. */
  readonly answerAt3: boolean | null;
  /**
   * On `found` questions with a report and a non-empty `current`: the first finding cites a
   * current message and no superseded one (superseded = gold − current), so the decision in force
   * is read before any superseded statement (those may follow it, or sit in conflicts).
   */
  readonly currentFirst: boolean | null;
  /** On `found` questions with a report: a {@link isConfidentAnswer} report citing no gold message. */
  readonly confidentWrong: boolean | null;
  /** On `absent` questions with a report: a {@link isConfidentAnswer} report, whatever it cites. */
  readonly confidentWrongAbsent: boolean | null;
}

/** A report that tells the primary agent to answer with confidence: complete, answer_from_report, medium or high. */
export function isConfidentAnswer(report: Report): boolean {
  return (
    report.outcome === "complete" &&
    report.action === "answer_from_report" &&
    (report.confidence === "medium" || report.confidence === "high")
  );
}

const citesAny = (ids: readonly number[], set: ReadonlySet<number>) =>
  ids.some((id) => set.has(id));

/** Scores one question's answer. */
export function scoreAnswer(facts: QuestionFacts): AnswerScore {
  const { report } = facts;
  if (report === null)
    return {
      answerAt1: null,
      answerAt3: null,
      currentFirst: null,
      confidentWrong: null,
      confidentWrongAbsent: null,
    };
  const confident = isConfidentAnswer(report);
  if (facts.expected === "absent")
    return {
      answerAt1: null,
      answerAt3: null,
      currentFirst: null,
      confidentWrong: null,
      confidentWrongAbsent: confident,
    };
  const gold = new Set(facts.gold);
  const current = new Set(facts.current);
  const superseded = new Set(facts.gold.filter((id) => !current.has(id)));
  const first = report.findings[0] ?? [];
  return {
    answerAt1: citesAny(first, gold),
    answerAt3: report.findings.slice(0, ANSWER_DEPTH).some((ids) => citesAny(ids, gold)),
    currentFirst:
      current.size === 0 ? null : citesAny(first, current) && !citesAny(first, superseded),
    confidentWrong:
      confident &&
      !citesAny(
        report.cited.map((target) => target.messageId),
        gold,
      ),
    confidentWrongAbsent: null,
  };
}

/** Answer figures over a group of questions: shares in [0, 1], null when none applies. */
export interface AnswerSummary {
  readonly answerAt1: number | null;
  readonly answerAt3: number | null;
  readonly currentFirst: number | null;
  /** Questions `currentFirst` is a share of (found, with a report and current evidence). */
  readonly currentQuestions: number;
  readonly confidentWrong: number | null;
  readonly confidentWrongAbsent: number | null;
}

/** Summarizes answer scores of a group. */
export function summarizeAnswers(scores: readonly AnswerScore[]): AnswerSummary {
  return {
    answerAt1: shareTrue(scores.map((score) => score.answerAt1)),
    answerAt3: shareTrue(scores.map((score) => score.answerAt3)),
    currentFirst: shareTrue(scores.map((score) => score.currentFirst)),
    currentQuestions: scores.filter((score) => score.currentFirst !== null).length,
    confidentWrong: shareTrue(scores.map((score) => score.confidentWrong)),
    confidentWrongAbsent: shareTrue(scores.map((score) => score.confidentWrongAbsent)),
  };
}
