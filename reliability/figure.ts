/**
 * One measured figure of the reliability harness and its target. A check returns figures; the
 * runner prints each beside its target and exits non-zero when any falls short.
 */

/** How a figure is compared with its target. */
export type Comparison = "at_least" | "at_most";

/** One measured figure. `value` and `target` are counts (or ms when `unit` says so). */
export interface Figure {
  /** What was measured, e.g. "foreign bytes in results, errors and progress events". */
  readonly name: string;
  readonly value: number;
  readonly target: number;
  readonly comparison: Comparison;
  /** Shown after the numbers, e.g. "calls", "ms". */
  readonly unit?: string;
}

/** A figure that must reach at least `target` (a volume: calls made, kills survived). */
export function atLeast(name: string, value: number, target: number, unit?: string): Figure {
  return { name, value, target, comparison: "at_least", ...(unit ? { unit } : {}) };
}

/** A figure that must stay at or below `target` (a defect count: leaks, errors). */
export function atMost(name: string, value: number, target: number, unit?: string): Figure {
  return { name, value, target, comparison: "at_most", ...(unit ? { unit } : {}) };
}

/** True when the figure reaches its target. */
export function meets(figure: Figure): boolean {
  return figure.comparison === "at_least"
    ? figure.value >= figure.target
    : figure.value <= figure.target;
}

/** One line: `PASS  name  value (target ≥ N unit)`. */
export function formatFigure(figure: Figure): string {
  const sign = figure.comparison === "at_least" ? "≥" : "≤";
  const unit = figure.unit ? ` ${figure.unit}` : "";
  const status = meets(figure) ? "PASS" : "FAIL";
  return `${status}  ${figure.name}: ${figure.value}${unit}  (target ${sign} ${figure.target}${unit})`;
}
