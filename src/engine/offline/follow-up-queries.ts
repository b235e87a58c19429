/**
 * Vocabulary-free follow-up searches, used when the related-terms map says little about a
 * question or evidence is thin:
 *
 * - **parts**: each keyword group of a multi-part question searched alone, so a frequent word
 *   cannot crowd a rarer part out of the OR-joined bm25 ranking ("what did we decide about
 *   pricing and offline maps" → `pricing`, `offline`, `maps`);
 * - **feedback** (pseudo-relevance feedback): topic words of the titles of chats a search ranked
 *   first, which name the topic in the history's own words.
 *
 * Pure; same inputs → same queries.
 */
import type { Observation } from "./exploration-state.js";
import { topicWords, wordKeys } from "./text-terms.js";
import { type KeywordGroup, type TopicProfile, topicOverlap } from "./topic-profile.js";

/** Terms in a feedback query: a title's topic words, a few titles at most. */
export const MAX_FEEDBACK_TERMS = 5;
/** Chats a search ranked this high (0-based) feed their titles back; bm25's top is the best bet. */
export const FEEDBACK_RANK = 0;

/** The search text for one keyword group: its keyword, or a merged list's items ("a/b" → "a b"). */
export function partQuery(group: KeywordGroup): string {
  return group.keyword.split("/").join(" ");
}

/**
 * Keyword groups no relevant observation covers yet, in question order. Only multi-part questions
 * (≥ 2 groups) have parts; a single-group question returns [].
 *
 * @param relevant - the observations judged relevant so far.
 */
export function uncoveredParts(
  profile: TopicProfile,
  relevant: readonly Observation[],
): KeywordGroup[] {
  if (profile.groups.length < 2) return [];
  const covered = new Set<string>();
  for (const observation of relevant) {
    const text = `${observation.chatTitle ?? ""}\n${observation.text}`;
    for (const keyword of topicOverlap(profile, text).matched) covered.add(keyword);
  }
  return profile.groups.filter((group) => !covered.has(group.keyword));
}

/**
 * Feedback terms from the titles of chats ranked ≤ {@link FEEDBACK_RANK} by some search whose
 * title or excerpt shares a question keyword: title topic words the question does not use, most
 * frequent first (ties: first seen), ≤ {@link MAX_FEEDBACK_TERMS}. Empty when nothing qualifies.
 */
export function feedbackTerms(
  profile: TopicProfile,
  observations: readonly Observation[],
): string[] {
  const own = new Set(profile.groups.flatMap((group) => [...group.keys]));
  const counts = new Map<string, number>();
  const titles = new Set<string>();
  for (const observation of observations) {
    const title = observation.chatTitle;
    if (title === null || observation.searchRank === null) continue;
    if (observation.searchRank > FEEDBACK_RANK || titles.has(title)) continue;
    const onTopic = topicOverlap(profile, `${title}\n${observation.text}`).keywordHits > 0;
    if (!onTopic && profile.groups.length > 0) continue;
    titles.add(title);
    for (const word of topicWords(title)) {
      if (wordKeys(word).some((key) => own.has(key)) || /^\d+$/.test(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([word]) => word)
    .slice(0, MAX_FEEDBACK_TERMS);
}
