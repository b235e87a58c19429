/**
 * Issue 28's goals: what a person sees first. Each goal is judged only when the run has the
 * questions it is about (a suite without current evidence has no current-first goal, a run without
 * `no_match` no abstention goal), so a goal never fails for want of data. Pure.
 *
 * answer@1 ≥ 0.7 and answer@3 ≥ 0.85 on found questions; vague_decision evidence recall ≥ 0.5;
 * current-first ≥ 0.8; conflict precision ≥ 0.6 and conflict recall ≥ 0.6; confident-wrong ≤ 0.05
 * on found and on absent questions; no_match abstention ≥ 0.8; recall ≥ 1.5x the floor at equal k;
 * 0 fabricated citations.
 */
import { type GoalResult, type GroupSummary, goal } from "./summarize.js";

/** Judges issue 28's goals that apply to this run, in the order above. */
export function evaluateAnswerGoals(
  byCategory: ReadonlyMap<string, GroupSummary>,
  overall: GroupSummary,
): GoalResult[] {
  const found = overall.foundQuestions > 0;
  const vague = byCategory.get("vague_decision");
  const noMatch = byCategory.get("no_match");
  const conflicts = overall.conflictsSurfaced !== null;
  const goals: (GoalResult | null)[] = [
    found ? goal("answer@1", ">= 0.70", overall.answerAt1, (v) => v >= 0.7) : null,
    found ? goal("answer@3", ">= 0.85", overall.answerAt3, (v) => v >= 0.85) : null,
    vague ? goal("vague_decision evidence recall", ">= 0.50", vague.recall, (v) => v >= 0.5) : null,
    overall.currentQuestions > 0
      ? goal("current-first", ">= 0.80", overall.currentFirst, (v) => v >= 0.8)
      : null,
    conflicts
      ? goal("conflict precision", ">= 0.60", overall.conflictPrecision, (v) => v >= 0.6)
      : null,
    conflicts
      ? goal("conflict recall", ">= 0.60", overall.conflictsSurfaced, (v) => v >= 0.6)
      : null,
    found ? goal("confident-wrong", "<= 0.05", overall.confidentWrong, (v) => v <= 0.05) : null,
    overall.confidentWrongAbsent !== null
      ? goal("confident-wrong absent", "<= 0.05", overall.confidentWrongAbsent, (v) => v <= 0.05)
      : null,
    noMatch ? goal("no_match abstention", ">= 0.80", noMatch.abstention, (v) => v >= 0.8) : null,
    found
      ? goal("recall vs floor at equal k", ">= 1.50x", overall.ratioAtCited, (v) => v >= 1.5)
      : null,
    goal("fabricated citations", "= 0", overall.fabricated, (v) => v === 0),
  ];
  return goals.filter((result): result is GoalResult => result !== null);
}
