/**
 * bm25 (Robertson & Zaragoza 2009) of observed messages against a weighted query model, with term
 * statistics from the observed pool: the explorer sees only what the host returned. Pure.
 */
import { withoutStructureLabels } from "../../../../history/projection/structure-labels.js";
import { contentTerms } from "../../../../history/text/content-terms.js";
import type { QueryModel } from "./query-model.js";

/** Term frequencies of one message, and the first surface word of each term (for queries). */
export interface TermVector {
  readonly tf: ReadonlyMap<string, number>;
  readonly length: number;
  readonly words?: ReadonlyMap<string, string>;
}

/** Memo of {@link termVector} (each step re-ranks the same messages); cleared when full. */
const VECTORS = new Map<string, TermVector>();
const VECTOR_CACHE_ENTRIES = 20_000;

/**
 * Term vector of `text` without the projection's structure labels (a `[tool-use: read_file_v2]`
 * line says a tool ran, not what the message is about). The returned value is shared: never
 * mutate it.
 */
export function termVector(text: string): TermVector {
  const known = VECTORS.get(text);
  if (known) return known;
  const tf = new Map<string, number>();
  const words = new Map<string, string>();
  const terms = contentTerms(withoutStructureLabels(text));
  for (const { term, word } of terms) {
    tf.set(term, (tf.get(term) ?? 0) + 1);
    if (!words.has(term)) words.set(term, word);
  }
  const vector = { tf, length: terms.length, words };
  if (VECTORS.size >= VECTOR_CACHE_ENTRIES) VECTORS.clear();
  VECTORS.set(text, vector);
  return vector;
}

/** Pool statistics: document count, document frequencies, average length. */
export interface PoolStats {
  readonly docs: number;
  readonly df: ReadonlyMap<string, number>;
  readonly averageLength: number;
}

/** Statistics of `vectors`. */
export function poolStats(vectors: readonly TermVector[]): PoolStats {
  const df = new Map<string, number>();
  let total = 0;
  for (const vector of vectors) {
    total += vector.length;
    for (const term of vector.tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  }
  return { docs: vectors.length, df, averageLength: vectors.length ? total / vectors.length : 1 };
}

/**
 * bm25 idf (positive even for a term in every message), damped to its square root: the pool is a
 * small, biased sample (messages chosen for the question's terms); one rare word must not dominate.
 */
export function idf(stats: PoolStats, term: string): number {
  const df = stats.df.get(term) ?? 0;
  return Math.sqrt(Math.log(1 + (stats.docs - df + 0.5) / (df + 0.5)));
}

/** bm25's saturation parameters: k1 (tf saturation) and b (length normalisation, 0–1). */
export interface Bm25Options {
  readonly k1: number;
  readonly b: number;
}

/** bm25's length-normalised saturation k1·(1 − b + b·|d|/avgdl): tf saturates as tf / (tf + this). */
export function saturationConstant(
  vector: TermVector,
  stats: PoolStats,
  options: Bm25Options,
): number {
  return options.k1 * (1 - options.b + (options.b * vector.length) / stats.averageLength);
}

/** bm25 score of `vector` for `model` (weights × idf × saturated tf). */
export function bm25(
  vector: TermVector,
  model: QueryModel,
  stats: PoolStats,
  options: Bm25Options,
): number {
  const norm = saturationConstant(vector, stats, options);
  let score = 0;
  for (const [term, weight] of model.weights) {
    const tf = vector.tf.get(term) ?? 0;
    if (tf === 0) continue;
    score += weight * idf(stats, term) * ((tf * (options.k1 + 1)) / (tf + norm));
  }
  return score;
}

/**
 * Whether a text holds one of `model`'s terms, as the index stems them ("Django is not a good
 * add-on" holds "django"; a word alone is a text of one term).
 */
export function holdsTermOf(model: QueryModel): (text: string) => boolean {
  return (text) => [...termVector(text).tf.keys()].some((term) => model.weights.has(term));
}
