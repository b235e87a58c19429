/**
 * The confidence the offline report proposes (the host may lower it further). Pure.
 *
 * - `low`: nothing relevant, or one relevant message without a decision;
 * - `medium`: a conflict, an index still catching up, an exhausted budget, or only discussion;
 * - `high`: ≥ 2 relevant messages and at least one {@link decisive} statement.
 * Hearsay findings lower it one level.
 */
import type { SubmitReportInput } from "../../agent/tools/explore-chat-history/child-protocol.js";
import { type DecisionStatement, QUESTION_FAMILY } from "./decision-statements.js";
import type { ExplorationState } from "./exploration-state.js";
import type { RelevanceModel } from "./score-hits.js";

/**
 * Confidence from the run: `relevantCount` messages in the answer pool, the `committed`
 * statements, `conflictCount` conflicts (see the module docs for the rule).
 */
export function proposeConfidence(
  state: ExplorationState,
  relevantCount: number,
  committed: readonly DecisionStatement[],
  conflictCount: number,
  model: RelevanceModel,
): SubmitReportInput["confidence"] {
  if (relevantCount === 0) return "low";
  if (conflictCount > 0 || state.indexStatus === "indexing" || state.budgetExhausted)
    return "medium";
  if (committed.some((item) => decisive(item, model)) && relevantCount >= 2) return "high";
  return relevantCount >= 2 ? "medium" : "low";
}

/**
 * A statement that earns `high`: stated as a decision (not just an answer naming something, like
 * "Here's how to think about deploying PaperBites"), naming a choice or covering ⅔ of the
 * question's keyword weight.
 */
export function decisive(statement: DecisionStatement, model: RelevanceModel): boolean {
  if (statement.kind === "answer" || statement.kind === "recommendation") return false;
  const named = statement.chosen !== null && statement.familyId !== QUESTION_FAMILY;
  return named || model.keywordPoints(statement.sentence) * 3 >= model.maxPoints * 2;
}

/** One level lower per the presence of hearsay findings: quoted claims never earn `high`. */
export function lowerFor(
  hearsay: number,
  confidence: SubmitReportInput["confidence"],
): SubmitReportInput["confidence"] {
  if (hearsay === 0) return confidence;
  return confidence === "high" ? "medium" : "low";
}
