/**
 * Nearest-rank percentile: the smallest value with at least `p`% of the values at or below it
 * (`sorted[ceil(p/100 · n) − 1]`). `p` in (0, 100]. Returns null for no values. Pure.
 *
 * @throws RangeError when `p` is outside (0, 100].
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p > 0 && p <= 100)) throw new RangeError(`p must be in (0, 100], got ${p}`);
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1] ?? null;
}

/** Arithmetic mean, or null for no values. Pure. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Share of the non-null flags that are true, in [0, 1], or null when every flag is null. Pure. */
export function shareTrue(flags: readonly (boolean | null)[]): number | null {
  const applicable = flags.filter((flag): flag is boolean => flag !== null);
  return applicable.length === 0 ? null : applicable.filter(Boolean).length / applicable.length;
}
