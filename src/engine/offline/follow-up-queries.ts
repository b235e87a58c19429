/**
 * Vocabulary-free follow-up searches, used when the related-terms map says little about a
 * question or evidence is thin:
 *
 * - **parts**: each part of a multi-part question without evidence yet, searched alone, so a
 *   frequent word cannot crowd a rarer part out of the OR-joined bm25 ranking ("what did we
 *   decide about pricing and offline maps" → `maps`, `offline` if only pricing was found);
 * - **feedback** (pseudo-relevance feedback): topic words of the titles of chats a search ranked
 *   first, which name the topic in the history's own words.
 *
 * Pure; same inputs → same queries.
 */
import type { Observation } from "./exploration-state.js";
import { textKeys, topicWords, wordKeys } from "./text-terms.js";
import { type TopicProfile, topicOverlap } from "./topic-profile.js";

/** Terms in a feedback query: a title's topic words, a few titles at most. */
export const MAX_FEEDBACK_TERMS = 5;
/** Chats a search ranked this high (0-based) feed their titles back; bm25's top is the best bet. */
export const FEEDBACK_RANK = 0;

/** Parts searched alone per run, at most: the thinnest first, so searches remain for reformulations. */
export const MAX_PARTS = 3;

/** One part of the question: its search text and the keys that count as covering it. */
export interface QuestionPart {
  readonly query: string;
  readonly keys: ReadonlySet<string>;
}

/**
 * The question's parts: each keyword group, except that a listed group ("pricing and offline",
 * merged for relevance as any-of) splits back into its items — each named thing needs evidence
 * of its own. A single-part question has no parts ([]).
 */
export function questionParts(profile: TopicProfile): QuestionPart[] {
  const parts = profile.groups.flatMap((group): QuestionPart[] =>
    group.keyword.includes("/")
      ? group.keyword.split("/").map((item) => ({ query: item, keys: new Set(wordKeys(item)) }))
      : [{ query: group.keyword, keys: group.keys }],
  );
  return parts.length < 2 ? [] : parts;
}

/**
 * Parts no relevant observation covers yet (text or chat title), ≤ {@link MAX_PARTS}: those
 * fewest observations of the run mention first (thin evidence), ties in question order.
 *
 * @param relevant - the observations judged relevant so far.
 * @param all - every observation, for how thin each part's evidence is.
 */
export function uncoveredParts(
  profile: TopicProfile,
  relevant: readonly Observation[],
  all: readonly Observation[] = relevant,
): QuestionPart[] {
  const keysOf = (observation: Observation) =>
    textKeys(`${observation.chatTitle ?? ""}\n${observation.text}`);
  const mentions = (part: QuestionPart, observation: Observation) => {
    const keys = keysOf(observation);
    return [...part.keys].some((key) => keys.has(key));
  };
  const open = questionParts(profile).filter(
    (part) => !relevant.some((observation) => mentions(part, observation)),
  );
  const seen = (part: QuestionPart) =>
    all.filter((observation) => mentions(part, observation)).length;
  return open
    .map((part, index) => ({ part, index, seen: seen(part) }))
    .sort((a, b) => a.seen - b.seen || a.index - b.index)
    .slice(0, MAX_PARTS)
    .map((item) => item.part);
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
