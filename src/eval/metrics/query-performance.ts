/**
 * Query-performance predictors (QPP): the field's standard estimates of how well a query will be
 * answered by a collection, computed for one question over one app's messages (each message a
 * document, terms from `contentTerms`, the index's own Porter stems and stopwords). Measured by
 * `bench/calibrate-abstention.ts` as separators of absent from answerable questions. Pure.
 *
 * Pre-retrieval (collection statistics only): avg/max idf; avg/max SCQ (Zhao, Scholer & Tsegay
 * 2008); avg ICTF, simplified clarity SCS and query scope (He & Ounis 2004). Post-retrieval, over
 * the top messages by Dirichlet-smoothed query likelihood (Zhai & Lafferty 2001): WIG (Zhou &
 * Croft 2007), NQC (Shtok, Kurland, Carmel et al. 2012), SMV (Tao & Wu 2014) and Clarity
 * (Cronen-Townsend, Zhou & Croft 2002: KL divergence of the RM1 feedback model from the app's
 * collection model).
 */
import { contentTerms } from "../../history/text/content-terms.js";
import { mean as meanOrNull } from "./percentile.js";

/** Dirichlet prior μ of the query-likelihood scores: Shtok et al. 2012's setting for NQC. */
export const DIRICHLET_MU = 1000;
/** Top messages WIG averages over: Zhou & Croft 2007's k = 5. */
export const WIG_DOCS = 5;
/** Top messages NQC and SMV take the spread of; the papers' 100 exceeds half an app here. */
export const NQC_DOCS = 10;
/** Feedback messages of the Clarity relevance model (the policy's RM3 uses 10 too). */
export const CLARITY_DOCS = 10;

/** The predictors' names, in print order. Higher values predict an easier (answerable) question. */
export const PREDICTORS = [
  "avgIdf",
  "maxIdf",
  "avgScq",
  "maxScq",
  "avgIctf",
  "scs",
  "queryScope",
  "wig",
  "nqc",
  "smv",
  "clarity",
] as const;
export type Predictor = (typeof PREDICTORS)[number];

/** One app's messages as a term collection, built once and shared by every question of the app. */
export interface Collection {
  /** Term frequencies per message, and each message's length in terms. */
  readonly docs: readonly { readonly tf: ReadonlyMap<string, number>; readonly length: number }[];
  /** Collection frequency (total occurrences) and document frequency per term. */
  readonly cf: ReadonlyMap<string, number>;
  readonly df: ReadonlyMap<string, number>;
  /** Total terms in the collection (≥ 1). */
  readonly length: number;
}

/** Builds the {@link Collection} of `texts` (one per message). */
export function buildCollection(texts: readonly string[]): Collection {
  const cf = new Map<string, number>();
  const df = new Map<string, number>();
  let length = 0;
  const docs = texts.map((text) => {
    const tf = new Map<string, number>();
    const terms = contentTerms(text);
    for (const { term } of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const [term, count] of tf) {
      cf.set(term, (cf.get(term) ?? 0) + count);
      df.set(term, (df.get(term) ?? 0) + 1);
    }
    length += terms.length;
    return { tf, length: terms.length };
  });
  return { docs, cf, df, length: Math.max(1, length) };
}

/**
 * P(w|C) = cf/|C|; a query term the app never holds gets half an occurrence's probability, so its
 * log-likelihood stays finite (the model stays a distribution over the terms the app holds).
 */
function collectionProbability(collection: Collection, term: string): number {
  return Math.max(collection.cf.get(term) ?? 0, 0.5) / collection.length;
}

const mean = (values: readonly number[]) => meanOrNull(values) ?? 0;

