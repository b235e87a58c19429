/**
 * How close a typed name is to known ones: the one measure behind every "did you mean" (an unknown
 * command or option, an unknown `--app`).
 */

/**
 * How many single-character edits (insert, delete, substitute, swap two neighbours) turn `from`
 * into `to`: the optimal-string-alignment distance. Counts UTF-16 code units.
 */
export function editDistance(from: string, to: string): number {
  const rows = from.length + 1;
  const cols = to.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = from[i - 1] === to[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && from[i - 1] === to[j - 2] && from[i - 2] === to[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[from.length]![to.length]!;
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
    .map((candidate, order) => ({ candidate, order, distance: editDistance(typed, candidate) }))
    .filter((entry) => entry.distance <= bound)
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.candidate);
}
