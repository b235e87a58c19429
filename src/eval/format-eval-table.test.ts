import { describe, expect, it } from "vitest";
import { formatEvalTable } from "./format-eval-table.js";
import type { QuestionFacts } from "./metrics/question-facts.js";
import { summarizeRun } from "./runner/run-suite.js";

const FACTS: QuestionFacts = {
  id: "q-miss",
  category: "vague_decision",
  expected: "found",
  appId: 1,
  gold: [10, 11],
  goldChats: [1],
  acceptable: [],
  current: [],
  expectConflict: false,
  expectIndexStatus: null,
  report: {
    outcome: "complete",
    action: "answer_from_report",
    confidence: "medium",
    indexStatus: "ready",
    cited: [{ messageId: 10, chatId: 1, actual: { appId: 1, chatId: 1 } }],
    findings: [[10]],
    conflicts: [],
    bytes: 2048,
    evidenceOnly: false,
  },
  errorKind: null,
  answerWords: { words: 4, inClaim: 3, inOpening: 1 },
  observed: new Set([10]),
  latencyMs: 40,
  cpuMs: 20,
  firstProgressMs: 0.5,
  modelMs: 10,
  retrieval: { searchCalls: 2, searchMs: 12, readCalls: 1, readMs: 6, anyMs: 15 },
  engineCalls: 3,
  engineInputBytes: 10_240,
  engineMaxInputBytes: 4096,
  inputTokens: 900,
  outputTokens: 60,
  directBytes: 16_384,
  floor: [
    { messageId: 11, chatId: 1 },
    { messageId: 30, chatId: 2 },
    { messageId: 31, chatId: 3 },
    { messageId: 10, chatId: 1 },
  ],
};

describe("formatEvalTable", () => {
  const result = summarizeRun({
    suite: "t",
    engine: { kind: "offline", modelId: "m", languageModel: () => "unused" },
    loadMs: 12.4,
    facts: [FACTS],
    loadAverage: { start: 1.5, end: 2.25 },
  });
  const text = formatEvalTable(result);
  const lines = text.split("\n");

  it("names the machine's load beside the cores, so a latency figure can be judged", () => {
    expect(lines[0]).toBe(
      "suite t · engine offline (m) · 1 questions · 2 cores · load average 1.5 → 2.3 · suite loaded in 12 ms".replace(
        "2 cores",
        `${result.cores} cores`,
      ),
    );
  });

  it("prints one quality and one cost row per category plus overall", () => {
    expect(lines).toContain(
      "vague_decision  1    0.50       1.00        -           0             -              -      -       0",
    );
    expect(lines).toContain(
      "vague_decision      40      40       20   20          0.50  0.50           10.0  10.0         900/60            2.0  2.0     8.0x",
    );
  });

  it("prints what a person sees first: answer@k, current-first, conflicts, confident-wrong", () => {
    const header = lines.findIndex((line) => line.startsWith("category        n  answer@1"));
    expect(lines[header]).toBe(
      "category        n  answer@1  answer@3  current-first  n current  conflict rec  conflict prec  conf-wrong  conf-wrong absent",
    );
    expect(lines[header + 2]?.split(/ +/)).toEqual([
      "vague_decision",
      "1",
      "1.00",
      "1.00",
      "-",
      "0",
      "-",
      "-",
      "0.00",
      "-",
    ]);
    expect(lines).toContain("  MET   answer@1 >= 0.70 (actual 1)");
    expect(lines).toContain("  MISS  recall vs floor at equal k >= 1.50x (actual 1)");
  });

  it("prints how often each outcome and confidence label was right", () => {
    const header = lines.findIndex((line) => line.startsWith("label "));
    expect(lines[header]?.split(/ +/)).toEqual([
      "label",
      "found",
      "answer@1",
      "cites",
      "gold",
      "absent",
    ]);
    const rows = lines.slice(header + 2, header + 8).map((line) => line.split(/ {2,}/));
    expect(rows).toEqual([
      ["outcome complete", "1", "1.00", "1.00", "0"],
      ["outcome partial", "0", "-", "-", "0"],
      ["outcome no_match", "0", "-", "-", "0"],
      ["confidence high", "0", "-", "-", "0"],
      ["confidence medium", "1", "1.00", "1.00", "0"],
      ["confidence low", "0", "-", "-", "0"],
    ]);
  });

  it("prints how much of the annotated answer the first claim holds, beside the baseline", () => {
    expect(
      lines.filter((line) => line.endsWith("claim 0.75 · opening 0.25 · 1 questions")),
    ).toHaveLength(1);
  });

  it("splits the explorer call's time into model, search, read and host", () => {
    expect(lines).toContain("vague_decision       40     10      12    2.0  6.00    1.0    15");
  });

  it("prints the explorer beside the floor at equal k and at fixed cut-offs", () => {
    expect(lines).toContain(
      "vague_decision      1    1.0      0.50         0.50  1.00x     0.50  1.00  1.00      1.00          1.00  1.00",
    );
  });

  it("judges goals and lists misses by id only", () => {
    expect(lines).toContain("  MISS  vague evidence recall >= 0.85 (actual 0.50)");
    expect(lines).toContain("  MET   primary-context savings >= 8x (actual 8)");
    expect(lines).toContain("  MET   fabricated citations = 0 (actual 0)");
    expect(lines.slice(-3)).toEqual(["misses (1)", "  q-miss (vague_decision): recall 0.50", ""]);
  });
});
