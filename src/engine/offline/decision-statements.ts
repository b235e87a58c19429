/**
 * Collects decision statements from observations (`find-conflicts.ts` pairs them into
 * conflicts; `statement-pool.ts` says which observations to look at). Pure.
 *
 * Statements come from three places:
 * - sentences with decision language (`detect-decisions.ts`) that are on the question's topic;
 * - short user replies right after a proposal that name one of its options ("Meilisearch.",
 *   "Recharts for all charts then.", "yes, option B") — approvals;
 * - an assistant's reply right after an on-topic user question ("Where do we host it?" →
 *   "Vercel for the app and Neon for Postgres.") — answers.
 */
import {
  type DecisionCue,
  type DecisionKind,
  extractChoice,
  findDecisionCue,
  namedThings,
  splitSentences,
} from "./detect-decisions.js";
import type { Observation } from "./exploration-state.js";
import { isHearsay } from "./hearsay.js";
import { TOPIC_FAMILIES, type TopicFamily } from "./related-terms.js";
import type { RelevanceModel } from "./score-hits.js";
import { MAX_REPLY_CHARS, previousAdjacent } from "./statement-pool.js";
import { mentionIndex, type TopicProfile, textMentions, topicOverlap } from "./topic-profile.js";

/** A statement's kind: a decision cue's kind, or `answer` (a reply to an on-topic question). */
export type StatementKind = DecisionKind | "answer";

/** Family id for choices named by capitalized words rather than a known entity. */
export const QUESTION_FAMILY = "question";

/** One sentence that records, proposes, approves or answers a choice. */
export interface DecisionStatement {
  readonly observation: Observation;
  readonly sentence: string;
  readonly kind: StatementKind;
  /** The family the choice belongs to, {@link QUESTION_FAMILY}, or null when nothing was named. */
  readonly familyId: string | null;
  readonly chosen: string | null;
  readonly rejected: string | null;
  /** The message this one approves or answers (the previous message of the same chat), if any. */
  readonly approves: Observation | null;
}

/** At most this many statements are taken from one message (long answers list many options). */
const MAX_STATEMENTS_PER_MESSAGE = 2;
const OPTION = /\boption\s+([a-d1-4])\b/i;

/** A user message that asks for work rather than choosing ("please …", "can you …", "fix …"). */
const REQUEST =
  /^\s*(?:please|pls|can|could|would|will|make|add|fix|create|install|update|remove|delete|change|help|sync|push|commit|run|check|show|tell|explain|write|implement|build|mention|now|also|and|but|why|how|what|continue|try|go)\b/i;

interface Context {
  readonly profile: TopicProfile;
  readonly model: RelevanceModel;
  readonly families: readonly TopicFamily[];
  readonly all: readonly Observation[];
  /** Candidate ids of the pool: replies to pooled messages count as on topic. */
  readonly pool: ReadonlySet<string>;
}

function questionEntityCount(context: Context, text: string): number {
  let count = 0;
  for (const family of context.profile.families) {
    for (const entity of family.entities) if (textMentions(text, entity)) count += 1;
  }
  return count;
}

/**
 * A decision sentence is on topic when it is relevant by itself, names two options of the
 * question's families ("replace Supabase Auth with Clerk"), or names one and either matches a
 * keyword or sits in a relevant message.
 */
function onTopic(context: Context, sentence: string, observation: Observation): boolean {
  const { model } = context;
  if (model.isRelevant(sentence)) return true;
  // Pooled messages are vetted already; one keyword or two related family terms in the sentence
  // tie it to the question ("I'll fix the refresh token rotation and cookie flows" for auth).
  if (
    context.pool.has(observation.candidateId) &&
    (model.keywordPoints(sentence) > 0 || topicOverlap(context.profile, sentence).familyHits >= 2)
  )
    return true;
  const entities = questionEntityCount(context, sentence);
  if (entities >= 2) return true;
  if (entities === 0) return false;
  return model.keywordPoints(sentence) > 0 || model.isRelevant(observation.text);
}

