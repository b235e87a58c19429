/**
 * Collects decision statements from observations and pairs them into conflicts (plan § Key
 * States: conflicting or superseded decisions are surfaced, recency informs but never silently
 * overrides). Pure.
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
import { TOPIC_FAMILIES, type TopicFamily } from "./related-terms.js";
import type { RelevanceModel } from "./score-hits.js";
import { mentionIndex, type TopicProfile, textMentions } from "./topic-profile.js";

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
/** A user reply longer than this is a new request, not an approval. */
const MAX_REPLY_CHARS = 200;

const OPTION = /\boption\s+([a-d1-4])\b/i;

interface Context {
  readonly profile: TopicProfile;
  readonly model: RelevanceModel;
  readonly families: readonly TopicFamily[];
  readonly all: readonly Observation[];
  /** Candidate ids of the pool: replies to pooled messages count as on topic. */
  readonly pool: ReadonlySet<string>;
}

/**
 * The observed message right before `observation` in its chat, when adjacency is known: both
 * came from read windows (which are contiguous), or their ids are consecutive.
 */
export function previousAdjacent(
  observation: Observation,
  all: readonly Observation[],
): Observation | null {
  let best: Observation | null = null;
  for (const other of all) {
    if (other.chatId !== observation.chatId || other.messageId >= observation.messageId) continue;
    if (!best || other.messageId > best.messageId) best = other;
  }
  if (!best) return null;
  const adjacent =
    (best.fromRead && observation.fromRead) || best.messageId === observation.messageId - 1;
  return adjacent ? best : null;
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
  // Pooled messages are vetted already; one keyword in the sentence ties it to the question.
  if (context.pool.has(observation.candidateId) && model.keywordPoints(sentence) > 0) return true;
  const entities = questionEntityCount(context, sentence);
  if (entities >= 2) return true;
  if (entities === 0) return false;
  return model.keywordPoints(sentence) > 0 || model.isRelevant(observation.text);
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
    if (!cue) continue;
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
  return statements;
}

/**
 * Observations that are not relevant by themselves but reply to a relevant one: a short user
 * reply after a relevant message, or an assistant answer after a relevant question. Such replies
 * rarely repeat the topic's words, yet they are what turns a proposal into a decision.
 */
export function linkedReplies(
  relevant: readonly Observation[],
  all: readonly Observation[],
): Observation[] {
  const linked = new Set(relevant.map((item) => item.candidateId));
  const out: Observation[] = [];
  // Two hops: question → short approval ("Godot.") → the assistant's confirmation ("Going with Godot").
  for (let hop = 0; hop < 2; hop += 1) {
    const added = all.filter((item) => {
      if (linked.has(item.candidateId)) return false;
      const previous = previousAdjacent(item, all);
      if (!previous || !linked.has(previous.candidateId) || previous.role === item.role)
        return false;
      if (item.role === "user")
        return item.text.length <= MAX_REPLY_CHARS && !item.text.includes("?");
      return previous.text.includes("?") || (hop > 0 && previous.role === "user");
    });
    for (const item of added) linked.add(item.candidateId);
    out.push(...added);
  }
  return out;
}

/** A pair of statements that chose differently on one topic, earlier first. */
export interface DecisionConflict {
  readonly familyId: string;
  readonly earlier: DecisionStatement;
  readonly later: DecisionStatement;
}

/** At most 4 conflicts (DESIGN.md § budgets, report bounds). */
export const MAX_CONFLICTS = 4;

const day = (iso: string) => iso.slice(0, 10);

function separate(a: DecisionStatement, b: DecisionStatement): boolean {
  return (
    a.observation.chatId !== b.observation.chatId ||
    day(a.observation.createdAt) !== day(b.observation.createdAt)
  );
}

function byTime(a: DecisionStatement, b: DecisionStatement): number {
  return (
    a.observation.createdAt.localeCompare(b.observation.createdAt) ||
    a.observation.firstSeen - b.observation.firstSeen
  );
}

/**
 * Pairs statements into conflicts. First, every change that names what it dropped ("move off
 * Vercel to AWS", "Dropping the battle pass") is paired with the latest earlier committed
 * statement that chose or mentioned the dropped thing. Then, per family, the latest committed
 * choice is paired with the latest earlier one that chose something else. Pairs need different
 * chats or days; recommendations never count as committed.
 */
