/**
 * formulate and expand: the question as a weighted query model over index terms, and its RM3
 * expansion from feedback messages (Lavrenko & Croft 2001, relevance models; RM3 interpolation as
 * in Abdul-Jaleel et al. 2004). Terms are the index's own (`contentTerms`: FTS5's Porter stems,
 * CJK bigrams, the shared stopword list). Pure.
 */
import { hasCjk } from "../../../../history/text/cjk.js";
import { contentTerms } from "../../../../history/text/content-terms.js";
import { surprisal } from "../../../../history/text/word-frequency.js";
import type { TermVector } from "./score-messages.js";

/** A query model: index term → weight (weights sum to 1), plus the word to send for each term. */
export interface QueryModel {
  readonly weights: ReadonlyMap<string, number>;
  /** Surface word per term, for building a search query the index tokenizes back to the term. */
  readonly words: ReadonlyMap<string, string>;
}

/** Most terms one search sends: the index's own cap (`MAX_QUERY_TERMS` in history/search). */
const MAX_SENT_TERMS = 12;

/**
 * A phrasal verb of signing in or up ("log in", "signing up", "sign-on"), whose particle is a
 * stopword: written as one word ("login", "signup") it stays a term, and one the search knows as
 * asking about authentication (`history/search/kind-expansion.ts`).
 */
const SIGN_IN = /\b(log|sign)(?:s|ged|ging|ing|ed)?[\s-]+(in|on|up)\b/gi;

/**
 * A phrase that says which part of the history to look at, not what the answer is about: "over
 * the last few sessions", "across our conversations", "during our chats", "over time", "so far".
 * A chat rarely names itself a session or a conversation, so those words only pull in noise.
 * English, as the rest of the offline policy's cue lists.
 */
const HISTORY_SCOPE =
  /\b(?:over|across|in|during|from|throughout|through)\s+(?:the\s+|our\s+|these\s+|those\s+|my\s+|all\s+)?(?:(?:last|past|previous|recent|few|several|many|couple\s+of|different|all|multiple|various|earlier)\s+)*(?:sessions?|chats?|conversations?)\b|\bover\s+time\b|\bso\s+far\b/gi;

/**
 * Who does the thing in "how do people log in?", "how can users hook up their bank?": the actor of
 * the question's frame, everyone who uses the app, not what the answer is about. A history names
 * the thing (login, Plaid), and "people" there mostly says something else.
 */
const ACTOR =
  /\b((?:how|where|when|what)\s+(?:do|does|did|can|could|should|will|would)\s+)(?:our\s+|the\s+)?(?:people|users?|customers?|visitors?|someone|anyone|folks|members?)\b/gi;

/**
 * formulate: the question's content terms, weighted by frequency (maximum-likelihood P(w|Q)),
 * "log in" and the like read as one word ({@link SIGN_IN}), a phrase scoping the history
 * ({@link HISTORY_SCOPE}) and the actor of "how do people …" ({@link ACTOR}) left out.
 */
export function formulate(question: string): QueryModel {
  const counts = new Map<string, number>();
  const words = new Map<string, string>();
  const terms = contentTerms(
    question.replace(HISTORY_SCOPE, " ").replace(ACTOR, "$1").replace(SIGN_IN, "$1$2"),
  );
  for (const { term, word } of terms) {
    counts.set(term, (counts.get(term) ?? 0) + 1);
    if (!words.has(term)) words.set(term, word);
  }
  const total = terms.length || 1;
  const weights = new Map([...counts].map(([term, count]) => [term, count / total]));
  return { weights, words };
}

/**
 * Separators of a list of subjects: "auth, the database and Kubernetes", "Meilisearch or Algolia",
 * "SOC 2 / PCI", "Redis vs Valkey". Matched on the raw question, before stopwords go.
 */
const LIST_SEPARATOR = /[,;&/]|\b(?:and|or|plus|vs\.?|versus)\b/i;
const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The question's list items as groups of its index terms, in question order: the parts between
 * {@link LIST_SEPARATOR}s, each part's terms; a bare keyword query (every word a content term, at
 * least two, no CJK: "auth kubernetes terraform") has one item per word. A question that is no
 * list is one item. Parts without content terms are dropped. Terms repeat across items when the
 * question repeats them. Pure.
 */
export function listItems(question: string): string[][] {
  const terms = (text: string) => contentTerms(text).map(({ term }) => term);
  const parts = question
    .split(new RegExp(LIST_SEPARATOR.source, "giu"))
    .map(terms)
    .filter((part) => part.length > 0);
  const words = question.match(WORD_RUN) ?? [];
  const all = terms(question);
  const bareKeywords = parts.length <= 1 && all.length >= 2 && all.length === words.length;
  if (bareKeywords && !hasCjk(question)) return all.map((term) => [term]);
  return parts.length > 0 ? parts : [all];
}

