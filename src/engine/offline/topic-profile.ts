/**
 * The question's topic profile: its own keywords, the related-term families it belongs to, and
 * matchers for "does this observed text touch the topic". Built once per model call from the
 * question; pure.
 */
import { TOPIC_FAMILIES, type TopicFamily } from "./related-terms.js";
import { stem, tokenize, topicWords } from "./text-terms.js";

/** What the offline policy knows about the question. */
export interface TopicProfile {
  /** Topic words of the question as written (lower-case), ≤ 8, stopwords removed. */
  readonly keywords: readonly string[];
  /** Stems of {@link keywords}. */
  readonly keywordStems: ReadonlySet<string>;
  /** Families the question touches, in {@link TOPIC_FAMILIES} order. */
  readonly families: readonly TopicFamily[];
  /** Stems of every single-word trigger and term of {@link families}. */
  readonly familyStems: ReadonlySet<string>;
}

/** At most this many question words are searched; longer questions are mostly context. */
const MAX_KEYWORDS = 8;

function singleWordStems(words: readonly string[]): string[] {
  return words.filter((word) => !/\s/.test(word)).flatMap((word) => tokenize(word).map(stem));
}

function familyWordStems(family: TopicFamily): string[] {
  return singleWordStems([...family.triggers, ...family.terms]);
}

/**
 * Builds the profile of `question`. A family matches when a question word shares a stem with one
 * of its triggers, or the question names one of its entities (e.g. "Clerk" → `auth`). Terms do
 * not trigger: they are reformulations, often shared between families ("schema").
 */
export function buildTopicProfile(question: string): TopicProfile {
  const keywords = topicWords(question).slice(0, MAX_KEYWORDS);
  const keywordStems = new Set(keywords.map(stem));
  const families = TOPIC_FAMILIES.filter((family) => {
    const stems = new Set(singleWordStems(family.triggers));
    if (keywords.some((word) => stems.has(stem(word)))) return true;
    return family.entities.some((entity) => textMentions(question, entity));
  });
  const familyStems = new Set(families.flatMap(familyWordStems));
  return { keywords, keywordStems, families, familyStems };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True if `text` contains `phrase` as whole words, case-insensitively ("Next.js", "Auth0"). */
export function textMentions(text: string, phrase: string): boolean {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, "iu");
  return pattern.test(text);
}

/** Index of the first whole-word occurrence of `phrase` in `text`, or -1. */
export function mentionIndex(text: string, phrase: string): number {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, "iu");
  const match = pattern.exec(text);
  return match ? match.index : -1;
}

/** How `text` touches the profile: distinct keyword stems and family stems it contains. */
export interface TopicOverlap {
  readonly keywordHits: number;
  readonly familyHits: number;
}

/** Counts distinct keyword stems and (non-keyword) family stems present in `text`. */
export function topicOverlap(profile: TopicProfile, text: string): TopicOverlap {
  const stems = new Set(tokenize(text).map(stem));
  let keywordHits = 0;
  let familyHits = 0;
  for (const key of profile.keywordStems) if (stems.has(key)) keywordHits += 1;
  for (const key of profile.familyStems) {
    if (!profile.keywordStems.has(key) && stems.has(key)) familyHits += 1;
  }
  return { keywordHits, familyHits };
}
