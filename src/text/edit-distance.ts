/**
 * Edit distance, the one measure behind spelling correction (`history/search/correct-spelling.ts`)
 * and every "did you mean" (an unknown command or option, an unknown `--app`). Damerau–Levenshtein
 * distance in its optimal-string-alignment form (Damerau 1964; the restricted edit distance of
 * Boytsov 2011): insertions, deletions, substitutions and transpositions of two adjacent
 * characters, each costing 1, no substring edited twice. Damerau found ~80% of misspellings are
 * one such edit, which is why spelling correction counts them.
 */

/**
 * The distance between `a` and `b` (compared by UTF-16 unit), or `max + 1` as soon as it is known
 * to exceed `max` (≥ 0): a bounded search does not need the exact figure of a far word, and the
 * length difference alone decides most of them. O(|a|·|b|) time, O(|b|) memory. Pure.
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  let twoBack = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (twoBack[j - 2] as number) + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    twoBack = previous;
    previous = current;
  }
  const distance = previous[b.length] as number;
  return distance > max ? max + 1 : distance;
}

/**
 * The candidates within a third of `typed`'s length in edits (at least one) — a typo, not another
 * word — closest first, ties in the candidates' order; at most `limit` (default all).
 */
export function closestNames(
  typed: string,
  candidates: readonly string[],
  limit = Number.POSITIVE_INFINITY,
): string[] {
  const bound = Math.max(1, Math.floor(typed.length / 3));
  return candidates
    .map((candidate, order) => ({
      candidate,
      order,
      distance: boundedEditDistance(typed, candidate, bound),
    }))
    .filter((entry) => entry.distance <= bound)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.candidate);
}
