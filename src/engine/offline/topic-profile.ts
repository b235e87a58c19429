/**
 * The question's topic profile: its keywords (each with the keys that count as a match, synonyms
 * included), the related-term families it belongs to, whether it asks which option was chosen,
 * and matchers for "does this observed text touch the topic". Built once per model call; pure.
 */
import { questionAspects } from "./question-aspects.js";
import { SYNONYM_GROUPS, TOPIC_FAMILIES, type TopicFamily } from "./related-terms.js";
import { stem, textKeys, tokenize, topicWords, wordKeys } from "./text-terms.js";

/** One question keyword and what matches it. */
export interface KeywordGroup {
  /** As written in the question (lower-case). */
  readonly keyword: string;
  /** Comparison keys that count as this keyword: its own and its synonyms' (see `wordKeys`). */
  readonly keys: ReadonlySet<string>;
  /** Synonyms (other words of its synonym groups), for reformulated searches. */
  readonly synonyms: readonly string[];
}

/** What the offline policy knows about the question. */
export interface TopicProfile {
  /** Topic words of the question as written (lower-case), ≤ 8, stopwords removed. */
  readonly keywords: readonly string[];
  /** One group per keyword, in order; keywords listed together ("X or Y") share one group. */
  readonly groups: readonly KeywordGroup[];
  /** Own keys of {@link keywords} (no synonyms). */
  readonly keywordStems: ReadonlySet<string>;
  /** Families the question touches, in {@link TOPIC_FAMILIES} order. */
  readonly families: readonly TopicFamily[];
  /** Stems of every single-word trigger and term of {@link families}. */
  readonly familyStems: ReadonlySet<string>;
  /**
   * The families lead the question: at least half of its keyword groups are family words (or
   * the question has no keywords). When false, the families only inform — a passing word
   * ("account" in a question about plant care) must not turn it into an auth question.
   */
  readonly familyLed: boolean;
  /**
   * The question asks which option was chosen ("which X did we pick", "did we decide to …"): an
   * answer needs a recorded choice, and discussion alone is no answer.
   */
  readonly asksForChoice: boolean;
  /**
   * Keywords that are the question's verbs ("stored" in "how are tasks stored?"), not its subject;
   * they weigh less than the subject (see `score-hits.ts`). Empty when no keyword is a verb or
   * every keyword is (see `question-aspects.ts`).
   */
  readonly aspects: ReadonlySet<string>;
}

/** At most this many question words are searched; longer questions are mostly context. */
const MAX_KEYWORDS = 8;

const CHOICE_QUESTION =
  /\bwhich\b|\bwhat\s+did\s+we\s+(?:decide|choose|pick|settle|agree)\b|\b(?:did|have|has)\s+we\s+(?:ever\s+|already\s+|finally\s+)?(?:decide|pick|choose|chose|settle|agree|go\s+with|switch|adopt|integrate|select|sign|commit|opt)\b|\bwhat\s+(?:\w+\s+){1,3}did\s+we\s+(?:choose|pick|decide\s+on|go\s+with|settle\s+on|select|use)\b/i;

function singleWordStems(words: readonly string[]): string[] {
  return words.filter((word) => !/\s/.test(word)).flatMap((word) => tokenize(word).map(stem));
}

function familyWordStems(family: TopicFamily): string[] {
  return singleWordStems([...family.triggers, ...family.terms]);
}

function groupFor(keyword: string): KeywordGroup {
  const own = wordKeys(keyword);
  const keys = new Set(own);
  const synonyms: string[] = [];
  for (const group of SYNONYM_GROUPS) {
    const single = group.filter((word) => !/\s/.test(word));
    const groupKeys = single.flatMap(wordKeys);
    if (!own.some((key) => groupKeys.includes(key))) continue;
    for (const word of single) for (const key of wordKeys(word)) keys.add(key);
    for (const word of group) {
      if (!wordKeys(word).every((key) => own.includes(key)) && !synonyms.includes(word))
        synonyms.push(word);
    }
  }
  return { keyword, keys, synonyms };
}

