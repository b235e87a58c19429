/**
 * Which relevant observations to read around first. A multi-part question needs evidence for
 * every part, so the best hit of each keyword group comes first (in question order), then the
 * rest by score. Pure.
 */
import type { Observation } from "./exploration-state.js";
import type { ScoredObservation } from "./score-hits.js";
import { type TopicProfile, topicOverlap } from "./topic-profile.js";

/**
 * `scored` (best first, relevant only) reordered: for each keyword group, the best observation
 * whose text or chat title matches it; then every other observation in score order. No
 * duplicates; single-group questions keep score order.
 */
export function readOrder(
  profile: TopicProfile,
  scored: readonly ScoredObservation[],
): Observation[] {
  const ordered = scored.map((item) => item.observation);
  if (profile.groups.length < 2) return ordered;
  const first: Observation[] = [];
  for (const group of profile.groups) {
    const best = ordered.find((observation) =>
      topicOverlap(profile, `${observation.chatTitle ?? ""}\n${observation.text}`).matched.includes(
        group.keyword,
      ),
    );
    if (best && !first.includes(best)) first.push(best);
  }
  return [...first, ...ordered.filter((observation) => !first.includes(observation))];
}
