/**
 * Hit scoring: how strongly an observation answers the question, and whether it is relevant at
 * all. Integer points so tests and ties are exact.
 *
 * Keyword weight (rarity among this run's observations, like IDF): a keyword found in more than
 * half of the observations weighs 1, in more than a quarter 2, else 3 — "recipe" in a recipe app
 * says little, "Meilisearch" says a lot.
 *
 * Relevant: the text covers at least half of the question's keyword weight, or matches a keyword
 * and two support points, or four support points without any keyword (without question
 * keywords: three). Support: 1 per related family term (≤ 4) + 2 per named option (≤ 4).
 * A title alone never makes a message relevant (every message of a chat shares it), except for a
 * search's top-ranked chat ({@link trustedByRank}).
 *
 * Score of a relevant observation:
 * - 3 × matched keyword weight (text), +1 per keyword only in the title (≤ 2);
 * - 1 per related family term (≤ 4), 1 per named option of the question's families (≤ 2);
 * - 3 for a reversal, 2 for other decision language;
 * - 1 per additional search that returned it; 1 if among the newest third;
 * - −2 for a compaction summary (it repeats originals; DESIGN.md § Lessons);
 * - −3 for troubleshooting (error output, "the error you're getting") unless the question asks
 *   about errors or fixes: such messages mention the topic's words only in passing.
 * Irrelevant observations score 0. Ties break by newer `createdAt`, then first seen. When no
 * observation is relevant, those covering a third of the keyword weight are leads (not report
 * evidence).
 */
import { findDecisionCue, splitSentences } from "./detect-decisions.js";
import type { Observation } from "./exploration-state.js";
import { type TopicProfile, textMentions, topicOverlap } from "./topic-profile.js";

/** An observation with its score. */
export interface ScoredObservation {
  readonly observation: Observation;
  readonly score: number;
  readonly relevant: boolean;
}

/** Relevance of arbitrary text (a message or one sentence) against the question. */
export interface RelevanceModel {
  /** Keyword → weight 1–3. */
  readonly weights: ReadonlyMap<string, number>;
  /** Sum of all keyword weights (0 without keywords). */
  readonly maxPoints: number;
  /** Matched keyword weight of `text`. */
  keywordPoints(text: string): number;
  /** The relevance rule of this module applied to `text`. */
  isRelevant(text: string): boolean;
}

function entityHits(profile: TopicProfile, text: string): number {
  let hits = 0;
  for (const family of profile.families) {
    for (const entity of family.entities) if (textMentions(text, entity)) hits += 1;
  }
  return hits;
}

