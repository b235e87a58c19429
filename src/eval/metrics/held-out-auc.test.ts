import { describe, expect, it } from "vitest";
import {
  crossValidatedAuc,
  fitLogistic,
  type LabelledRow,
  predictLogistic,
  rocAuc,
} from "./held-out-auc.js";

describe("rocAuc", () => {
  it("is 1 when every absent value is below every answerable one, 0 when above", () => {
    expect(rocAuc([0, 1], [2, 3])).toBe(1);
    expect(rocAuc([2, 3], [0, 1])).toBe(0);
  });

  it("counts ties ½ and is 0.5 when a side is empty", () => {
    expect(rocAuc([1], [1, 2])).toBe(0.75);
    expect(rocAuc([], [1])).toBe(0.5);
  });
});

/** 10 rows per app, the first 2 absent; feature 0 says the label, feature 1 is constant. */
function rows(groups: number): LabelledRow[] {
  return Array.from({ length: groups * 10 }, (_, i) => {
    const found = i % 10 >= 2;
    return { features: [found ? 1 : 0, 0], found, group: `app-${Math.floor(i / 10)}` };
  });
}

describe("fitLogistic", () => {
  it("orders answerable rows above absent ones on a separating feature", () => {
    const model = fitLogistic(rows(2));
    expect(predictLogistic(model, [1, 0])).toBeGreaterThan(predictLogistic(model, [0, 0]));
    expect(model.weights[1]).toBe(0); // a constant feature gets no weight
  });

  it("throws when there is nothing to fit", () => {
    expect(() => fitLogistic([])).toThrow(/no rows/);
  });
});

describe("crossValidatedAuc", () => {
  it("is 1 for a signal that separates every held-out app", () => {
    expect(crossValidatedAuc(rows(5), 5)).toBe(1);
  });

  it("is 0.5 for a signal that says nothing", () => {
    const noise = rows(5).map((row) => ({ ...row, features: [0, 0] }));
    expect(crossValidatedAuc(noise, 5)).toBe(0.5);
  });

  it("throws when there are fewer apps than folds, or a fold trains on one class", () => {
    expect(() => crossValidatedAuc(rows(2), 5)).toThrow(/2 groups < 5 folds/);
    const oneAbsentApp = rows(2).map((row) => ({ ...row, found: row.group === "app-1" }));
    expect(() => crossValidatedAuc(oneAbsentApp, 2)).toThrow(/fold 1's training rows lack a class/);
  });
});