/**
 * background: each weight times its word's surprisal in everyday English (`surprisal`: the
 * question's own surface word; summing a stem's inflections measured worse on BEAM-100K dev),
 * renormalised to sum 1. The pool's idf comes from the few dozen messages the searches chose for
 * the question's words, where "use" can be rarer than the subject itself ("why did we stop using
 * Clerk?"); a background corpus knows "use" says little about any topic.
 */
export function backgroundWeighted(model: QueryModel): QueryModel {
  const raw = [...model.weights].map(
    ([term, weight]) => [term, weight * surprisal(model.words.get(term) ?? term)] as const,
  );
  const total = raw.reduce((sum, [, weight]) => sum + weight, 0) || 1;
  return {
    weights: new Map(raw.map(([term, weight]) => [term, weight / total])),
    words: model.words,
  };
}

/**
 * `model` with the names the app uses for a kind it asked about: each kind's names share the
 * weight of the words that asked (`from`, "login" → "clerk", "supabase"), so a name counts as
 * much as the kind word it stands for, not as a rare word of its own (as terms of the question,
 * they outweighed it: coding-histories dev lost "What tables does the hosted database have?" to
 * the hosts' names). A kind whose words are not in `model` adds nothing.
 */
export function withKindNames(
  model: QueryModel,
  kinds: readonly { readonly from: string; readonly names: readonly string[] }[],
): QueryModel {
  const weights = new Map(model.weights);
  const words = new Map(model.words);
  for (const { from, names: named } of kinds) {
    const share = contentTerms(from).reduce(
      (sum, { term }) => sum + (model.weights.get(term) ?? 0),
      0,
    );
    const names = named
      .flatMap((name) => contentTerms(name))
      .filter(({ term }) => !weights.has(term));
    for (const { term, word } of names) {
      weights.set(term, share / names.length);
      words.set(term, word);
    }
  }
  return { weights, words };
}

/** A search query string for the heaviest terms of `model` (at most the index's 12). */
export function queryText(model: QueryModel): string {
  return [...model.weights]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_SENT_TERMS)
    .map(([term]) => model.words.get(term) ?? term)
    .join(" ");
}

/** One feedback message: its scoring term vector (never re-tokenized) and score (any positive scale). */
export interface FeedbackDoc {
  readonly vector: TermVector;
  readonly score: number;
}

/**
 * expand (RM3): P(w|R) = Σ_d P(w|d)·P(d|Q) over the feedback messages, P(d|Q) their scores
 * normalised to sum 1, P(w|d) = tf/|d|; the top `expansionTerms` terms are kept, renormalised and
 * interpolated with the original model: (1-λ)·P(w|R) + λ·P(w|Q), λ = `originalWeight`. Returns
 * the original model when no feedback message has a positive score.
 */
export function expandRm3(
  original: QueryModel,
  feedback: readonly FeedbackDoc[],
  options: { readonly expansionTerms: number; readonly originalWeight: number },
): QueryModel {
  const mass = feedback.reduce((sum, doc) => sum + Math.max(doc.score, 0), 0);
  if (mass <= 0) return original;
  const relevance = new Map<string, number>();
  const words = new Map(original.words);
  for (const doc of feedback) {
    const { tf, length } = doc.vector;
    if (doc.score <= 0 || length === 0) continue;
    const docWeight = doc.score / mass / length;
    for (const [term, count] of tf) {
      relevance.set(term, (relevance.get(term) ?? 0) + docWeight * count);
      const word = doc.vector.words?.get(term);
      if (word !== undefined && !words.has(term)) words.set(term, word);
    }
  }
  const kept = [...relevance]
    .filter(([term]) => !/^\d+$/.test(term))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.expansionTerms);
  const keptMass = kept.reduce((sum, [, weight]) => sum + weight, 0) || 1;
  const lambda = options.originalWeight;
  const weights = new Map<string, number>();
  for (const [term, weight] of original.weights) weights.set(term, lambda * weight);
  for (const [term, weight] of kept) {
    weights.set(term, (weights.get(term) ?? 0) + (1 - lambda) * (weight / keptMass));
  }
  return { weights, words };
}

/** The expansion terms of `expanded` that `original` lacks, heaviest first. */
export function addedTerms(original: QueryModel, expanded: QueryModel): string[] {
  return [...expanded.weights]
    .filter(([term]) => !original.weights.has(term))
    .sort((a, b) => b[1] - a[1])
    .map(([term]) => term);
}
