import { describe, expect, it } from "vitest";
import { configurationLabel, formatAblationTable } from "./format-ablation-table.js";
import type { QuestionFacts } from "./metrics/question-facts.js";
import { oneStageOffConfigurations } from "./runner/run-ablation.js";
import { summarizeRun } from "./runner/run-suite.js";

/** A found question citing `cited` (gold 10, 11 in chat 1); the floor ranks 11 first. */
function facts(cited: readonly number[]): QuestionFacts {
  return {
    id: "q",
    category: "knowledge_update",
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
      cited: cited.map((messageId) => ({ messageId, chatId: 1, actual: { appId: 1, chatId: 1 } })),
      findings: [cited],
      conflicts: [],
      bytes: 1000,
      evidenceOnly: false,
    },
    errorKind: null,
    answerWords: null,
    observed: new Set(cited),
    latencyMs: 10,
    cpuMs: 5,
    firstProgressMs: 1,
    modelMs: 0,
    retrieval: { searchCalls: 0, searchMs: 0, readCalls: 0, readMs: 0, anyMs: 0 },
    engineCalls: 1,
    engineInputBytes: 100,
    engineMaxInputBytes: 100,
    inputTokens: 0,
    outputTokens: 0,
    directBytes: 2000,
    floor: [
      { messageId: 11, chatId: 1 },
      { messageId: 30, chatId: 2 },
    ],
  };
}

const engine = { kind: "offline" as const, modelId: "m", languageModel: () => "unused" };
const run = (off: string[], cited: number[]) => ({
  off,
  result: summarizeRun({ suite: "s", engine, loadMs: 0, facts: [facts(cited)] }),
});

describe("ablation configurations and table", () => {
  it("runs the full pipeline first, then each stage off alone", () => {
    expect(oneStageOffConfigurations(["expand", "fuse"])).toEqual([[], ["expand"], ["fuse"]]);
    expect(configurationLabel([])).toBe("all");
    expect(configurationLabel(["expand", "fuse"])).toBe("-expand-fuse");
  });

  it("prints recall, the ratio to the floor and the answer figures per configuration", () => {
    const lines = formatAblationTable([run([], [10, 11]), run(["expand"], [10, 30])]).split("\n");
    // all: recall 1, floor@2 = 0.5 → 2x; -expand: recall 0.5, floor@2 = 0.5 → 1x.
    expect(lines).toContain("knowledge_update  1.000    0.500");
    expect(lines).toContain("knowledge_update  2.00x    1.00x");
    // The answer figures: the one finding cites gold in both; conflicts were neither expected nor shown.
    expect(lines).toContain("answer@1            1.000    1.000");
    expect(lines).toContain("conflict precision      -        -");
    expect(lines[0]).toBe(
      "ablation · suite s · 1 questions · floor recall@3/@5/@10 0.500/0.500/0.500",
    );
  });
});
