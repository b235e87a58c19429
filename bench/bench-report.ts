/** What a bench section returns: its figures (JSON-serializable) and whether targets were met. */
export interface BenchReport {
  readonly figures: Readonly<Record<string, unknown>>;
  /** Each target by name: true when met. */
  readonly targets: Readonly<Record<string, boolean>>;
}

/** The p-th percentile (0–100) of `values` by nearest rank; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
