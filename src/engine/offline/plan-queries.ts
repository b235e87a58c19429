/**
 * Query planning: turns the question's topic profile into up to {@link MAX_SEARCHES} distinct
 * keyword searches, the later ones adapted to what earlier searches found. Pure; same state →
 * same query. {@link planQueries} orders the whole plan: the question's words, then each part
 * still without evidence searched alone, then the reformulations below (families first only when
 * they lead the question), then title feedback (`follow-up-queries.ts`).
 *
 * Reformulations ({@link candidateQueries}):
 * 1. the question's own topic words ("what did we decide about authentication" → `authentication`);
 * 2. the matched families' related terms (`login session jwt oauth password`), or, without a
 *    family, synonyms of the question words (`cheat spoof tamper leaderboard`);
 * 3. named options seen in hits so far (`Clerk NextAuth`), else further family terms or synonyms;
 * 4. only when fewer than {@link ENOUGH_RELEVANT} relevant messages were seen: remaining terms.
 */
import { extractChoice, findDecisionCue, namedThings, splitSentences } from "./detect-decisions.js";
import { normalizeQuery, type Observation } from "./exploration-state.js";
import { feedbackTerms, uncoveredParts } from "./follow-up-queries.js";
import { type TopicProfile, textMentions } from "./topic-profile.js";

/**
 * Searches per run: the plan asks for iterative reformulation; the host allows 10 steps (the
 * last one submits), so 6 searches still leave 3 reads.
 */
export const MAX_SEARCHES = 6;
/** Words per query: FTS terms are OR-joined and each extra frequent term costs time (DESIGN.md). */
export const MAX_QUERY_TERMS = 6;
/** With this many relevant observations after 3 searches, and every part covered, searching stops. */
export const ENOUGH_RELEVANT = 4;

/** Searched when the question has no topic words at all ("what did we decide?"). */
export const DECISION_QUERY = "decided decision agreed switch";

/** Terms a question-less-family search adds: bm25 sums, so decision talk about the topic ranks first. */
const DECISION_TERMS = ["decided", "decision"];

function familyTerms(profile: TopicProfile): string[] {
  // Interleave families so a two-topic question searches both.
  const lists = profile.families.map((family) => family.terms);
  const out: string[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) {
      const term = list[index];
      if (term !== undefined) out.push(term);
    }
  }
  return out;
}