/**
 * With verbs in the question ("how are tasks stored?"), a decision must be about that action:
 * its message matches one of them (synonyms count). "I'll add task #027" decides nothing about
 * storage. A named option of the question's families counts ("hosted" → "on Vercel"). True
 * when the question has no verbs.
 */
export function coversAspect(profile: TopicProfile, text: string): boolean {
  if (profile.aspects.size === 0) return true;
  if (topicOverlap(profile, text).matched.some((keyword) => profile.aspects.has(keyword)))
    return true;
  // A named option of the question's families answers the verb ("hosted" → "on Vercel").
  return profile.families.some((family) =>
    family.entities.some((entity) => textMentions(text, entity)),
  );
}

function choiceIn(
  families: readonly TopicFamily[],
  sentence: string,
  cue: DecisionCue,
): { familyId: string | null; chosen: string | null; rejected: string | null } {
  for (const family of families) {
    const choice = extractChoice(sentence, cue, family.entities);
    if (choice.chosen !== null || choice.rejected !== null)
      return { familyId: family.id, ...choice };
  }
  const fallback = extractChoice(sentence, cue, namedThings(sentence));
  if (fallback.chosen !== null || fallback.rejected !== null)
    return { familyId: QUESTION_FAMILY, ...fallback };
  return { familyId: null, chosen: null, rejected: null };
}

/** Known entities, then capitalized names, mentioned in `text`, in order of appearance. */
function namesIn(
  families: readonly TopicFamily[],
  text: string,
  includeFirst: boolean | "auto",
): Array<{ name: string; familyId: string }> {
  const found: Array<{ name: string; familyId: string; index: number }> = [];
  for (const family of families) {
    for (const entity of family.entities) {
      const index = mentionIndex(text, entity);
      if (index >= 0) found.push({ name: entity, familyId: family.id, index });
    }
  }
  for (const name of namedThings(text, { includeFirst })) {
    if (found.some((item) => item.name.toLowerCase() === name.toLowerCase())) continue;
    found.push({ name, familyId: QUESTION_FAMILY, index: mentionIndex(text, name) });
  }
  return found
    .sort((a, b) => a.index - b.index || b.name.length - a.name.length)
    .map(({ name, familyId }) => ({ name, familyId }));
}

/**
 * For "yes, option B" (or "I recommend Option B"): the entity named in the "Option B" sentence of
 * `proposal`; without an option letter, in its recommendation sentence.
 */
function approvedChoice(
  families: readonly TopicFamily[],
  approval: string,
  proposal: Observation,
): { familyId: string | null; chosen: string | null } {
  const option = OPTION.exec(approval)?.[1];
  const sentences = splitSentences(proposal.text);
  const pool = option
    ? sentences.filter((sentence) => mentionIndex(sentence, `option ${option}`) >= 0)
    : sentences.filter((sentence) => findDecisionCue(sentence)?.kind === "recommendation");
  for (const sentence of pool) {
    const first = namesIn(
      families,
      sentence.replace(/^\s*option\s+[a-d1-4]\s*[:.)-]?\s*/i, ""),
      true,
    )[0];
    if (first) return { familyId: first.familyId, chosen: first.name };
  }
  return { familyId: null, chosen: null };
}

