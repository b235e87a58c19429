/**
 * Hit scoring: how strongly an observation answers the question. Integer points, so tests and
 * ties are exact:
 *
 * - 3 per distinct question keyword (stem) in the title or text;
 * - 1 per distinct related family term, at most 4;
 * - 1 per named option of the question's families, at most 2;
 * - 2 if a sentence carries decision language; reversals 3 (they are what recall misses);
 * - 1 per additional search that returned it (agreement between reformulations);
 * - 1 if it is among the newest third of observations (recency informs, never overrides);
 * - −2 for a compaction summary (it repeats originals; DESIGN.md § Lessons).
 *
 * Ties break by newer `createdAt`, then first seen.
 */
import { findDecisionCue, splitSentences } from "./detect-decisions.js";
import type { Observation } from "./exploration-state.js";
import { type TopicProfile, textMentions, topicOverlap } from "./topic-profile.js";

/** Below this an observation is not treated as relevant (one keyword hit is 3). */
export const RELEVANCE_MIN = 3;

/** An observation with its score. */
export interface ScoredObservation {
  readonly observation: Observation;
  readonly score: number;
}

function entityHits(profile: TopicProfile, text: string): number {
  let hits = 0;
  for (const family of profile.families) {
    for (const entity of family.entities) if (textMentions(text, entity)) hits += 1;
  }
  return hits;
}

/** Decision-language points for `text`: 3 for a reversal, 2 for any other cue, else 0. */
export function decisionPoints(text: string): number {
  let best = 0;
  for (const sentence of splitSentences(text)) {
    const cue = findDecisionCue(sentence);
    if (!cue) continue;
    best = Math.max(best, cue.kind === "reversal" ? 3 : 2);
  }
  return best;
}

/** Topic points only (keywords, family terms, entities): the part that says "on topic". */
export function topicPoints(profile: TopicProfile, observation: Observation): number {
  const text = `${observation.chatTitle ?? ""}\n${observation.text}`;
  const overlap = topicOverlap(profile, text);
  return (
    3 * overlap.keywordHits +
    Math.min(4, overlap.familyHits) +
    Math.min(2, entityHits(profile, observation.text))
  );
}

/**
 * Scores and sorts observations, best first. Off-topic ones (topic points 0) score 0 whatever
 * their decision language, so "we decided" about something else never ranks.
 */
export function scoreObservations(
  profile: TopicProfile,
  observations: readonly Observation[],
): ScoredObservation[] {
  const byAge = [...observations].sort(compareNewestFirst);
  const newestThird = new Set(
    byAge.slice(0, Math.ceil(observations.length / 3)).map((item) => item.candidateId),
  );
  const scored = observations.map((observation) => {
    const topic = topicPoints(profile, observation);
    if (topic === 0) return { observation, score: 0 };
    const score =
      topic +
      decisionPoints(observation.text) +
      Math.max(0, observation.searchHits - 1) +
      (newestThird.has(observation.candidateId) ? 1 : 0) -
      (observation.isCompactionSummary ? 2 : 0);
    return { observation, score: Math.max(0, score) };
  });
  return scored.sort(
    (a, b) => b.score - a.score || compareNewestFirst(a.observation, b.observation),
  );
}

function compareNewestFirst(a: Observation, b: Observation): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.firstSeen - b.firstSeen;
}