export function findConflicts(statements: readonly DecisionStatement[]): DecisionConflict[] {
  const committed = statements.filter((item) => item.kind !== "recommendation").sort(byTime);
  const conflicts: DecisionConflict[] = [];
  const paired = new Set<string>();
  const add = (familyId: string, earlier: DecisionStatement, later: DecisionStatement) => {
    const key = `${earlier.observation.candidateId}|${later.observation.candidateId}`;
    if (paired.has(key) || conflicts.length >= MAX_CONFLICTS) return;
    // One conflict per statement on either side: the same old choice is reported once.
    if (
      conflicts.some(
        (item) =>
          item.later.observation.candidateId === later.observation.candidateId ||
          item.earlier.observation.candidateId === earlier.observation.candidateId,
      )
    )
      return;
    paired.add(key);
    conflicts.push({ familyId, earlier, later });
  };
  for (const later of [...committed].reverse()) {
    const dropped = later.rejected;
    if (!dropped) continue;
    const earlier = committed
      .filter((item) => byTime(item, later) < 0 && separate(item, later))
      .reverse()
      .find(
        (item) =>
          item.chosen?.toLowerCase() === dropped.toLowerCase() ||
          textMentions(item.sentence, dropped),
      );
    if (earlier) add(later.familyId ?? earlier.familyId ?? QUESTION_FAMILY, earlier, later);
  }
  const byFamily = new Map<string, DecisionStatement[]>();
  for (const statement of committed) {
    // Capitalized-word guesses are too noisy to pair on their own; they pair only through an
    // explicit drop above.
    if (
      statement.familyId === null ||
      statement.familyId === QUESTION_FAMILY ||
      statement.chosen === null
    )
      continue;
    const list = byFamily.get(statement.familyId) ?? [];
    list.push(statement);
    byFamily.set(statement.familyId, list);
  }
  for (const [familyId, list] of byFamily) {
    const later = list.at(-1);
    if (!later?.chosen) continue;
    const chosenKey = later.chosen.toLowerCase();
    const earlier = list
      .slice(0, -1)
      .reverse()
      .find((item) => item.chosen?.toLowerCase() !== chosenKey && separate(item, later));
    if (earlier) add(familyId, earlier, later);
  }
  return conflicts;
}

/**
 * Reversals outside the pool that drop something a pooled statement chose ("Switch the dashboard
 * charts from Recharts to ECharts" after "Recharts: React-friendly …"): a later change to an
 * on-topic choice is on topic even when its words differ from the question's.
 */
export function followUpReversals(
  statements: readonly DecisionStatement[],
  pool: readonly Observation[],
  all: readonly Observation[],
): DecisionStatement[] {
  const chosen = new Set(
    statements.flatMap((item) => (item.chosen ? [item.chosen.toLowerCase()] : [])),
  );
  if (chosen.size === 0) return [];
  const inPool = new Set(pool.map((item) => item.candidateId));
  const out: DecisionStatement[] = [];
  for (const observation of all) {
    if (inPool.has(observation.candidateId)) continue;
    for (const sentence of splitSentences(observation.text)) {
      const cue = findDecisionCue(sentence);
      if (cue?.kind !== "reversal") continue;
      const choice = extractChoice(sentence, cue, namedThings(sentence, { includeFirst: "auto" }));
      if (!choice.rejected || !chosen.has(choice.rejected.toLowerCase())) continue;
      out.push({
        observation,
        sentence,
        kind: "reversal",
        familyId: QUESTION_FAMILY,
        ...choice,
        approves: null,
      });
      break;
    }
  }
  return out;
}

/** How far after a relevant message a read window's decision still belongs to it (messages). */
export const NEARBY_DECISION_SPAN = 4;

/**
 * Decisions read around a relevant message: a later message of the same chat, within
 * {@link NEARBY_DECISION_SPAN} ids, that carries decision language and at least one question
 * keyword ("Recorded: Plaid Link for US institutions …" two turns after "Customers need to link
 * their accounts"). Reading around the hit exists to catch exactly these.
 */
export function nearbyDecisions(
  relevant: readonly Observation[],
  all: readonly Observation[],
  model: RelevanceModel,
): Observation[] {
  const relevantIds = new Set(relevant.map((item) => item.candidateId));
  return all.filter((item) => {
    if (relevantIds.has(item.candidateId) || !item.fromRead) return false;
    const anchored = relevant.some(
      (anchor) =>
        anchor.chatId === item.chatId &&
        item.messageId > anchor.messageId &&
        item.messageId - anchor.messageId <= NEARBY_DECISION_SPAN,
    );
    if (!anchored) return false;
    return splitSentences(item.text).some(
      (sentence) => findDecisionCue(sentence) !== null && model.keywordPoints(sentence) > 0,
    );
  });
}

/**
 * For each change that names what it dropped, the latest earlier message (another chat or day)
 * that states the dropped thing — not as a question — becomes a statement of the earlier choice
 * ("A cosmetic-only battle pass at $9.99 per season" before "Dropping the battle pass"), so the
 * pair surfaces as a superseded decision even when the earlier message shares no question word.
 */
export function earlierStatementsOfDropped(
  statements: readonly DecisionStatement[],
  all: readonly Observation[],
): DecisionStatement[] {
  const known = new Set(statements.map((item) => item.observation.candidateId));
  const out: DecisionStatement[] = [];
  for (const later of statements) {
    const dropped = later.rejected;
    if (later.kind !== "reversal" || !dropped) continue;
    const candidates = all
      .filter(
        (item) =>
          !known.has(item.candidateId) &&
          item.createdAt < later.observation.createdAt &&
          (item.chatId !== later.observation.chatId ||
            day(item.createdAt) !== day(later.observation.createdAt)),
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    for (const candidate of candidates) {
      const sentence = splitSentences(candidate.text).find(
        (item) =>
          !item.includes("?") &&
          textMentions(item, dropped) &&
          findDecisionCue(item)?.kind !== "reversal",
      );
      if (!sentence) continue;
      known.add(candidate.candidateId);
      out.push({
        observation: candidate,
        sentence,
        kind: "decision",
        familyId: later.familyId,
        chosen: dropped,
        rejected: null,
        approves: null,
      });
      break;
    }
  }
  return out;
}
