/**
 * FTS5's bm25 (`fts5_aux.c`), computed in Node over a candidate's positions (issue 32), so the team
 * store ranks as the local index does: for each phrase, idf × f·(k1+1) / (f + k1·(1 − b + b·|D|/avgdl)),
 * summed and negated, where f is the phrase's occurrences weighted by column (title 4, body 1,
 * cjk 1.5), |D| the message's token count, and N, n, avgdl the app's statistics (the server keeps
 * them per app: `recollect.app_stats`, `recollect.term_stats`). k1 = 1.2, b = 0.75, and an idf ≤ 0
 * counts as 1e-6, as in FTS5.
 */
import { bm25WeightOf, TEAM_COLUMNS } from "../index-terms.js";
import type { QueryPhrase } from "./team-query.js";

const K1 = 1.2;
const B = 0.75;
const MIN_IDF = 1e-6;

/** One lexeme's positions in a candidate: `unnest(tsvector)`'s positions and weights. */
export interface LexemeHits {
  readonly lexeme: string;
  readonly positions: readonly number[];
  readonly weights: readonly string[];
}

/** The app's statistics for one search. */
export interface AppStatistics {
  /** N: indexed messages of the app. */
  readonly docs: number;
  /** Sum of their token counts (avgdl = totalLength / docs). */
  readonly totalLength: number;
}

/** FTS5's idf of a phrase found in `n` of `docs` rows. Pure. */
export function idf(docs: number, n: number): number {
  const value = Math.log((docs - n + 0.5) / (n + 0.5));
  return value > 0 ? value : MIN_IDF;
}

/** position → weight letter of every lexeme of `hits` matching `lexeme` (or, for a prefix, starting with it). */
function positionsOf(
  hits: readonly LexemeHits[],
  lexeme: string,
  prefix: boolean,
): Map<number, string> {
  const at = new Map<number, string>();
  for (const hit of hits) {
    if (prefix ? !hit.lexeme.startsWith(lexeme) : hit.lexeme !== lexeme) continue;
    hit.positions.forEach((position, index) => {
      at.set(position, hit.weights[index] ?? "D");
    });
  }
  return at;
}

/**
 * f: the phrase's occurrences in the candidate, each weighted by its column, counting only the
 * columns the phrase may match in. Pure.
 */
export function phraseFrequency(phrase: QueryPhrase, hits: readonly LexemeHits[]): number {
  const [first, ...others] = phrase.lexemes;
  if (first === undefined) return 0;
  const starts = positionsOf(hits, first, phrase.prefix);
  const rest = others.map((lexeme) => positionsOf(hits, lexeme, phrase.prefix));
  let f = 0;
  for (const [position, weight] of starts) {
    if (!phrase.weights.includes(weight)) continue;
    if (rest.every((next, index) => next.get(position + index + 1) === weight)) {
      f += bm25WeightOf(weight);
    }
  }
  return f;
}

/**
 * Whether a phrase matches the candidate outside the title column: in the message's own text (body
 * or CJK), as the local index's bm25 without the title weight tells it. Pure.
 */
export function matchesBody(phrases: readonly QueryPhrase[], hits: readonly LexemeHits[]): boolean {
  const title = TEAM_COLUMNS.title.weight;
  return phrases.some(
    (phrase) =>
      phraseFrequency({ ...phrase, weights: phrase.weights.replaceAll(title, "") }, hits) > 0,
  );
}

/**
 * The candidate's bm25 (negative; lower is better). `df[i]` is n of `phrases[i]`. Pure.
 */
export function bm25Score(
  phrases: readonly QueryPhrase[],
  df: readonly number[],
  hits: readonly LexemeHits[],
  docLength: number,
  stats: AppStatistics,
): number {
  const avgdl = stats.docs > 0 ? stats.totalLength / stats.docs : 1;
  let score = 0;
  phrases.forEach((phrase, index) => {
    const f = phraseFrequency(phrase, hits);
    if (f === 0) return;
    const norm = K1 * (1 - B + (B * docLength) / avgdl);
    score += (idf(stats.docs, df[index] ?? 0) * (f * (K1 + 1))) / (f + norm);
  });
  return -score;
}
