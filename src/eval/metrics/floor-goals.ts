/**
 * The goals of issue 13 § Shows, judged against the bare-bm25 floor. Pure.
 *
 * - BEAM-100K (a suite of BEAM categories): overall evidence recall ≥ 1.5x the floor at equal k,
 *   no category below 1.0x, abstention on unanswerable questions ≥ 0.8, conflicts surfaced on
 *   update/contradiction questions whose gold spans two chats ≥ 0.6, 0 fabricated, p95 latency
 *   ≤ 300 ms.
 * - Any other suite (curated): every category ≥ 1.0x the floor, abstention ≥ 0.9.
 */
import { type GoalResult, type GroupSummary, goal } from "./summarize.js";

/** The lowest ratio over categories with one, or null when none has a ratio. */
function lowestRatio(categories: readonly GroupSummary[]): number | null {
  const ratios = categories
    .map((summary) => summary.ratioAtCited)
    .filter((ratio): ratio is number => ratio !== null);
  return ratios.length === 0 ? null : Math.min(...ratios);
}

/** Judges the floor goals for a BEAM run (`beam`) or any other suite. */
export function evaluateFloorGoals(
  categories: readonly GroupSummary[],
  overall: GroupSummary,
  beam: boolean,
): GoalResult[] {
  const everyCategory = goal(
    "every category vs floor",
    ">= 1.00x",
    lowestRatio(categories),
    (v) => v >= 1,
  );
  if (!beam)
    return [everyCategory, goal("abstention", ">= 0.90", overall.abstention, (v) => v >= 0.9)];
  return [
    goal("recall vs floor at equal k", ">= 1.50x", overall.ratioAtCited, (v) => v >= 1.5),
    everyCategory,
    goal("abstention", ">= 0.80", overall.abstention, (v) => v >= 0.8),
    goal("conflicts surfaced", ">= 0.60", overall.conflictsSurfaced, (v) => v >= 0.6),
    goal("fabricated citations", "= 0", overall.fabricated, (v) => v === 0),
    goal("p95 latency ms", "<= 300", overall.latencyP95Ms, (v) => v <= 300),
  ];
}