/** Builds the relevance model for `profile` over this run's `observations` (for rarity). */
export function buildRelevanceModel(
  profile: TopicProfile,
  observations: readonly Observation[],
): RelevanceModel {
  const counts = new Map<string, number>(profile.groups.map((group) => [group.keyword, 0]));
  for (const observation of observations) {
    for (const keyword of topicOverlap(profile, observation.text).matched) {
      counts.set(keyword, (counts.get(keyword) ?? 0) + 1);
    }
  }
  const total = Math.max(1, observations.length);
  const weights = new Map<string, number>();
  for (const { keyword } of profile.groups) {
    const share = (counts.get(keyword) ?? 0) / total;
    weights.set(keyword, share > 0.5 ? 1 : share > 0.25 ? 2 : 3);
  }
  // The subject outweighs the verb, however common it is: "tasks" in a task tracker's history is
  // everywhere, yet "session repos are stored under …" is not about how tasks are stored.
  if (profile.aspects.size > 0) {
    for (const [keyword, weight] of weights) {
      weights.set(keyword, profile.aspects.has(keyword) ? 1 : Math.max(2, weight));
    }
  }
  const maxPoints = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const keywordPoints = (text: string) =>
    topicOverlap(profile, text).matched.reduce(
      (sum, keyword) => sum + (weights.get(keyword) ?? 0),
      0,
    );
  const isRelevant = (text: string) => {
    const overlap = topicOverlap(profile, text);
    // Named options are strong topic evidence ("Clerk vs Supabase Auth" is about auth).
    const support = Math.min(4, overlap.familyHits) + Math.min(4, 2 * entityHits(profile, text));
    if (profile.keywords.length === 0) return support >= 3;
    const points = overlap.matched.reduce((sum, keyword) => sum + (weights.get(keyword) ?? 0), 0);
    // Family words alone carry a question only when the families lead it (see `familyLed`).
    return (
      points * 2 >= maxPoints || (points > 0 && support >= 2) || (profile.familyLed && support >= 4)
    );
  };
  return { weights, maxPoints, keywordPoints, isRelevant };
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

/** Error output and debugging ("DuplicateTableError: …", a traceback, "the error you're getting"). */
const TROUBLESHOOTING =
  /\b(?:traceback|stack\s*trace|exception|\w+Error\b|errno|the\s+error|(?:still\s+)?(?:getting|encountering|seeing)\s+(?:an?\s+|the\s+|this\s+)?(?:error|exception|crash))/i;
/** Question words that make errors the topic. */
const ASKS_ABOUT_FAILURES =
  /\b(?:error|errors|bug|bugs|crash\w*|fail\w*|exception\w*|broke\w*|issue|issues|fix\w*)\b/i;

/**
 * A message about an error it is debugging: a side remark for a question about how something
 * works or what was decided (it mentions the topic's words only because they are in the error).
 */
export function isTroubleshooting(text: string): boolean {
  return TROUBLESHOOTING.test(text.slice(0, 600));
}

/**
 * Scores and sorts observations, best first (see the module docs for the rule). `leads`: judge
 * for exploration (looser rank trust, see {@link trustedByRank}), not for the report.
 */
export function scoreObservations(
  profile: TopicProfile,
  observations: readonly Observation[],
  model: RelevanceModel = buildRelevanceModel(profile, observations),
  leads = false,
): ScoredObservation[] {
  const byAge = [...observations].sort(compareNewestFirst);
  const newestThird = new Set(
    byAge.slice(0, Math.ceil(observations.length / 3)).map((item) => item.candidateId),
  );
  // Nothing passes the rule: for leads only, fall back to messages covering a third of the keyword
  // weight (long questions rarely match whole), so an open question still gets something to read.
  // The report never uses the fallback: a third of a question is a near miss, not an answer.
  const strict = observations.some((observation) => model.isRelevant(observation.text));
  const relevant = (observation: Observation) =>
    (strict || !leads
      ? model.isRelevant(observation.text)
      : model.keywordPoints(observation.text) * 3 >= model.maxPoints) ||
    trustedByRank(model, observation, leads);
  const asksAboutFailures = ASKS_ABOUT_FAILURES.test(profile.keywords.join(" "));
  const scored = observations.map((observation): ScoredObservation => {
    if (!relevant(observation)) return { observation, score: 0, relevant: false };
    const troubleshooting = isTroubleshooting(observation.text);
    const overlap = topicOverlap(profile, observation.text);
    const inText = new Set(overlap.matched);
    const titleOnly = observation.chatTitle
      ? topicOverlap(profile, observation.chatTitle).matched.filter(
          (keyword) => !inText.has(keyword),
        ).length
      : 0;
    const score =
      3 * model.keywordPoints(observation.text) +
      Math.min(2, titleOnly) +
      Math.min(4, overlap.familyHits) +
      Math.min(2, entityHits(profile, observation.text)) +
      decisionPoints(observation.text) +
      Math.max(0, observation.searchHits - 1) +
      (newestThird.has(observation.candidateId) ? 1 : 0) -
      (observation.isCompactionSummary ? 2 : 0) -
      (troubleshooting && !asksAboutFailures ? 3 : 0);
    return { observation, score: Math.max(1, score), relevant: true };
  });
  return scored.sort(
    (a, b) => b.score - a.score || compareNewestFirst(a.observation, b.observation),
  );
}

/**
 * How far the search primitive's bm25 order is trusted. A message of the chat a search ranked
 * first (`searchRank` 0) is relevant when its text and its chat's title together pass the
 * relevance rule (a Chinese message under an English title). With `lead` — deciding what to read
 * or search next, never what to report — a title keyword plus a third of the keyword weight is
 * enough: reading the chat costs one call and its full text must then pass on its own. Messages
 * seen only through reads never qualify: a title is shared by every message of its chat.
 */
export function trustedByRank(
  model: RelevanceModel,
  observation: Observation,
  lead = false,
): boolean {
  if (observation.searchRank !== 0 || model.maxPoints === 0) return false;
  const title = observation.chatTitle ?? "";
  const withTitle = `${title}\n${observation.text}`;
  if (model.isRelevant(withTitle)) return true;
  return (
    lead && model.keywordPoints(title) > 0 && model.keywordPoints(withTitle) * 3 >= model.maxPoints
  );
}

function compareNewestFirst(a: Observation, b: Observation): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.firstSeen - b.firstSeen;
}
