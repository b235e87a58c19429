/**
 * Report-side part coverage: a multi-part question ("SOC 2, PCI and GDPR") needs evidence for
 * every part, even when only some parts have decision language. Pure.
 */
import type { Observation } from "./exploration-state.js";
import { type QuestionPart, questionParts } from "./follow-up-queries.js";
import { textKeys } from "./text-terms.js";
import type { TopicProfile } from "./topic-profile.js";

function mentions(part: QuestionPart, observation: Observation, withTitle: boolean): boolean {
  const keys = textKeys(
    withTitle ? `${observation.chatTitle ?? ""}\n${observation.text}` : observation.text,
  );
  return [...part.keys].some((key) => keys.has(key));
}

/**
 * For each part of the question (in order) that no `cited` message mentions, the best of
 * `ranked` (relevant observations, best first) whose text mentions it — else whose chat title
 * does. No duplicates; parts without any candidate are skipped. Single-part questions: [].
 */
export function evidenceForMissingParts(
  profile: TopicProfile,
  ranked: readonly Observation[],
  cited: readonly Observation[],
): Observation[] {
  const out: Observation[] = [];
  for (const part of questionParts(profile)) {
    if ([...cited, ...out].some((observation) => mentions(part, observation, true))) continue;
    const best =
      ranked.find((observation) => mentions(part, observation, false)) ??
      ranked.find((observation) => mentions(part, observation, true));
    if (best && !out.includes(best)) out.push(best);
  }
  return out;
}