function cueStatements(context: Context, observation: Observation): DecisionStatement[] {
  const out: DecisionStatement[] = [];
  for (const sentence of splitSentences(observation.text)) {
    if (out.length >= MAX_STATEMENTS_PER_MESSAGE) break;
    const cue = findDecisionCue(sentence);
    // Quoted or pasted third-party text records a claim, not the team's decision.
    if (!cue || isHearsay(sentence, observation.text)) continue;
    if (cue.kind === "approval") {
      // Only the person approves; an assistant saying "sounds good" decides nothing.
      if (observation.role !== "user") continue;
      const proposal = previousAdjacent(observation, context.all);
      const approved = proposal ? approvedChoice(context.families, sentence, proposal) : null;
      const fromSentence = choiceIn(context.families, sentence, cue);
      out.push({
        observation,
        sentence,
        kind: "approval",
        familyId: fromSentence.familyId ?? approved?.familyId ?? null,
        chosen: fromSentence.chosen ?? approved?.chosen ?? null,
        rejected: fromSentence.rejected,
        approves: proposal,
      });
      continue;
    }
    const direct = choiceIn(context.families, sentence, cue);
    if (direct.chosen === null && direct.rejected === null && OPTION.test(sentence)) {
      // "I recommend Option B." names the option; its own line ("Option B: Supabase Auth …") names the thing.
      const named = approvedChoice(context.families, sentence, observation);
      if (named.chosen !== null) {
        out.push({
          observation,
          sentence,
          kind: cue.kind,
          ...named,
          rejected: null,
          approves: null,
        });
        continue;
      }
    }
    if (!onTopic(context, sentence, observation)) continue;
    out.push({ observation, sentence, kind: cue.kind, ...direct, approves: null });
  }
  return out;
}

function replyStatement(context: Context, observation: Observation): DecisionStatement | null {
  const previous = previousAdjacent(observation, context.all);
  if (!previous || previous.role === observation.role) return null;
  if (observation.role === "user") {
    // A short reply naming one of the proposal's options chooses it ("Meilisearch. Host it on Fly.io.").
    if (observation.text.length > MAX_REPLY_CHARS || observation.text.includes("?")) return null;
    // A request ("please sync github", "mention that …") or a pasted link is not a choice.
    if (REQUEST.test(observation.text) || /https?:\/\/|@\S/.test(observation.text)) return null;
    if (
      !context.pool.has(previous.candidateId) &&
      !context.model.isRelevant(previous.text) &&
      !context.model.isRelevant(observation.text)
    )
      return null;
    const named = namesIn(context.families, observation.text, true).find((item) =>
      textMentions(previous.text, item.name),
    );
    if (!named) return null;
    const sentence =
      splitSentences(observation.text).find((item) => textMentions(item, named.name)) ??
      observation.text;
    return {
      observation,
      sentence,
      kind: "approval",
      familyId: named.familyId,
      chosen: named.name,
      rejected: null,
      approves: previous,
    };
  }
  // An assistant reply to an on-topic question answers it.
  const onTopicQuestion =
    context.pool.has(previous.candidateId) || context.model.isRelevant(previous.text);
  if (!previous.text.includes("?") || !onTopicQuestion) return null;
  const sentences = splitSentences(observation.text);
  for (const sentence of sentences) {
    const named = namesIn(context.families, sentence, "auto")[0];
    if (named) {
      return {
        observation,
        sentence,
        kind: "answer",
        familyId: named.familyId,
        chosen: named.name,
        rejected: null,
        approves: previous,
      };
    }
  }
  const first = sentences[0];
  return first
    ? {
        observation,
        sentence: first,
        kind: "answer",
        familyId: null,
        chosen: null,
        rejected: null,
        approves: previous,
      }
    : null;
}

/**
 * Decision statements of `pool` (the relevant observations plus their linked replies), in pool
 * order. `all` is every observation of the run (for adjacency). Families searched: the
 * question's, else every family.
 */
export function collectStatements(
  profile: TopicProfile,
  model: RelevanceModel,
  pool: readonly Observation[],
  all: readonly Observation[] = pool,
): DecisionStatement[] {
  const context: Context = {
    profile,
    model,
    families: profile.families.length > 0 ? profile.families : TOPIC_FAMILIES,
    all,
    pool: new Set(pool.map((item) => item.candidateId)),
  };
  const statements: DecisionStatement[] = [];
  for (const observation of pool) {
    const fromCues = cueStatements(context, observation);
    if (fromCues.length > 0) {
      statements.push(...fromCues);
      continue;
    }
    const reply = replyStatement(context, observation);
    if (reply) statements.push(reply);
  }
  // An approval or answer counts with the message it approves or answers.
  return statements.filter((item) =>
    coversAspect(profile, `${item.approves?.text ?? ""}\n${item.observation.text}`),
  );
}
