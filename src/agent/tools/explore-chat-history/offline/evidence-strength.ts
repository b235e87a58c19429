/**
 * Evidence strength, the signal abstention and confidence are calibrated on
 * (`bench/calibrate-abstention.ts`): the best message's coverage of the question's subject terms,
 * less one term's share when the app lacks a subject term. A term the whole retrieval did not surface is
 * probed with a one-chat search of its own; a probe that finds nothing is evidence that the
 * history lacks the subject, not only this message. Pure.
 */
import { hasCjk } from "../../../../history/text/cjk.js";
import type { QueryModel } from "./query-model.js";
import type { Ranking } from "./rank-evidence.js";
import type { SearchRun } from "./run-state.js";
import type { PoolStats, TermVector } from "./score-messages.js";

/**
 * The question terms that count: CJK bigrams unseen in the pool are skipped (unsegmented text
 * makes bigrams across word boundaries, 对账任务 → 账任, which say nothing about the answer).
 */
function countedTerms(question: QueryModel, stats: PoolStats): string[] {
  return [...question.weights.keys()].filter((term) => stats.df.has(term) || !hasCjk(term));
}

/** Share (0–1) of the counted question terms `vector` holds (unweighted: pool idf separated worse). */
export function coverage(vector: TermVector, question: QueryModel, stats: PoolStats): number {
  const terms = countedTerms(question, stats);
  return terms.length === 0 ? 0 : terms.filter((term) => vector.tf.has(term)).length / terms.length;
}

/** Words of the subject terms no observed message or chat title holds, question order, ≤ `limit`. */
export function probeWords(ranking: Ranking, limit: number): string[] {
  return countedTerms(ranking.subject, ranking.stats)
    .filter((term) => !ranking.stats.df.has(term) && !ranking.titleTerms.has(term))
    .slice(0, limit)
    .map((term) => ranking.subject.words.get(term) ?? term);
}

/** A probe: a later one-word search of a subject word; it tests presence and ranks nothing. */
export function isProbe(search: SearchRun, index: number, subject: QueryModel): boolean {
  return index > 0 && [...subject.words.values()].includes(search.query);
}

/**
 * Evidence strength (−1 to 1): the best {@link coverage}, less one term's share when a probe in
 * `searches` found nothing. Only once: several absent words are mostly one paraphrase ("which
 * message broker … Kafka?"), and counting each abstained on answerable questions.
 */
export function evidenceStrength(ranking: Ranking, searches: readonly SearchRun[]): number {
  const best = Math.max(0, ...ranking.messages.map((item) => item.coverage));
  const terms = countedTerms(ranking.subject, ranking.stats);
  const empty = new Set(
    searches
      .filter((run, i) => run.ranked.length === 0 && isProbe(run, i, ranking.subject))
      .map((run) => run.query),
  );
  const absent = terms.filter((term) => empty.has(ranking.subject.words.get(term) ?? term));
  return terms.length === 0 ? best : best - Math.min(1, absent.length) / terms.length;
}
