import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ImportFormatError, InvalidInputError } from "../../errors/recollect-error.js";
import {
  type ComparedResult,
  type ComparedSummary,
  loadComparedResult,
} from "./compared-result.js";
import { evalGap } from "./eval-gap.js";
import { formatEvalGap } from "./format-eval-gap.js";

const summary = (group: string, patch: Partial<ComparedSummary> = {}): ComparedSummary => ({
  group,
  questions: 10,
  recall: 0.5,
  ratioAtCited: 1.25,
  abstention: null,
  conflictsSurfaced: null,
  conflictPrecision: null,
  answerAt1: null,
  answerAt3: null,
  currentFirst: null,
  confidentWrong: null,
  confidentWrongAbsent: null,
  fabricated: 0,
  latencyP95Ms: 100,
  ...patch,
});

const DEV: ComparedResult = {
  suite: "dev",
  engine: { kind: "offline", modelId: "m1" },
  categories: [
    summary("exact_recall", { recall: 0.75 }),
    summary("no_match", { recall: null, abstention: 1 }),
  ],
  overall: summary("overall", { recall: 0.625, abstention: 1, answerAt1: 0.75, currentFirst: 0.5 }),
  scores: [],
};
const HELD: ComparedResult = {
  suite: "held",
  engine: { kind: "offline", modelId: "m1" },
  categories: [
    summary("cjk", { recall: 1 }),
    summary("exact_recall", { recall: 0.5, questions: 4 }),
    summary("no_match", { recall: null, abstention: 0.5 }),
  ],
  overall: summary("overall", {
    recall: 0.5,
    abstention: 0.5,
    ratioAtCited: null,
    answerAt1: 0.5,
    confidentWrong: 0.25,
  }),
  scores: [],
};

const answered = (id: string, answerAt1: boolean) => ({
  id,
  recall: null,
  answerAt1,
  answerAt3: null,
  currentFirst: null,
  abstained: null,
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function file(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "recollect-gap-"));
  dirs.push(dir);
  const path = join(dir, "run.json");
  writeFileSync(path, text);
  return path;
}

describe("evalGap", () => {
  it("pairs overall and the shared categories, gap = this run − the compared run", () => {
    const gap = evalGap(DEV, HELD);
    expect(gap.rows.map((row) => row.group)).toEqual(["overall", "exact_recall", "no_match"]);
    expect(gap.rows[0]).toEqual({
      group: "overall",
      questions: { compared: 10, current: 10 },
      recall: { compared: 0.625, current: 0.5, gap: -0.125 },
      ratioAtCited: { compared: 1.25, current: null, gap: null },
      abstention: { compared: 1, current: 0.5, gap: -0.5 },
      conflictsSurfaced: { compared: null, current: null, gap: null },
      conflictPrecision: { compared: null, current: null, gap: null },
      answerAt1: { compared: 0.75, current: 0.5, gap: -0.25 },
      answerAt3: { compared: null, current: null, gap: null },
      currentFirst: { compared: 0.5, current: null, gap: null },
      confidentWrong: { compared: null, current: 0.25, gap: null },
      confidentWrongAbsent: { compared: null, current: null, gap: null },
    });
    expect(gap.rows[1]?.questions).toEqual({ compared: 10, current: 4 });
    expect(gap.rows[1]?.recall).toEqual({ compared: 0.75, current: 0.5, gap: -0.25 });
  });

  it("prints each figure as was, now and signed gap", () => {
    const lines = formatEvalGap(evalGap(DEV, HELD)).split("\n");
    expect(lines[0]).toBe(
      "gap · this run: held (m1) against dev (m1); gap = this run − that run; ratio = explorer / floor at equal k",
    );
    expect(lines[3]?.split(/ +/)).toEqual([
      "overall",
      "10/10",
      "0.63",
      "0.50",
      "-0.13",
      "1.25",
      "-",
      "-",
      "1.00",
      "0.50",
      "-0.50",
      "-",
      "-",
      "-",
    ]);
    expect(lines[4]?.split(/ +/).slice(0, 5)).toEqual([
      "exact_recall",
      "10/4",
      "0.75",
      "0.50",
      "-0.25",
    ]);
    expect(lines[7]).toBe("answers gap (what a person sees first)");
    expect(lines[10]?.split(/ +/)).toEqual([
      "overall",
      ...["0.75", "0.50", "-0.25"],
      ...["-", "-", "-"],
      ...["0.50", "-", "-"],
      ...["-", "-", "-"],
      ...["-", "0.25", "-"],
      ...["-", "-", "-"],
    ]);
  });

  it("compares two runs of the same questions question by question, with the ids that moved", () => {
    const before = { ...DEV, scores: ["a", "b", "c"].map((id) => answered(id, false)) };
    const now = {
      ...DEV,
      scores: [answered("a", true), answered("b", true), answered("c", false)],
    };
    const gap = evalGap(before, now);
    expect(gap.paired?.moves.find((m) => m.figure === "answerAt1")).toMatchObject({
      questions: 3,
      up: ["a", "b"],
      down: [],
      pValue: 0.5,
    });
    const lines = formatEvalGap(gap).split("\n");
    const at = lines.findIndex((line) => line.startsWith("question by question (3 questions"));
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 3]?.split(/ +/)).toEqual(["answer@1", "3", "2", "0", "0.50"]);
    expect(lines).toContain("answer@1 better: a, b");
    expect(evalGap(DEV, HELD).paired).toBeNull();
    expect(formatEvalGap(evalGap(DEV, HELD))).not.toContain("question by question");
  });

  it("reads an earlier run's --json output and classifies anything else", () => {
    const loaded = loadComparedResult(file(JSON.stringify({ ...DEV, facts: [], extra: 1 })));
    expect(loaded).toEqual(DEV);
    expect(() => loadComparedResult("/nonexistent/run.json")).toThrow(InvalidInputError);
    const notJson = file("{");
    expect(() => loadComparedResult(notJson)).toThrow(
      new ImportFormatError(notJson, undefined, "not JSON (expected recollect eval --json output)"),
    );
    const { answerAt1, conflictPrecision, ...older } = DEV.overall;
    const saved = file(JSON.stringify({ ...DEV, categories: [], overall: older }));
    expect(loadComparedResult(saved).overall).toEqual({
      ...older,
      answerAt1: null,
      conflictPrecision: null,
    });
    const ablation = file(JSON.stringify([{ off: [], overall: DEV.overall }]));
    expect(() => loadComparedResult(ablation)).toThrow(ImportFormatError);
    const noOverall = file(JSON.stringify({ ...DEV, overall: undefined }));
    expect(() => loadComparedResult(noOverall)).toThrow(
      /: not recollect eval --json output: overall: /,
    );
  });
});
