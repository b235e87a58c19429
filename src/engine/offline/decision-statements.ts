/**
 * Collects decision statements from observations and pairs them into conflicts: two statements on
 * the same topic family, choosing different things, from different chats or days → a possibly
 * superseded decision (plan § Key States: conflicts are surfaced, recency informs but never
 * silently overrides). Pure.
 */
import {
  type DecisionKind,
  extractChoice,
  findDecisionCue,
  splitSentences,
} from "./detect-decisions.js";
import type { Observation } from "./exploration-state.js";
import { TOPIC_FAMILIES, type TopicFamily } from "./related-terms.js";
import { mentionIndex, type TopicProfile, textMentions, topicOverlap } from "./topic-profile.js";

/** One sentence that records, proposes or approves a choice. */
export interface DecisionStatement {
  readonly observation: Observation;
  readonly sentence: string;
  readonly kind: DecisionKind;
  /** The family the choice belongs to, or null when no named option was recognised. */
  readonly familyId: string | null;
  readonly chosen: string | null;
  readonly rejected: string | null;
  /** For an approval: the proposal it approved (the previous message of the same chat). */
  readonly approves: Observation | null;
}

/** At most this many statements are taken from one message (long answers list many options). */
const MAX_STATEMENTS_PER_MESSAGE = 2;

function onTopicSentence(
  profile: TopicProfile,
  families: readonly TopicFamily[],
  sentence: string,
): boolean {
  const overlap = topicOverlap(profile, sentence);
  if (overlap.keywordHits + overlap.familyHits > 0) return true;
  return families.some((family) =>
    family.entities.some((entity) => textMentions(sentence, entity)),
  );
}

function choiceIn(
  families: readonly TopicFamily[],
  sentence: string,
  cue: NonNullable<ReturnType<typeof findDecisionCue>>,
): { familyId: string | null; chosen: string | null; rejected: string | null } {
  for (const family of families) {
    const choice = extractChoice(sentence, cue, family.entities);
    if (choice.chosen !== null || choice.rejected !== null)
      return { familyId: family.id, ...choice };
  }
  return { familyId: null, chosen: null, rejected: null };
}

function previousInChat(observation: Observation, all: readonly Observation[]): Observation | null {
  let best: Observation | null = null;
  for (const other of all) {
    if (other.chatId !== observation.chatId || other.messageId >= observation.messageId) continue;
    if (!best || other.messageId > best.messageId) best = other;
  }
  return best;
}

const OPTION = /\boption\s+[a-d1-4]\b/i;

/**
 * For "yes, option B" (or "I recommend Option B"): the entity named in the "Option B" sentence of
 * `proposal`; without an option letter, in its recommendation sentence.
 */
function approvedChoice(
  families: readonly TopicFamily[],
  approval: string,
  proposal: Observation,
): { familyId: string | null; chosen: string | null } {
  const option = /\boption\s+([a-d1-4])\b/i.exec(approval)?.[1];
  const sentences = splitSentences(proposal.text);
  const pool = option
    ? sentences.filter((sentence) => mentionIndex(sentence, `option ${option}`) >= 0)
    : sentences.filter((sentence) => findDecisionCue(sentence)?.kind === "recommendation");
  for (const sentence of pool) {
    for (const family of families) {
      const found = family.entities
        .map((entity) => ({ entity, index: mentionIndex(sentence, entity) }))
        .filter((item) => item.index >= 0)
        .sort((a, b) => a.index - b.index || b.entity.length - a.entity.length);
      const first = found[0];
      if (first) return { familyId: family.id, chosen: first.entity };
    }
  }
  return { familyId: null, chosen: null };
}

/**
 * User messages that approve a proposal ("yes, go with option B") right after a relevant message
 * of the same chat. Such replies rarely repeat the topic's words, so scoring alone misses them;
 * they are what turns a recommendation into a decision. In first-seen order.
 */
export function linkedApprovals(
  relevant: readonly Observation[],
  all: readonly Observation[],
): Observation[] {
  const relevantIds = new Set(relevant.map((item) => item.candidateId));
  return all.filter((item) => {
    if (relevantIds.has(item.candidateId) || item.role !== "user") return false;
    if (
      !splitSentences(item.text).some((sentence) => findDecisionCue(sentence)?.kind === "approval")
    )
      return false;
    const previous = previousInChat(item, all);
    return previous !== null && relevantIds.has(previous.candidateId);
  });
}

