import { describe, expect, it } from "vitest";
import { type PairedScore, pairedGap, signTestP } from "./paired-gap.js";

const score = (id: string, patch: Partial<PairedScore> = {}): PairedScore => ({
  id,
  recall: null,
  answerAt1: null,
  answerAt3: null,
  currentFirst: null,
  abstained: null,
  ...patch,
});

describe("signTestP", () => {
  it("gives the exact two-sided binomial tail", () => {
    expect(signTestP(0, 0)).toBe(1);
    expect(signTestP(5, 0)).toBe(0.0625); // 2 × (1/2)^5
    expect(signTestP(0, 5)).toBe(0.0625);
    expect(signTestP(1, 1)).toBe(1);
    expect(signTestP(3, 1)).toBe(0.625); // 2 × (1 + 4) / 16
    expect(signTestP(10, 2)).toBeCloseTo(0.03857, 5); // 2 × (1 + 12 + 66) / 4096
    expect(signTestP(200, 200)).toBe(1);
    expect(signTestP(0, 400)).toBeGreaterThan(0);
  });

  it("rejects counts that are not non-negative integers", () => {
    expect(() => signTestP(-1, 2)).toThrow(RangeError);
    expect(() => signTestP(1.5, 2)).toThrow(RangeError);
  });
});

describe("pairedGap", () => {
  it("counts, per figure, the shared questions this run does better and worse on", () => {
    const before = [
      score("q1", { answerAt1: false, answerAt3: true, recall: 0.5 }),
      score("q2", { answerAt1: true, answerAt3: true, recall: 1 }),
      score("q3", { answerAt1: false, answerAt3: false, recall: 0 }),
      score("absent", { abstained: false }),
      score("only-before", { answerAt1: false }),
    ];
    const now = [
      score("q3", { answerAt1: true, answerAt3: true, recall: 0.5 }),
      score("q2", { answerAt1: false, answerAt3: true, recall: 1 }),
      score("q1", { answerAt1: true, answerAt3: true, recall: 0.5 }),
      score("absent", { abstained: true }),
      score("only-now", { answerAt1: true }),
    ];
    const paired = pairedGap(before, now);
    expect(paired?.questions).toBe(4);
    const by = new Map(paired?.moves.map((m) => [m.figure, m]));
    expect(by.get("answerAt1")).toEqual({
      figure: "answerAt1",
      questions: 3,
      up: ["q3", "q1"],
      down: ["q2"],
      pValue: 1,
    });
    expect(by.get("answerAt3")).toMatchObject({ questions: 3, up: ["q3"], down: [] });
    expect(by.get("recall")).toMatchObject({ questions: 3, up: ["q3"], down: [] });
    expect(by.get("abstained")).toMatchObject({ questions: 1, up: ["absent"], down: [] });
    expect(by.get("currentFirst")).toEqual({
      figure: "currentFirst",
      questions: 0,
      up: [],
      down: [],
      pValue: 1,
    });
  });

  it("is null when the runs share no question", () => {
    expect(pairedGap([score("dev-1")], [score("held-1")])).toBeNull();
    expect(pairedGap([], [])).toBeNull();
  });
});
