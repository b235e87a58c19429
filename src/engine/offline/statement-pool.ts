/**
 * Which observations besides the relevant ones belong to the answer: the message right before
 * another in a chat (adjacency), replies to relevant messages, and decisions read right after a
 * relevant message. Pure.
 */
import { findDecisionCue, splitSentences } from "./detect-decisions.js";
import type { Observation } from "./exploration-state.js";
import type { RelevanceModel } from "./score-hits.js";

/** A user reply longer than this (chars) is a new request, not an approval. */
export const MAX_REPLY_CHARS = 200;

/**
 * The observed message right before `observation` in its chat, when adjacency is known: both
 * came from read windows (which are contiguous), or their ids are consecutive.
 */
export function previousAdjacent(
  observation: Observation,
  all: readonly Observation[],
): Observation | null {
  let best: Observation | null = null;
  for (const other of all) {
    if (other.chatId !== observation.chatId || other.messageId >= observation.messageId) continue;
    if (!best || other.messageId > best.messageId) best = other;
  }
  if (!best) return null;
  const adjacent =
    (best.fromRead && observation.fromRead) || best.messageId === observation.messageId - 1;
  return adjacent ? best : null;
}

/**
 * Observations that are not relevant by themselves but reply to a relevant one: a short user
 * reply after a relevant message, or an assistant answer after a relevant question. Such replies
 * rarely repeat the topic's words, yet they are what turns a proposal into a decision.
 */
export function linkedReplies(
  relevant: readonly Observation[],
  all: readonly Observation[],
): Observation[] {
  const linked = new Set(relevant.map((item) => item.candidateId));
  const out: Observation[] = [];
  // Two hops: question → short approval ("Godot.") → the assistant's confirmation ("Going with Godot").
  for (let hop = 0; hop < 2; hop += 1) {
    const added = all.filter((item) => {
      if (linked.has(item.candidateId)) return false;
      const previous = previousAdjacent(item, all);
      if (!previous || !linked.has(previous.candidateId) || previous.role === item.role)
        return false;
      if (item.role === "user")
        return item.text.length <= MAX_REPLY_CHARS && !item.text.includes("?");
      return previous.text.includes("?") || (hop > 0 && previous.role === "user");
    });
    for (const item of added) linked.add(item.candidateId);
    out.push(...added);
  }
  return out;
}

/** How far after a relevant message a read window's decision still belongs to it (messages). */
export const NEARBY_DECISION_SPAN = 4;

/**
 * Decisions read around a relevant message: a later message of the same chat, within
 * {@link NEARBY_DECISION_SPAN} ids, that carries decision language and at least one question
 * keyword ("Recorded: Plaid Link for US institutions …" two turns after "Customers need to link
 * their accounts"). Reading around the hit exists to catch exactly these.
 */
export function nearbyDecisions(
  relevant: readonly Observation[],
  all: readonly Observation[],
  model: RelevanceModel,
): Observation[] {
  const relevantIds = new Set(relevant.map((item) => item.candidateId));
  return all.filter((item) => {
    if (relevantIds.has(item.candidateId) || !item.fromRead) return false;
    const anchored = relevant.some(
      (anchor) =>
        anchor.chatId === item.chatId &&
        item.messageId > anchor.messageId &&
        item.messageId - anchor.messageId <= NEARBY_DECISION_SPAN,
    );
    if (!anchored) return false;
    return splitSentences(item.text).some(
      (sentence) => findDecisionCue(sentence) !== null && model.keywordPoints(sentence) > 0,
    );
  });
}
