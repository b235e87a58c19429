/**
 * fuse: reciprocal-rank fusion of ranked lists (Cormack, Clarke & Büttcher 2009): each item scores
 * Σ 1/(k + rank) over the lists it appears in (rank 1-based), k = 60 in the paper. Ties keep the
 * first appearance order. Pure.
 */

/** Fused scores of every item in `lists`, best first. */
export function reciprocalRankFusion(
  lists: readonly (readonly string[])[],
  k: number,
): { readonly id: string; readonly score: number }[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    for (const [i, id] of list.entries()) scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