const LIST_ITEM = String.raw`[\p{L}\p{N}][\p{L}\p{N}.+-]*(?:\s+\d+)?`;
const LIST = new RegExp(
  String.raw`${LIST_ITEM}(?:\s*,\s*${LIST_ITEM})*\s*,?\s+(?:and|or)\s+${LIST_ITEM}`,
  "gu",
);

/**
 * Merges keywords listed together ("Meilisearch or Algolia", "SOC 2, PCI and GDPR") into one
 * any-of group: each item is an alternative or a part, so a message about one of them covers the
 * list. The merged group's keyword is the items joined by "/".
 */
function mergeLists(question: string, groups: readonly KeywordGroup[]): KeywordGroup[] {
  const out = [...groups];
  for (const match of question.matchAll(LIST)) {
    const items = tokenize(match[0]).filter((word) => word !== "and" && word !== "or");
    const members = out.filter((group) => items.includes(group.keyword));
    if (members.length < 2) continue;
    const merged: KeywordGroup = {
      keyword: members.map((group) => group.keyword).join("/"),
      keys: new Set(members.flatMap((group) => [...group.keys])),
      synonyms: members.flatMap((group) => group.synonyms),
    };
    const first = out.indexOf(members[0] as KeywordGroup);
    for (const member of members) out.splice(out.indexOf(member), 1);
    out.splice(first, 0, merged);
  }
  return out;
}

/**
 * Builds the profile of `question`. A family matches when a question word shares a stem with one
 * of its triggers, or the question names one of its entities (e.g. "Clerk" → `auth`). Terms do
 * not trigger: they are reformulations, often shared between families ("schema").
 */
export function buildTopicProfile(question: string): TopicProfile {
  const keywords = topicWords(question).slice(0, MAX_KEYWORDS);
  const groups = mergeLists(question, keywords.map(groupFor));
  const keywordStems = new Set(keywords.flatMap(wordKeys));
  const families = TOPIC_FAMILIES.filter((family) => {
    const stems = new Set(singleWordStems(family.triggers));
    if (keywords.some((word) => stems.has(stem(word)))) return true;
    return family.entities.some((entity) => textMentions(question, entity));
  });
  const familyStems = new Set(families.flatMap(familyWordStems));
  const asksForChoice = CHOICE_QUESTION.test(question);
  const familyGroups = groups.filter((group) =>
    [...group.keys].some((key) => familyStems.has(key)),
  );
  return {
    keywords,
    groups,
    keywordStems,
    families,
    familyStems,
    familyLed: families.length > 0 && familyGroups.length * 2 >= groups.length,
    asksForChoice,
    // "Which Godot version are we pinned to?": the verb of a choice question is the choosing.
    aspects: asksForChoice ? new Set<string>() : questionAspects(question, keywords),
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True if `text` contains `phrase` as whole words, case-insensitively ("Next.js", "Auth0"). */
export function textMentions(text: string, phrase: string): boolean {
  return mentionIndex(text, phrase) >= 0;
}

/** Index of the first whole-word occurrence of `phrase` in `text`, or -1. */
export function mentionIndex(text: string, phrase: string): number {
  if (!text.toLowerCase().includes(phrase.toLowerCase())) return -1;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, "iu");
  const match = pattern.exec(text);
  return match ? match.index : -1;
}

/** How `text` touches the profile. */
export interface TopicOverlap {
  /** Question keywords matched (by own key or synonym), in question order. */
  readonly matched: readonly string[];
  /** `matched.length`. */
  readonly keywordHits: number;
  /** Distinct family stems present that are not the question's own keys. */
  readonly familyHits: number;
}

/** Which keywords and how many (non-keyword) family stems `text` contains. */
export function topicOverlap(profile: TopicProfile, text: string): TopicOverlap {
  const keys = textKeys(text);
  const matched = profile.groups
    .filter((group) => [...group.keys].some((key) => keys.has(key)))
    .map((group) => group.keyword);
  let familyHits = 0;
  for (const key of profile.familyStems) {
    if (!profile.keywordStems.has(key) && keys.has(key)) familyHits += 1;
  }
  return { matched, keywordHits: matched.length, familyHits };
}
