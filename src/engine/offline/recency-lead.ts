/**
 * Recency-aware follow-up: once a decision chain is seen, the newest word on it may sit in a later
 * chat that only mentions the chosen option ("Authentication now runs entirely on Supabase Auth"
 * a week after the migration plan). Reading that chat before older leads is what a person asking
 * "what did we decide" needs. Pure.
 */
import type { DecisionStatement } from "./decision-statements.js";
import type { Observation } from "./exploration-state.js";
import { textMentions } from "./topic-profile.js";

/**
 * The newest observation in `candidates` (relevant leads, any order) that mentions an option
 * chosen by a non-recommendation statement and was written after the newest such statement, in
 * another message; null when there is none (no chain yet, or nothing newer).
 */
export function recencyLead(
  candidates: readonly Observation[],
  statements: readonly DecisionStatement[],
): Observation | null {
  const choices = statements.filter(
    (item) => item.kind !== "recommendation" && item.chosen !== null,
  );
  if (choices.length === 0) return null;
  const newestAt =
    choices
      .map((item) => item.observation.createdAt)
      .sort()
      .at(-1) ?? "";
  const names = [...new Set(choices.map((item) => item.chosen as string))];
  let best: Observation | null = null;
  for (const candidate of candidates) {
    if (candidate.createdAt <= newestAt) continue;
    if (!names.some((name) => textMentions(candidate.text, name))) continue;
    if (!best || candidate.createdAt > best.createdAt) best = candidate;
  }
  return best;
}