/** Every predictor of `question` over `collection`; all 0 when the question has no content term. */
export function queryPerformance(
  question: string,
  collection: Collection,
): Record<Predictor, number> {
  const counts = new Map<string, number>();
  for (const { term } of contentTerms(question)) counts.set(term, (counts.get(term) ?? 0) + 1);
  const terms = [...counts.keys()];
  const n = collection.docs.length;
  if (terms.length === 0 || n === 0)
    return Object.fromEntries(PREDICTORS.map((name) => [name, 0])) as Record<Predictor, number>;
  const df = (term: string) => collection.df.get(term) ?? 0;
  const cf = (term: string) => collection.cf.get(term) ?? 0;
  // A term no message holds gets the idf of a term held by half a message (finite, the largest).
  const idf = terms.map((term) => Math.log(n / Math.max(df(term), 0.5)));
  const scq = terms.map((term) =>
    cf(term) > 0 ? (1 + Math.log(cf(term))) * Math.log(1 + n / df(term)) : 0,
  );
  const ictf = terms.map((term) => Math.log2(collection.length / Math.max(cf(term), 0.5)));
  const queryLength = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const scs = [...counts].reduce((sum, [term, count]) => {
    const p = count / queryLength;
    return sum + p * Math.log2(p / collectionProbability(collection, term));
  }, 0);
  const matching = collection.docs.filter((doc) => terms.some((term) => doc.tf.has(term))).length;
  const queryScope = -Math.log(Math.max(matching, 0.5) / n);

  // log P(Q|d), Dirichlet-smoothed, over every message; and log P(Q|C) for the collection itself.
  const logLikelihood = (tf: ReadonlyMap<string, number>, length: number) =>
    [...counts].reduce((sum, [term, count]) => {
      const background = collectionProbability(collection, term);
      return (
        sum +
        count *
          Math.log(((tf.get(term) ?? 0) + DIRICHLET_MU * background) / (length + DIRICHLET_MU))
      );
    }, 0);
  const corpusScore = [...counts].reduce(
    (sum, [term, count]) => sum + count * Math.log(collectionProbability(collection, term)),
    0,
  );
  const ranked = collection.docs
    .map((doc, index) => ({ index, score: logLikelihood(doc.tf, doc.length) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const top = (k: number) =>
    ranked.slice(0, Math.min(k, ranked.length)).map((entry) => entry.score);
  const wig = mean(top(WIG_DOCS).map((score) => score - corpusScore)) / Math.sqrt(queryLength);
  const spread = top(NQC_DOCS);
  const spreadMean = mean(spread);
  const nqc =
    Math.sqrt(mean(spread.map((score) => (score - spreadMean) ** 2))) / Math.abs(corpusScore);
  // Log-likelihoods are all negative, so score / mean is positive.
  const smv =
    mean(spread.map((score) => Math.abs(score) * Math.abs(Math.log(score / spreadMean)))) /
    Math.abs(corpusScore);
  const clarity = clarityOf(collection, ranked.slice(0, CLARITY_DOCS));
  const values = {
    avgIdf: mean(idf),
    maxIdf: Math.max(...idf),
    avgScq: mean(scq),
    maxScq: Math.max(...scq),
  };
  return { ...values, avgIctf: mean(ictf), scs, queryScope, wig, nqc, smv, clarity };
}

/**
 * Clarity: KL(P(·|R) ‖ P(·|C)) in bits, P(w|R) = Σ_d P(w|d)·P(d|Q) over the `top` messages
 * (RM1), P(d|Q) ∝ exp(log-likelihood), P(w|d) maximum likelihood. 0 when nothing is retrieved.
 */
function clarityOf(
  collection: Collection,
  top: readonly { index: number; score: number }[],
): number {
  if (top.length === 0) return 0;
  const best = top[0]?.score ?? 0;
  const weights = top.map((entry) => Math.exp(entry.score - best));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const relevance = new Map<string, number>();
  top.forEach((entry, i) => {
    const doc = collection.docs[entry.index];
    if (!doc || doc.length === 0) return;
    const share = (weights[i] ?? 0) / total / doc.length;
    for (const [term, count] of doc.tf)
      relevance.set(term, (relevance.get(term) ?? 0) + share * count);
  });
  let kl = 0;
  for (const [term, p] of relevance)
    kl += p * Math.log2(p / collectionProbability(collection, term));
  return kl;
}
