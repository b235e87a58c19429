/**
 * How well a per-question signal separates absent from answerable questions: ROC AUC, and the
 * held-out AUC of a logistic-regression combination of several signals under grouped
 * cross-validation (a group = one app, so no fold scores an app it was fitted on). Pure and
 * deterministic (no random folds, no random initialisation).
 */
import { mean } from "./percentile.js";

/**
 * ROC AUC of `higher ⇒ answerable`: P(value of an absent question < value of an answerable one),
 * ties counted ½ (the Mann–Whitney statistic). 0.5 when either side is empty.
 */
export function rocAuc(absent: readonly number[], found: readonly number[]): number {
  if (absent.length === 0 || found.length === 0) return 0.5;
  let sum = 0;
  for (const a of absent) for (const f of found) sum += a < f ? 1 : a === f ? 0.5 : 0;
  return sum / (absent.length * found.length);
}

/** One labelled question: its signals, whether it is answerable, and its group (app). */
export interface LabelledRow {
  readonly features: readonly number[];
  readonly found: boolean;
  readonly group: string;
}

/** L2 penalty of the fit (per row): keeps weights finite when a signal separates a fold perfectly. */
export const RIDGE = 0.01;
/** Gradient-descent steps and step size on standardised features (converges well within these). */
const STEPS = 2000;
const RATE = 0.5;

/** A fitted model: standardisation from the training rows, then weights and bias. */
export interface LogisticModel {
  readonly means: readonly number[];
  readonly scales: readonly number[];
  readonly weights: readonly number[];
  readonly bias: number;
}

/**
 * Fits P(found | features) by logistic regression on standardised features, each class weighted
 * to half the loss (absent questions are a tenth of BEAM), L2 penalty {@link RIDGE}.
 * Throws when `rows` is empty.
 */
export function fitLogistic(rows: readonly LabelledRow[]): LogisticModel {
  if (rows.length === 0) throw new Error("fitLogistic: no rows to fit");
  const width = rows[0]?.features.length ?? 0;
  const column = (j: number) => rows.map((row) => row.features[j] ?? 0);
  const means = Array.from({ length: width }, (_, j) => average(column(j)));
  const scales = means.map((m, j) => Math.sqrt(average(column(j).map((v) => (v - m) ** 2))) || 1);
  const x = rows.map((row) => row.features.map((v, j) => (v - (means[j] ?? 0)) / (scales[j] ?? 1)));
  const positives = rows.filter((row) => row.found).length;
  const classWeight = (found: boolean) =>
    0.5 / Math.max(1, found ? positives : rows.length - positives);
  const weights = new Array<number>(width).fill(0);
  let bias = 0;
  for (let step = 0; step < STEPS; step++) {
    const gradient = new Array<number>(width).fill(0);
    let gradientBias = 0;
    rows.forEach((row, i) => {
      const xi = x[i] ?? [];
      const error = sigmoid(dot(weights, xi) + bias) - (row.found ? 1 : 0);
      const w = classWeight(row.found);
      for (let j = 0; j < width; j++) gradient[j] = (gradient[j] ?? 0) + w * error * (xi[j] ?? 0);
      gradientBias += w * error;
    });
    for (let j = 0; j < width; j++) {
      weights[j] = (weights[j] ?? 0) - RATE * ((gradient[j] ?? 0) + RIDGE * (weights[j] ?? 0));
    }
    bias -= RATE * gradientBias;
  }
  return { means, scales, weights, bias };
}

/** The model's linear score (log-odds of answerable) for `features`. */
export function predictLogistic(model: LogisticModel, features: readonly number[]): number {
  const z = features.map((v, j) => (v - (model.means[j] ?? 0)) / (model.scales[j] ?? 1));
  return dot(model.weights, z) + model.bias;
}

/**
 * Grouped `folds`-fold cross-validation: groups sorted by name are dealt to folds round-robin;
 * each fold's rows are scored by a model fitted on the other folds. Returns the AUC of the pooled
 * held-out scores (each row scored once, by a model that never saw its app). Throws when
 * there are fewer groups than folds, or a fold's training rows are all of one class.
 */
export function crossValidatedAuc(rows: readonly LabelledRow[], folds: number): number {
  const groups = [...new Set(rows.map((row) => row.group))].sort();
  if (groups.length < folds)
    throw new Error(`crossValidatedAuc: ${groups.length} groups < ${folds} folds`);
  const foldOf = new Map(groups.map((group, i) => [group, i % folds]));
  const scored: { score: number; found: boolean }[] = [];
  for (let fold = 0; fold < folds; fold++) {
    const train = rows.filter((row) => foldOf.get(row.group) !== fold);
    if (!train.some((row) => row.found) || train.every((row) => row.found))
      throw new Error(`crossValidatedAuc: fold ${fold + 1}'s training rows lack a class`);
    const model = fitLogistic(train);
    for (const row of rows.filter((r) => foldOf.get(r.group) === fold)) {
      scored.push({ score: predictLogistic(model, row.features), found: row.found });
    }
  }
  return rocAuc(
    scored.filter((row) => !row.found).map((row) => row.score),
    scored.filter((row) => row.found).map((row) => row.score),
  );
}

function average(values: readonly number[]): number {
  return mean(values) ?? 0;
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a.reduce((sum, v, j) => sum + v * (b[j] ?? 0), 0);
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}
