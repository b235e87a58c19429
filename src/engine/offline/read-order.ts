/**
 * Which relevant observations to read around first. A multi-part question needs evidence for
 * every part, so the best hit of each part (see `questionParts`) comes first, in question order,
 * then the rest by score. Pure.
 */
import type { Observation } from "./exploration-state.js";
import { questionParts } from "./follow-up-queries.js";
import type { ScoredObservation } from "./score-hits.js";
import { textKeys } from "./text-terms.js";
import type { TopicProfile } from "./topic-profile.js";

/**
 * `scored` (best first, relevant only) reordered: for each part, the best observation whose text
 * or chat title mentions it; then every other observation in score order. No duplicates;
 * single-part questions keep score order.
 */
export function readOrder(
  profile: TopicProfile,
  scored: readonly ScoredObservation[],
): Observation[] {
  const ordered = scored.map((item) => item.observation);
  const first: Observation[] = [];
  for (const part of questionParts(profile)) {
    const best = ordered.find((observation) => {
      const keys = textKeys(`${observation.chatTitle ?? ""}\n${observation.text}`);
      return [...part.keys].some((key) => keys.has(key));
    });
    if (best && !first.includes(best)) first.push(best);
  }
  return [...first, ...ordered.filter((observation) => !first.includes(observation))];
}