function uniqueTerms(terms: readonly string[], exclude: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const term of terms) {
    const key = term.toLowerCase();
    if (seen.has(key) || exclude.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}

/** Entities of the profile's families mentioned in the observations, in first-seen order. */
export function observedEntities(
  profile: TopicProfile,
  observations: readonly Observation[],
): string[] {
  const found: string[] = [];
  for (const observation of observations) {
    const text = `${observation.chatTitle ?? ""}\n${observation.text}`;
    for (const family of profile.families) {
      for (const entity of family.entities) {
        if (!found.includes(entity) && textMentions(text, entity)) found.push(entity);
      }
    }
  }
  return found;
}

/**
 * Leads for questions without a family, at most 4: what a reversal in the (relevant)
 * observations dropped, then capitalized product-like names the question did not use, most
 * mentioned first.
 */
export function observedNames(
  observations: readonly Observation[],
  used: ReadonlySet<string>,
): string[] {
  const counts = new Map<string, number>();
  const dropped: string[] = [];
  for (const observation of observations) {
    for (const sentence of splitSentences(observation.text)) {
      const cue = findDecisionCue(sentence);
      if (cue?.kind === "reversal") {
        // What a change dropped is where the earlier decision lives ("Dropping the battle pass").
        const { rejected } = extractChoice(sentence, cue, namedThings(sentence));
        if (rejected && !used.has(rejected.toLowerCase()) && !dropped.includes(rejected))
          dropped.push(rejected);
      }
      for (const name of namedThings(sentence, { includeFirst: "auto" })) {
        // Shouted words ("DEVELOPER", "TASK") are emphasis, not names; acronyms are short.
        if (used.has(name.toLowerCase()) || /\s/.test(name) || /^[A-Z]{5,}$/.test(name)) continue;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
  }
  // Most mentioned first; ties keep first-seen order (Map order, stable sort).
  const names = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  return [...dropped, ...names.filter((name) => !dropped.includes(name))].slice(0, 4);
}

/**
 * The candidate queries in plan order, before dedupe against what was already searched. Each is
 * ≤ {@link MAX_QUERY_TERMS} terms joined by spaces.
 */
export function candidateQueries(
  profile: TopicProfile,
  observations: readonly Observation[],
): string[] {
  if (profile.keywords.length === 0 && profile.families.length === 0) return [DECISION_QUERY];
  const first = profile.keywords.slice(0, MAX_QUERY_TERMS).join(" ");
  const used = new Set(profile.keywords.map((word) => word.toLowerCase()));
  const terms = uniqueTerms(familyTerms(profile), used);
  const queries: string[] = [];
  if (first) queries.push(first);
  // Verbs reworded keep their subject: "tasks save persist", not "save persist" (any saving).
  const subjects = profile.keywords.filter((word) => !profile.aspects.has(word)).slice(0, 2);
  const reworded = uniqueTerms(
    profile.groups.flatMap((group) => group.synonyms.slice(0, 3)),
    used,
  );
  const synonyms =
    profile.aspects.size > 0 && reworded.length > 0 ? [...subjects, ...reworded] : reworded;
  if (profile.families.length === 0) {
    // No family: reformulate with synonyms; decision vocabulary only as a last resort.
    if (synonyms.length > 0) queries.push(synonyms.slice(0, MAX_QUERY_TERMS).join(" "));
    const entities = observedNames(observations, used);
    if (entities.length > 0) queries.push(entities.slice(0, 4).join(" "));
    if (synonyms.length > MAX_QUERY_TERMS)
      queries.push(synonyms.slice(MAX_QUERY_TERMS, 2 * MAX_QUERY_TERMS).join(" "));
    if (queries.length < 2) {
      queries.push(
        [...profile.keywords.slice(0, MAX_QUERY_TERMS - 2), ...DECISION_TERMS].join(" "),
      );
    }
    return queries;
  }
  const second = terms.slice(0, 5);
  if (second.length > 0) queries.push(second.join(" "));
  const rest = terms.slice(5);
  const entities = uniqueTerms(observedEntities(profile, observations), new Set(second));
  if (entities.length > 0) queries.push(entities.slice(0, 4).join(" "));
  else if (rest.length > 0) queries.push(rest.slice(0, MAX_QUERY_TERMS).join(" "));
  else if (synonyms.length > 0) queries.push(synonyms.slice(0, MAX_QUERY_TERMS).join(" "));
  const leftover = entities.length > 0 ? rest : rest.slice(MAX_QUERY_TERMS);
  const moreEntities = entities.slice(4);
  const fourth = [...moreEntities, ...leftover].slice(0, MAX_QUERY_TERMS);
  if (fourth.length > 0) queries.push(fourth.join(" "));
  return queries;
}

/** What the follow-up strategies look at (see `follow-up-queries.ts`). */
export interface FollowUpEvidence {
  /** Observations judged relevant so far: parts they cover need no search of their own. */
  readonly relevant: readonly Observation[];
  /** Every observation: top-ranked chats' titles feed back into queries. */
  readonly all: readonly Observation[];
}

/**
 * The full plan: the question's words; each part no relevant message covers yet, searched alone;
 * the reformulations of {@link candidateQueries} (a family that only informs the question, see
 * `familyLed`, after the family-free ones); then title feedback — earlier, right after the
 * parts, when evidence is thin (< 2 relevant).
 */
export function planQueries(
  profile: TopicProfile,
  leads: readonly Observation[],
  evidence: FollowUpEvidence,
): string[] {
  // Families that only inform come after the question's own reformulations.
  const base = profile.familyLed
    ? candidateQueries(profile, leads)
    : [
        ...candidateQueries({ ...profile, families: [], familyStems: new Set() }, leads),
        ...candidateQueries(profile, leads).slice(1),
      ];
  const parts = uncoveredParts(profile, evidence.relevant, evidence.all).map((part) => part.query);
  const feedback = feedbackTerms(profile, evidence.all).join(" ");
  const thin = evidence.relevant.length < 2;
  const head = base.slice(0, 1);
  const rest = base.slice(1);
  const plan = thin
    ? [...head, ...parts, feedback, ...rest]
    : [...head, ...parts, ...rest, feedback];
  const seen = new Set<string>();
  return plan.filter((query) => {
    const key = normalizeQuery(query);
    if (key.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The next search to run, or null when the plan is done: at most {@link MAX_SEARCHES}, never a
 * query already searched (compared normalized), and none after 3 once
 * {@link ENOUGH_RELEVANT} relevant observations are in and every part is covered.
 *
 * @param relevantCount - observations judged relevant so far (see `score-hits.ts`).
 * @param evidence - for parts and title feedback; without it only {@link candidateQueries} run.
 */
export function nextSearchQuery(
  profile: TopicProfile,
  searchedQueries: readonly string[],
  observations: readonly Observation[],
  relevantCount: number,
  evidence: FollowUpEvidence = { relevant: observations, all: observations },
): string | null {
  if (searchedQueries.length >= MAX_SEARCHES) return null;
  const partsLeft = uncoveredParts(profile, evidence.relevant, evidence.all).length > 0;
  if (searchedQueries.length >= 3 && relevantCount >= ENOUGH_RELEVANT && !partsLeft) return null;
  const done = new Set(searchedQueries.map(normalizeQuery));
  for (const query of planQueries(profile, observations, evidence)) {
    if (!done.has(normalizeQuery(query))) return query;
  }
  return null;
}
