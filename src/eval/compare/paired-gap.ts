/**
 * The paired comparison of two runs of the same questions: which questions each figure gained or
 * lost, and whether that many moves could be chance. Sixty questions move one or two at a time
 * between two designs (docs/OFFLINE-ABLATION.md), so a gap in a share says little alone; the
 * exact sign test (two-sided, on the questions that changed; McNemar's exact test for a
 * yes/no figure) says how often a coin would move at least as many one way. Pure.
 */

/** One question's per-run figures the paired comparison reads (`QuestionScore` fits it). */
export interface PairedScore {
  readonly id: string;
  readonly recall: number | null;
  readonly answerAt1: boolean | null;
  readonly answerAt3: boolean | null;
  readonly currentFirst: boolean | null;
  readonly abstained: boolean | null;
}

/** The figures compared question by question, in print order. */
export const PAIRED_FIGURES = [
  "answerAt1",
  "answerAt3",
  "currentFirst",
  "abstained",
  "recall",
] as const;
/** One figure of {@link PAIRED_FIGURES}. */
export type PairedFigure = (typeof PAIRED_FIGURES)[number];

/** How one figure moved between the runs. */
export interface PairedMoves {
  readonly figure: PairedFigure;
  /** Questions both runs scored on this figure (non-null in both). */
  readonly questions: number;
  /** Ids of the questions this run does better on (false → true, or a higher recall), suite order. */
  readonly up: readonly string[];
  /** Ids of the questions this run does worse on, suite order. */
  readonly down: readonly string[];
  /** Two-sided exact sign test on `up.length` against `down.length` ({@link signTestP}), in (0, 1]. */
  readonly pValue: number;
}

/** The paired comparison: the questions both runs have, by id, and each figure's moves. */
export interface PairedGap {
  readonly questions: number;
  readonly moves: readonly PairedMoves[];
}

/**
 * Two-sided exact sign test: the chance that a fair coin, tossed `up + down` times, gives a split
 * at least as uneven as `up` to `down` (Dixon & Mood 1946), capped at 1; 1 when nothing moved.
 * Exact for any count a suite holds (probabilities stay above the double's range up to ~1,000).
 *
 * @throws RangeError when a count is negative or not an integer.
 */
export function signTestP(up: number, down: number): number {
  if (!Number.isInteger(up) || !Number.isInteger(down) || up < 0 || down < 0)
    throw new RangeError(`counts must be non-negative integers, got ${up} and ${down}`);
  const n = up + down;
  if (n === 0) return 1;
  const tail = Math.min(up, down);
  let term = 0.5 ** n;
  let sum = term;
  for (let i = 0; i < tail; i += 1) {
    term = (term * (n - i)) / (i + 1);
    sum += term;
  }
  return Math.min(1, 2 * sum);
}

/** `current` is better than `compared` (+1), worse (−1) or the same (0); null when either is null. */
function direction(compared: number | boolean | null, current: number | boolean | null) {
  if (compared === null || current === null) return null;
  const [a, b] = [Number(compared), Number(current)];
  return b > a ? 1 : b < a ? -1 : 0;
}

/**
 * The paired comparison of the questions `current` and `compared` share by id (a higher recall
 * and a true yes/no figure count as better; for `abstained`, asked only of absent questions, so
 * does abstaining). Null when they share no question (a dev run against a held-out one).
 */
export function pairedGap(
  compared: readonly PairedScore[],
  current: readonly PairedScore[],
): PairedGap | null {
  const earlier = new Map(compared.map((score) => [score.id, score]));
  const pairs = current.flatMap((score) => {
    const other = earlier.get(score.id);
    return other === undefined ? [] : [[other, score] as const];
  });
  if (pairs.length === 0) return null;
  const moves = PAIRED_FIGURES.map((figure): PairedMoves => {
    const up: string[] = [];
    const down: string[] = [];
    let questions = 0;
    for (const [before, now] of pairs) {
      const moved = direction(before[figure], now[figure]);
      if (moved === null) continue;
      questions += 1;
      if (moved > 0) up.push(now.id);
      if (moved < 0) down.push(now.id);
    }
    return { figure, questions, up, down, pValue: signTestP(up.length, down.length) };
  });
  return { questions: pairs.length, moves };
}