/**
 * Decision statements in `observations` (already filtered to relevant ones by the caller), in
 * observation order. Families searched: the question's, else every family.
 */
export function collectStatements(
  profile: TopicProfile,
  observations: readonly Observation[],
): DecisionStatement[] {
  const families = profile.families.length > 0 ? profile.families : TOPIC_FAMILIES;
  const statements: DecisionStatement[] = [];
  for (const observation of observations) {
    let taken = 0;
    for (const sentence of splitSentences(observation.text)) {
      if (taken >= MAX_STATEMENTS_PER_MESSAGE) break;
      const cue = findDecisionCue(sentence);
      if (!cue) continue;
      // Only the person approves; an assistant saying "sounds good" decides nothing.
      if (cue.kind === "approval" && observation.role !== "user") continue;
      if (cue.kind === "approval") {
        const proposal = previousInChat(observation, observations);
        const approved = proposal ? approvedChoice(families, sentence, proposal) : null;
        const fromSentence = choiceIn(families, sentence, cue);
        statements.push({
          observation,
          sentence,
          kind: "approval",
          familyId: fromSentence.familyId ?? approved?.familyId ?? null,
          chosen: fromSentence.chosen ?? approved?.chosen ?? null,
          rejected: fromSentence.rejected,
          approves: proposal,
        });
        taken += 1;
        continue;
      }
      const direct = choiceIn(families, sentence, cue);
      if (direct.chosen === null && direct.rejected === null && OPTION.test(sentence)) {
        // "I recommend Option B." names the option; its own line ("Option B: Supabase Auth …")
        // names the thing.
        const named = approvedChoice(families, sentence, observation);
        if (named.chosen !== null) {
          statements.push({
            observation,
            sentence,
            kind: cue.kind,
            ...named,
            rejected: null,
            approves: null,
          });
          taken += 1;
          continue;
        }
      }
      if (!onTopicSentence(profile, families, sentence)) continue;
      statements.push({ observation, sentence, kind: cue.kind, ...direct, approves: null });
      taken += 1;
    }
  }
  return statements;
}

/** A pair of statements that chose differently on one topic, earlier first. */
export interface DecisionConflict {
  readonly familyId: string;
  readonly earlier: DecisionStatement;
  readonly later: DecisionStatement;
}

/** At most 4 conflicts (DESIGN.md § budgets, report bounds). */
export const MAX_CONFLICTS = 4;

const day = (iso: string) => iso.slice(0, 10);

/**
 * Pairs statements into conflicts, one per family: the latest committed choice against the most
 * recent earlier one that chose something else (or that the later one explicitly dropped), from a
 * different chat or day. Recommendations never count as committed.
 */
export function findConflicts(statements: readonly DecisionStatement[]): DecisionConflict[] {
  const byFamily = new Map<string, DecisionStatement[]>();
  for (const statement of statements) {
    if (
      statement.kind === "recommendation" ||
      statement.familyId === null ||
      statement.chosen === null
    )
      continue;
    const list = byFamily.get(statement.familyId) ?? [];
    list.push(statement);
    byFamily.set(statement.familyId, list);
  }
  const conflicts: DecisionConflict[] = [];
  for (const [familyId, list] of byFamily) {
    const ordered = [...list].sort(
      (a, b) =>
        a.observation.createdAt.localeCompare(b.observation.createdAt) ||
        a.observation.firstSeen - b.observation.firstSeen,
    );
    const later = ordered.at(-1);
    if (!later?.chosen) continue;
    const chosenKey = later.chosen.toLowerCase();
    const separate = (candidate: DecisionStatement) =>
      candidate.observation.chatId !== later.observation.chatId ||
      day(candidate.observation.createdAt) !== day(later.observation.createdAt);
    const earlierOnes = ordered.slice(0, -1).reverse();
    const dropped = later.rejected?.toLowerCase();
    const earlier =
      earlierOnes.find(
        (item) => dropped !== undefined && item.chosen?.toLowerCase() === dropped && separate(item),
      ) ?? earlierOnes.find((item) => item.chosen?.toLowerCase() !== chosenKey && separate(item));
    if (earlier) conflicts.push({ familyId, earlier, later });
    if (conflicts.length >= MAX_CONFLICTS) break;
  }
  return conflicts;
}
