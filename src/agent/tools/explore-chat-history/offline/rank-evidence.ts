/**
 * The ranking stages over everything observed: formulate → expand (RM3) → score (bm25 over the
 * pool) → neighbours → title → speaker → fuse (RRF) → coord (coverage breaks near-ties). Stages switched off are skipped. Pure.
 */

import { coverage, isProbe } from "./evidence-strength.js";
import { reciprocalRankFusion } from "./fuse.js";
import { irregularConflation } from "./irregular-forms.js";
import { absentPhrases, questionPhrases } from "./phrase-probes.js";
import {
  ABOUT_CURRENT_CHAT,
  ASSISTANT_SAID,
  DECISION_FRAME,
  FIRST_PERSON,
  NAME_REQUEST,
  type PolicyConfig,
  REASON_REQUEST,
} from "./policy-parameters.js";
import {
  type Conflation,
  compoundOnlyTerms,
  conflate,
  prefixConflation,
} from "./prefix-variants.js";
import {
  backgroundWeighted,
  expandRm3,
  formulate,
  listItems,
  type QueryModel,
  withKindNames,
} from "./query-model.js";
import { asksOnly } from "./revision.js";
import type { Observation, RunState } from "./run-state.js";
import { bm25, type PoolStats, poolStats, type TermVector, termVector } from "./score-messages.js";
import { settleOnly } from "./settle-reads.js";

/** One observed message with its scores. */
export interface RankedMessage {
  readonly observation: Observation;
  readonly vector: TermVector;
  /** Local score after neighbours and speaker (≥ 0). */
  readonly score: number;
  /** Fused score normalised to the best message (0–1]. */
  readonly relevance: number;
  /** Saturated coverage of the subject by the message and its chat title (0 to < 1, `coverage`). */
  readonly coverage: number;
}

/** The ranking and the models it came from. */
export interface Ranking {
  readonly question: QueryModel;
  /** The question's subject: its terms minus decision-frame words ({@link subjectOf}). */
  readonly subject: QueryModel;
  readonly expanded: QueryModel;
  /**
   * The question's list items as groups of its subject terms (`listItems`, frame words and items
   * of only frame words left out; one item when the question is no list).
   */
  readonly items: readonly (readonly string[])[];
  readonly stats: PoolStats;
  /** Terms of the observed chats' titles (prefix variants conflated). */
  readonly titleTerms: ReadonlySet<string>;
  /** Best first. */
  readonly messages: readonly RankedMessage[];
  /**
   * What only settle reads observed (`settle-reads.ts`), scored against the pool at relevance 0:
   * a thread's later turn or a revision, never a cited answer of its own.
   */
  readonly settled: readonly RankedMessage[];
  /**
   * Every observation the ranking considered, scored or not, in observation order: a reply such as
   * "yes, go with that" shares no word with the question yet settles it (`thread-turns.ts`).
   */
  readonly observations: readonly Observation[];
  /**
   * The question's multiword technology names that its phrase probes found said nowhere
   * (`phrase-probes.ts`): absent words of their own for abstention and gaps.
   */
  readonly absentPhrases: readonly string[];
  /**
   * Terms of the question's words that asked about a kind whose names the app holds, when the run
   * scored those names ({@link usesKindNames}): "which UI component library did we pick?" in a
   * history that says shadcn and Base UI but never "library". No absent word (`evidence-strength.ts`).
   */
  readonly kindTerms: ReadonlySet<string>;
  /**
   * Question terms the pool holds only as the first part of a compound ("data" for "database",
   * `prefix-variants.ts`): scored as held, probed as absent (`evidence-strength.ts`).
   */
  readonly compoundOnly: ReadonlySet<string>;
}

/** `question` without its decision-frame words ({@link DECISION_FRAME}); all of it if none is left. */
export function subjectOf(question: QueryModel): QueryModel {
  const kept = [...question.weights].filter(
    ([term]) => !DECISION_FRAME.test(question.words.get(term) ?? term),
  );
  if (kept.length === 0) return question;
  return { weights: new Map(kept), words: question.words };
}

/**
 * RM3 over the top `feedbackDocs` observed messages (their scoring `vectors`, not re-tokenized),
 * weighted by their question score (with the context shares, so a reply to a matching turn feeds
 * back too); `question` itself when the stage is off or nothing matched.
 */
