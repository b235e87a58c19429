/**
 * Conflicts between decision statements (plan § Key States: conflicting or superseded decisions
 * are surfaced, recency informs but never silently overrides), and the two statement sources
 * that exist only to complete conflicts: later reversals of a pooled choice, and the earlier
 * statement of a thing a change dropped. Pure.
 */
import { type DecisionStatement, QUESTION_FAMILY } from "./decision-statements.js";
import { extractChoice, findDecisionCue, namedThings, splitSentences } from "./detect-decisions.js";
import type { Observation } from "./exploration-state.js";
import { textMentions } from "./topic-profile.js";

/** A pair of statements that chose differently on one topic, earlier first. */
export interface DecisionConflict {
  readonly familyId: string;
  readonly earlier: DecisionStatement;
  readonly later: DecisionStatement;
}

/** At most 4 conflicts (DESIGN.md § budgets, report bounds). */
export const MAX_CONFLICTS = 4;

const day = (iso: string) => iso.slice(0, 10);

function separate(a: DecisionStatement, b: DecisionStatement): boolean {
  return (
    a.observation.chatId !== b.observation.chatId ||
    day(a.observation.createdAt) !== day(b.observation.createdAt)
  );
}

function byTime(a: DecisionStatement, b: DecisionStatement): number {
  return (
    a.observation.createdAt.localeCompare(b.observation.createdAt) ||
    a.observation.firstSeen - b.observation.firstSeen
  );
}

/**
 * Pairs statements into conflicts. First, every change that names what it dropped ("move off
 * Vercel to AWS", "Dropping the battle pass") is paired with the latest earlier committed
 * statement that chose or mentioned the dropped thing. Then, per family, the latest committed
 * choice is paired with the latest earlier one that chose something else. Pairs need different
 * chats or days; recommendations never count as committed.
 */
export function findConflicts(statements: readonly DecisionStatement[]): DecisionConflict[] {
  const committed = statements.filter((item) => item.kind !== "recommendation").sort(byTime);
  const conflicts: DecisionConflict[] = [];
  const paired = new Set<string>();
  const add = (familyId: string, earlier: DecisionStatement, later: DecisionStatement) => {
    const key = `${earlier.observation.candidateId}|${later.observation.candidateId}`;
    if (paired.has(key) || conflicts.length >= MAX_CONFLICTS) return;
    // One conflict per statement on either side: the same old choice is reported once.
    if (
      conflicts.some(
        (item) =>
          item.later.observation.candidateId === later.observation.candidateId ||
          item.earlier.observation.candidateId === earlier.observation.candidateId,
      )
    )
      return;
    paired.add(key);
    conflicts.push({ familyId, earlier, later });
  };
  for (const later of [...committed].reverse()) {
    const dropped = later.rejected;
    if (!dropped) continue;
    const earlier = committed
      .filter((item) => byTime(item, later) < 0 && separate(item, later))
      .reverse()
      .find(
        (item) =>
          item.chosen?.toLowerCase() === dropped.toLowerCase() ||
          textMentions(item.sentence, dropped),
      );
    if (earlier) add(later.familyId ?? earlier.familyId ?? QUESTION_FAMILY, earlier, later);
  }
  const byFamily = new Map<string, DecisionStatement[]>();
  for (const statement of committed) {
    // Capitalized-word guesses are too noisy to pair on their own; they pair only through an
    // explicit drop above.
    if (
      statement.familyId === null ||
      statement.familyId === QUESTION_FAMILY ||
      statement.chosen === null
    )
      continue;
    const list = byFamily.get(statement.familyId) ?? [];
    list.push(statement);
    byFamily.set(statement.familyId, list);
  }
  for (const [familyId, list] of byFamily) {
    const later = list.at(-1);
    if (!later?.chosen) continue;
    const chosenKey = later.chosen.toLowerCase();
    const earlier = list
      .slice(0, -1)
      .reverse()
      .find((item) => item.chosen?.toLowerCase() !== chosenKey && separate(item, later));
    if (earlier) add(familyId, earlier, later);
  }
  return conflicts;
}

/**
 * Reversals outside the pool that drop something a pooled statement chose ("Switch the dashboard
 * charts from Recharts to ECharts" after "Recharts: React-friendly …"): a later change to an
 * on-topic choice is on topic even when its words differ from the question's.
 */
export function followUpReversals(
  statements: readonly DecisionStatement[],
  pool: readonly Observation[],
  all: readonly Observation[],
): DecisionStatement[] {
  const chosen = new Set(
    statements.flatMap((item) => (item.chosen ? [item.chosen.toLowerCase()] : [])),
  );
  if (chosen.size === 0) return [];
  const inPool = new Set(pool.map((item) => item.candidateId));
  const out: DecisionStatement[] = [];
  for (const observation of all) {
    if (inPool.has(observation.candidateId)) continue;
    for (const sentence of splitSentences(observation.text)) {
      const cue = findDecisionCue(sentence);
      if (cue?.kind !== "reversal") continue;
      const choice = extractChoice(sentence, cue, namedThings(sentence, { includeFirst: "auto" }));
      if (!choice.rejected || !chosen.has(choice.rejected.toLowerCase())) continue;
      out.push({
        observation,
        sentence,
        kind: "reversal",
        familyId: QUESTION_FAMILY,
        ...choice,
        approves: null,
      });
      break;
    }
  }
  return out;
}

/**
 * For each change that names what it dropped, the latest earlier message (another chat or day)
 * that states the dropped thing — not as a question — becomes a statement of the earlier choice
 * ("A cosmetic-only battle pass at $9.99 per season" before "Dropping the battle pass"), so the
 * pair surfaces as a superseded decision even when the earlier message shares no question word.
 */
export function earlierStatementsOfDropped(
  statements: readonly DecisionStatement[],
  all: readonly Observation[],
): DecisionStatement[] {
  const known = new Set(statements.map((item) => item.observation.candidateId));
  const out: DecisionStatement[] = [];
  for (const later of statements) {
    const dropped = later.rejected;
    if (later.kind !== "reversal" || !dropped) continue;
    const candidates = all
      .filter(
        (item) =>
          !known.has(item.candidateId) &&
          item.createdAt < later.observation.createdAt &&
          (item.chatId !== later.observation.chatId ||
            day(item.createdAt) !== day(later.observation.createdAt)),
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    for (const candidate of candidates) {
      const sentence = splitSentences(candidate.text).find(
        (item) =>
          !item.includes("?") &&
          textMentions(item, dropped) &&
          findDecisionCue(item)?.kind !== "reversal",
      );
      if (!sentence) continue;
      known.add(candidate.candidateId);
      out.push({
        observation: candidate,
        sentence,
        kind: "decision",
        familyId: later.familyId,
        chosen: dropped,
        rejected: null,
        approves: null,
      });
      break;
    }
  }
  return out;
}