export function expandedModel(
  vectors: readonly TermVector[],
  questionScores: readonly number[],
  question: QueryModel,
  config: PolicyConfig,
): QueryModel {
  if (config.off.has("expand")) return question;
  const top = questionScores
    .map((score, index) => ({ score, index }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, config.parameters.feedbackDocs);
  return expandRm3(
    question,
    top.map(({ score, index }) => ({ vector: vectors[index] as TermVector, score })),
    config.parameters,
  );
}

/**
 * Each score plus shares of the observed preceding and following messages' scores, and for a
 * question asking why, `reasonShare` of the best of the next `readAfter` in its chat (a reason is
 * stated before the decision it explains).
 */
function neighbourScores(
  observations: readonly Observation[],
  base: readonly number[],
  shares: { readonly replyShare: number; readonly promptShare: number; readonly readAfter: number },
  reasonShare: number,
): number[] {
  const key = (item: Observation, step: number) => `${item.chatId}:${item.messageId + step}`;
  const at = new Map(observations.map((item, index) => [key(item, 0), base[index] ?? 0]));
  const after = Array.from({ length: shares.readAfter }, (_, i) => i + 1);
  const later = (item: Observation) => Math.max(0, ...after.map((i) => at.get(key(item, i)) ?? 0));
  return observations.map(
    (item, index) =>
      (base[index] ?? 0) +
      shares.replyShare * (at.get(key(item, -1)) ?? 0) +
      shares.promptShare * (at.get(key(item, 1)) ?? 0) +
      reasonShare * (reasonShare > 0 ? later(item) : 0),
  );
}

/** `vector` plus its chat's `title` terms (coverage): the title names what the whole chat is about. */
function titled(vector: TermVector, title: TermVector): TermVector {
  const tf = new Map(vector.tf);
  for (const [term, count] of title.tf) tf.set(term, (tf.get(term) ?? 0) + count);
  return { tf, length: vector.length + title.length };
}

/**
 * speaker: the question speaks of the person ({@link FIRST_PERSON}) and does not ask what the
 * assistant said ({@link ASSISTANT_SAID}: "how did you recommend … my app?" is about the
 * assistant's words, whose context the person's turns give as often): their own turns answer it.
 * Boosting the assistant's turns for such a question instead measured no better (BEAM-100K dev:
 * one question up, one down) than boosting neither.
 */
export function asksAboutOwnWords(question: string): boolean {
  return FIRST_PERSON.test(question) && !ASSISTANT_SAID.test(question);
}

/**
 * The run uses the names the searches gave for a kind the question asked about (`kinds`) when the
 * question asks for a name ({@link NAME_REQUEST}: "which analytics tool …?", "where is it
 * hosted?", "how do people log in?"): not when the stage is off, nor for "what did we decide about
 * authentication?", whose answer is the history of a decision (the demo's sessions → Clerk →
 * Supabase chain lost its first step to the providers' names), nor for a question asking why
 * ("why did the app keep initializing the database?": the names of databases drew its ranking to
 * other turns; coding-histories dev).
 */
export function usesKindNames(state: RunState, config: PolicyConfig): boolean {
  if (config.off.has("kinds") || state.kinds.length === 0) return false;
  return NAME_REQUEST.test(state.question) && !REASON_REQUEST.test(state.question);
}

/**
 * The one search for the names of the kinds the question asked about (`kinds`, deduplicated,
 * space-joined: "clerk supabase"); "" when there are none.
 */
export function kindNamesQuery(state: RunState): string {
  return [...new Set(state.kinds.flatMap((kind) => kind.names))].join(" ");
}

/** The question is about the locked current chat: only its messages can answer it. */
export function asksAboutCurrentChat(state: RunState): boolean {
  return state.currentChatId !== null && ABOUT_CURRENT_CHAT.test(state.question);
}

/** Ranks every observation of `state` for its question. */
export function rankEvidence(state: RunState, config: PolicyConfig): Ranking {
  const { parameters, off } = config;
  const question = formulate(state.question);
  // Scoring and coverage (abstention, confidence) use the subject only: "decide" says what kind
  // of answer is wanted, not what it is about.
  const subject = off.has("background")
    ? subjectOf(question)
    : backgroundWeighted(subjectOf(question));
  // The names the app uses for a kind the question asked about are its subject in the history's
  // words ("how do people log in?" → clerk): they score, as alternatives to the kind word. The
  // evidence strength and coverage stay the question's own: a name is an inference, and as one
  // more term to cover it made every answer look partial.
  const scoredSubject = usesKindNames(state, config)
    ? withKindNames(subject, state.kinds)
    : subject;
  // A probe only tests presence (evidence-strength.ts): what it alone returned is not ranked.
  const phrases = questionPhrases(state.question);
  const searches = state.searches.filter((run, i) => !isProbe(run, i, subject, phrases));
  const ranked = new Set(searches.flatMap((run) => run.ranked));
  const considered = state.observations.filter((item) =>
    asksAboutCurrentChat(state)
      ? item.chatId === state.currentChatId
      : item.via === "read" || ranked.has(item.candidateId),
  );
  const settled = settleOnly(state);
  const observations = considered.filter((item) => !settled.has(item.candidateId));
  const raw = observations.map((item) => termVector(item.text));
  const rawTitleTerms = observations.flatMap((item) => [
    ...termVector(item.chatTitle ?? "").tf.keys(),
  ]);
  const questionTerms = [...question.weights.keys()];
  const vocabulary = new Set([...raw.flatMap((vector) => [...vector.tf.keys()]), ...rawTitleTerms]);
  const prefixed: Conflation = off.has("prefix")
    ? new Map()
    : prefixConflation(questionTerms, vocabulary, parameters.prefixMinLength);
  const conflation = off.has("irregular")
    ? prefixed
    : irregularConflation(questionTerms, vocabulary, parameters.irregularSharedPrefix, prefixed);
  const titleTerms = new Set(rawTitleTerms.map((term) => conflation.get(term) ?? term));
  const vectors = raw.map((vector) => conflate(vector, conflation));
  const stats = poolStats(vectors);
  const options = { k1: parameters.bm25K1, b: parameters.bm25B };
  const titles = observations.map((item) => conflate(termVector(item.chatTitle ?? ""), conflation));
  // Each message inherits shares of its neighbours' scores (for a subject of `neighbourMinTerms`
  // or more) and of its chat title's match (a chat titled "Choosing the database" may never say
  // "database"); titles are not length-normalised.
  const why =
    off.has("reason") || !REASON_REQUEST.test(state.question) ? 0 : parameters.reasonShare;
  const inContext = (model: QueryModel) => {
    const base = vectors.map((vector) => bm25(vector, model, stats, options));
    const shared = !off.has("neighbours") && subject.weights.size >= parameters.neighbourMinTerms;
    const own = shared ? neighbourScores(observations, base, parameters, why) : base;
    if (off.has("title")) return own;
    const flat = { k1: parameters.bm25K1, b: 0 };
    return titles.map(
      (title, i) => (own[i] ?? 0) + parameters.titleShare * bm25(title, model, stats, flat),
    );
  };
  const questionScores = inContext(scoredSubject);
  const expanded = expandedModel(raw, questionScores, scoredSubject, config);
  const speaker = !off.has("speaker") && asksAboutOwnWords(state.question);
  const scores = (expanded === scoredSubject ? questionScores : inContext(expanded)).map(
    (score, i) =>
      speaker && observations[i]?.role === "user" ? score * (1 + parameters.speakerBoost) : score,
  );
  const localOrder = observations
    .map((item, index) => ({ id: item.candidateId, score: scores[index] ?? 0 }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.id);
  const local = Array.from({ length: parameters.localFusionWeight }, () => localOrder);
  // Only the question's own search and its kind names' search vote in the fusion. The RM3
  // search ranks by feedback guesses (in a chat history often "thank", "proceed", "continue"): it
  // brings chats to read, and the expanded model already scores their messages at its share.
  const kindsQuery = kindNamesQuery(state);
  const voting = searches.filter((run, i) => i === 0 || run.query === kindsQuery);
  const lists = off.has("fuse") ? [localOrder] : [...voting.map((run) => run.ranked), ...local];
  const fused = reciprocalRankFusion(lists, parameters.rrfK);
  const index = new Map(observations.map((item, i) => [item.candidateId, i]));
  const best = fused[0]?.score ?? 1;
  const messages = fused.flatMap(({ id, score }) => {
    const i = index.get(id);
    if (i === undefined || (scores[i] ?? 0) <= 0) return [];
    const [observation, vector] = [observations[i] as Observation, vectors[i] as TermVector];
    const coverageOf = coverage(titled(vector, titles[i] as TermVector), subject, stats, options);
    return [
      { observation, vector, score: scores[i] ?? 0, relevance: score / best, coverage: coverageOf },
    ];
  });
  // Coordination: near-ties in the fusion go to the message covering more of the question; a
  // turn that only asks restates the question and answers nothing.
  const coordinated = (item: RankedMessage) =>
    item.relevance +
    (asksOnly(item.observation) ? 0 : parameters.coordinationShare * item.coverage);
  const ordered = off.has("coord")
    ? messages
    : [...messages].sort((a, b) => coordinated(b) - coordinated(a));
  // What only the settle reads observed is scored against the pool (a later turn is on the
  // subject, `thread-turns.ts`) but never ranked as an answer.
  const settledMessages = considered
    .filter((item) => settled.has(item.candidateId))
    .flatMap((observation) => {
      const vector = conflate(termVector(observation.text), conflation);
      const score = bm25(vector, expanded, stats, options);
      return score > 0 ? [{ observation, vector, score, relevance: 0, coverage: 0 }] : [];
    });
  const items = listItems(state.question)
    .map((item) => item.filter((term) => subject.weights.has(term)))
    .filter((item) => item.length > 0);
  return {
    question,
    subject,
    expanded,
    items,
    stats,
    titleTerms,
    messages: ordered,
    settled: settledMessages,
    observations: considered,
    absentPhrases: absentPhrases(state.question, state.searches, state.observations),
    compoundOnly: compoundOnlyTerms(prefixed, vocabulary),
    kindTerms: new Set(
      usesKindNames(state, config)
        ? state.kinds
            .filter(({ names }) => names.length > 0)
            .flatMap(({ from }) => [...formulate(from).weights.keys()])
        : [],
    ),
  };
}
