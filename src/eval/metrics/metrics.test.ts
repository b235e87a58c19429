import { describe, expect, it } from "vitest";
import { evaluateAnswerGoals } from "./answer-goals.js";
import { scoreAnswer, summarizeAnswers } from "./answer-metrics.js";
import { summarizeAnswerWords } from "./answer-words.js";
import { evaluateFloorGoals } from "./floor-goals.js";
import { chatHitAtK, recallAtK, recallRatio } from "./floor-metrics.js";
import { calibrateLabels } from "./label-calibration.js";
import { mean, percentile } from "./percentile.js";
import type { QuestionFacts } from "./question-facts.js";
import { isFabricated, scoreQuestion } from "./score-question.js";
import { evaluateGoals, summarizeGroup } from "./summarize.js";

function facts(patch: Partial<QuestionFacts>): QuestionFacts {
  return {
    id: "q",
    category: "exact_recall",
    expected: "found",
    appId: 1,
    gold: [10, 11],
    goldChats: [1],
    acceptable: [12],
    current: [],
    expectConflict: false,
    expectIndexStatus: null,
    report: {
      outcome: "complete",
      action: "answer_from_report",
      confidence: "high",
      indexStatus: "ready",
      cited: [
        { messageId: 10, chatId: 1, actual: { appId: 1, chatId: 1 } },
        { messageId: 12, chatId: 1, actual: { appId: 1, chatId: 1 } },
        { messageId: 13, chatId: 2, actual: { appId: 1, chatId: 2 } },
        { messageId: 14, chatId: 2, actual: { appId: 1, chatId: 2 } },
      ],
      findings: [
        [13, 14],
        [10, 12],
      ],
      conflicts: [],
      bytes: 1000,
      evidenceOnly: false,
    },
    errorKind: null,
    answerWords: null,
    observed: new Set([10, 11, 12, 13, 14]),
    latencyMs: 100,
    cpuMs: 50,
    firstProgressMs: 1,
    modelMs: 60,
    retrieval: { searchCalls: 2, searchMs: 20, readCalls: 1, readMs: 10, anyMs: 25 },
    engineCalls: 3,
    engineInputBytes: 5000,
    engineMaxInputBytes: 2500,
    inputTokens: 1200,
    outputTokens: 80,
    directBytes: 9000,
    floor: [
      { messageId: 20, chatId: 3 },
      { messageId: 11, chatId: 1 },
      { messageId: 21, chatId: 4 },
      { messageId: 22, chatId: 4 },
      { messageId: 10, chatId: 1 },
      { messageId: 23, chatId: 5 },
    ],
    ...patch,
  };
}

describe("percentile (nearest rank)", () => {
  it("gives exact ranks", () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 10)).toBe(1);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it("rejects p outside (0, 100]", () => {
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it("means", () => {
    expect(mean([1, 2, 6])).toBe(3);
    expect(mean([])).toBeNull();
  });
});

describe("scoreQuestion", () => {
  it("scores recall against gold and precision against gold plus acceptable", () => {
    const score = scoreQuestion(facts({}));
    expect(score).toEqual({
      id: "q",
      category: "exact_recall",
      recall: 0.5,
      precision: 0.5,
      abstained: null,
      fabricated: 0,
      conflictSurfaced: null,
      conflictsShown: 0,
      conflictsRelevant: 0,
      indexStatusHonest: null,
      savings: 9,
      cited: 4,
      chatHit: true,
      floorRecall3: 0.5,
      floorRecall5: 1,
      floorRecall10: 1,
      floorRecallAtCited: 0.5,
      floorChatHit1: false,
      floorChatHit5: true,
      answerAt1: false,
      answerAt3: true,
      currentFirst: null,
      confidentWrong: false,
      confidentWrongAbsent: null,
    });
  });

  it("counts unobserved, other-app, wrong-chat and missing citations as fabricated", () => {
    const base = facts({});
    const report = base.report!;
    const score = scoreQuestion(
      facts({
        observed: new Set([10, 11]),
        report: {
          ...report,
          cited: [
            { messageId: 10, chatId: 1, actual: { appId: 1, chatId: 1 } },
            { messageId: 11, chatId: 9, actual: { appId: 1, chatId: 1 } },
            { messageId: 12, chatId: 1, actual: { appId: 1, chatId: 1 } },
            { messageId: 13, chatId: 2, actual: { appId: 2, chatId: 2 } },
            { messageId: 14, chatId: 2, actual: null },
          ],
        },
      }),
    );
    expect(score.fabricated).toBe(4);
    expect(
      isFabricated({ messageId: 10, chatId: 1, actual: { appId: 1, chatId: 1 } }, 1, new Set([10])),
    ).toBe(false);
  });

  it("judges abstention on absent questions only", () => {
    const report = facts({}).report!;
    const absent = (
      outcome: "complete" | "no_match",
      action: "answer_from_report" | "ask_user" | "no_relevant_history",
    ) =>
      scoreQuestion(facts({ expected: "absent", gold: [], report: { ...report, outcome, action } }))
        .abstained;
    expect(absent("no_match", "no_relevant_history")).toBe(true);
    expect(absent("complete", "ask_user")).toBe(true);
    expect(absent("complete", "answer_from_report")).toBe(false);
    expect(scoreQuestion(facts({ expected: "absent", gold: [], report: null })).abstained).toBe(
      false,
    );
    expect(scoreQuestion(facts({ expected: "absent", gold: [] })).recall).toBeNull();
    expect(scoreQuestion(facts({ expected: "absent", gold: [] })).precision).toBeNull();
  });

  it("needs a conflict citing two gold messages", () => {
    const report = facts({}).report!;
    const conflict = (ids: number[][]) =>
      scoreQuestion(facts({ expectConflict: true, report: { ...report, conflicts: ids } }))
        .conflictSurfaced;
    expect(conflict([[10, 11]])).toBe(true);
    expect(conflict([[10, 13]])).toBe(false);
    expect(conflict([])).toBe(false);
  });

  it("counts the shown conflicts and those whose every message is gold or acceptable", () => {
    const report = facts({}).report!;
    const conflicts = [
      [10, 11],
      [11, 12],
      [10, 13],
    ];
    const score = scoreQuestion(facts({ report: { ...report, conflicts } }));
    expect([score.conflictsShown, score.conflictsRelevant]).toEqual([3, 2]);
    const absent = scoreQuestion(facts({ expected: "absent", report: { ...report, conflicts } }));
    expect([absent.conflictsShown, absent.conflictsRelevant]).toEqual([null, null]);
    const failed = scoreQuestion(facts({ report: null }));
    expect([failed.conflictsShown, failed.conflictsRelevant]).toEqual([0, 0]);
  });

  it("pools conflict precision over the conflicts shown, null when none was", () => {
    const report = facts({}).report!;
    const shown = (conflicts: number[][]) => facts({ report: { ...report, conflicts } });
    const group = [
      shown([[10, 11]]),
      shown([
        [10, 13],
        [12, 14],
        [11, 12],
      ]),
      shown([]),
    ];
    expect(summarizeGroup("g", group, group.map(scoreQuestion)).conflictPrecision).toBe(0.5);
    const none = [shown([])];
    expect(summarizeGroup("g", none, none.map(scoreQuestion)).conflictPrecision).toBeNull();
  });

  it("checks the index status when the question expects one", () => {
    const report = facts({}).report!;
    expect(scoreQuestion(facts({ expectIndexStatus: "indexing" })).indexStatusHonest).toBe(false);
    expect(
      scoreQuestion(
        facts({ expectIndexStatus: "indexing", report: { ...report, indexStatus: "indexing" } }),
      ).indexStatusHonest,
    ).toBe(true);
  });

  it("scores a failed run as zero recall and no savings", () => {
    const score = scoreQuestion(facts({ report: null, errorKind: "provider" }));
    expect(score.recall).toBe(0);
    expect(score.precision).toBeNull();
    expect(score.savings).toBeNull();
    expect(score.fabricated).toBe(0);
  });
});

describe("floor metrics", () => {
  it("cuts rankings at k, counting each gold message once", () => {
    const gold = new Set([1, 2, 3, 4]);
    expect(recallAtK([9, 1, 1, 2, 8, 3], gold, 3)).toBe(0.25);
    expect(recallAtK([9, 1, 1, 2, 8, 3], gold, 4)).toBe(0.5);
    expect(recallAtK([9, 1, 2, 8, 3], gold, 10)).toBe(0.75);
    expect(recallAtK([1, 2], gold, 0)).toBe(0);
    expect(recallAtK([], gold, 5)).toBe(0);
    expect(recallAtK([1], new Set(), 5)).toBeNull();
  });

  it("ranks chats by their best message", () => {
    const goldChats = new Set([7]);
    expect(chatHitAtK([3, 3, 3, 7], goldChats, 1)).toBe(false);
    expect(chatHitAtK([3, 3, 3, 7], goldChats, 2)).toBe(true);
    expect(chatHitAtK([7], goldChats, 0)).toBe(false);
    expect(chatHitAtK([7], new Set(), 1)).toBeNull();
  });

  it("divides explorer by floor only when the floor found something", () => {
    expect(recallRatio(0.5, 0.25)).toBe(2);
    expect(recallRatio(0.5, 0)).toBeNull();
    expect(recallRatio(null, 0.5)).toBeNull();
    expect(recallRatio(0.5, null)).toBeNull();
  });

  it("scores an absent question without floor figures", () => {
    const score = scoreQuestion(facts({ expected: "absent", gold: [], goldChats: [] }));
    expect([
      score.chatHit,
      score.floorRecall3,
      score.floorRecallAtCited,
      score.floorChatHit5,
    ]).toEqual([null, null, null, null]);
    expect(score.cited).toBe(4);
  });

  it("gives a failed run zero cited messages, so the floor is cut at 0", () => {
    const score = scoreQuestion(facts({ report: null, errorKind: "provider" }));
    expect([score.cited, score.floorRecallAtCited, score.chatHit, score.floorRecall5]).toEqual([
      0,
      0,
      false,
      1,
    ]);
  });
});

describe("summarizeGroup and evaluateGoals", () => {
  const all = [
    facts({ id: "a", latencyMs: 100, cpuMs: 30, firstProgressMs: 1, directBytes: 9000 }),
    facts({
      id: "b",
      latencyMs: 300,
      cpuMs: 90,
      firstProgressMs: 3,
      directBytes: 3000,
      gold: [10],
    }),
    facts({
      id: "c",
      expected: "absent",
      gold: [],
      latencyMs: 200,
      cpuMs: 100,
      firstProgressMs: null,
      report: null,
      errorKind: "provider",
    }),
  ];
  const summary = summarizeGroup("overall", all, all.map(scoreQuestion));

  it("aggregates exact figures", () => {
    expect(summary).toEqual({
      group: "overall",
      questions: 3,
      failedRuns: 1,
      recall: 0.75,
      precision: 0.5,
      abstention: 0,
      fabricated: 0,
      conflictsSurfaced: null,
      conflictPrecision: null,
      indexStatusHonest: null,
      latencyP50Ms: 200,
      latencyP95Ms: 300,
      cpuP50Ms: 90,
      cpuP95Ms: 100,
      timeSplit: {
        latencyMs: 200,
        modelMs: 60,
        searchMs: 20,
        readMs: 10,
        hostMs: 115,
        searchCalls: 2,
        readCalls: 1,
      },
      firstProgressP50Ms: 1,
      firstProgressP95Ms: 3,
      engineInputBytesMean: 5000,
      engineInputBytesMax: 5000,
      inputTokens: 3600,
      outputTokens: 240,
      reportBytesMean: 1000,
      reportBytesMax: 1000,
      savings: 6,
      foundQuestions: 2,
      citedMean: 4,
      floorRecall3: 0.25,
      floorRecall5: 1,
      floorRecall10: 1,
      floorRecallAtCited: 0.25,
      ratioAtCited: 3,
      chatHit: 1,
      floorChatHit1: 0,
      floorChatHit5: 1,
      answerAt1: 0,
      answerAt3: 1,
      currentFirst: null,
      currentQuestions: 0,
      confidentWrong: 0,
      confidentWrongAbsent: null,
    });
  });

  it("judges the launch goals, unmet when nothing applies", () => {
    const goals = evaluateGoals(new Map([["exact_recall", summary]]), summary);
    expect(goals.map((goal) => [goal.goal, goal.actual, goal.met])).toEqual([
      ["exact recall", 0.75, false],
      ["vague evidence recall", null, false],
      ["no-match abstention", null, false],
      ["conflicts surfaced", null, false],
      ["max report bytes", 1000, true],
      ["primary-context savings", 6, false],
      ["fabricated citations", 0, true],
    ]);
  });
});

describe("evaluateFloorGoals", () => {
  const base = summarizeGroup("overall", [facts({})], [scoreQuestion(facts({}))]);
  const category = (group: string, ratioAtCited: number | null) => ({
    ...base,
    group,
    ratioAtCited,
  });

  it("judges BEAM's goals: 1.5x overall, every category 1.0x, abstention, conflicts, latency", () => {
    const overall = {
      ...base,
      ratioAtCited: 1.6,
      abstention: 0.8,
      conflictsSurfaced: 0.5,
      latencyP95Ms: 301,
    };
    const goals = evaluateFloorGoals([category("a", 1.2), category("b", 0.9)], overall, true);
    expect(goals.map((g) => [g.goal, g.actual, g.met])).toEqual([
      ["recall vs floor at equal k", 1.6, true],
      ["every category vs floor", 0.9, false],
      ["abstention", 0.8, true],
      ["conflicts surfaced", 0.5, false],
      ["fabricated citations", 0, true],
      ["p95 latency ms", 301, false],
    ]);
  });

  it("judges a suite's goals: every category with a ratio at 1.0x, abstention 0.9", () => {
    const goals = evaluateFloorGoals(
      [category("a", null), category("b", 1)],
      { ...base, abstention: null },
      false,
    );
    expect(goals.map((g) => [g.goal, g.actual, g.met])).toEqual([
      ["every category vs floor", 1, true],
      ["abstention", null, false],
    ]);
  });
});

describe("answer metrics (what a person sees first)", () => {
  const report = facts({}).report!;
  /** Gold 10, 11 (11 in force, 10 superseded when `current` is [11]); 12 acceptable; 13, 14 unrelated. */
  const answered = (findings: number[][], patch: Partial<QuestionFacts> = {}) =>
    scoreAnswer(facts({ report: { ...report, findings }, ...patch }));

  it("answer@1 needs gold in the first finding, answer@3 in one of the first three", () => {
    const at = (findings: number[][]) => {
      const score = answered(findings);
      return [score.answerAt1, score.answerAt3];
    };
    expect(at([[10]])).toEqual([true, true]);
    expect(at([[13, 11]])).toEqual([true, true]);
    expect(at([[13], [12], [11]])).toEqual([false, true]);
    expect(at([[13], [14], [12], [10]])).toEqual([false, false]);
    expect(at([])).toEqual([false, false]);
    expect(scoreAnswer(facts({ report: null })).answerAt1).toBeNull();
    expect(scoreAnswer(facts({ expected: "absent", gold: [] })).answerAt3).toBeNull();
  });

  it("current-first needs the first finding to cite the decision in force and nothing it replaced", () => {
    const first = (findings: number[][], conflicts: number[][] = []) =>
      scoreAnswer(facts({ current: [11], report: { ...report, findings, conflicts } }))
        .currentFirst;
    expect(first([[11]])).toBe(true);
    expect(first([[11, 12], [10]])).toBe(true);
    expect(first([[11]], [[10, 11]])).toBe(true);
    expect(first([[11, 10]])).toBe(false);
    expect(first([[10], [11]])).toBe(false);
    expect(first([[13], [11]])).toBe(false);
    expect(first([])).toBe(false);
    expect(answered([[11]]).currentFirst).toBeNull();
  });

  it("confident-wrong: complete, answer_from_report, medium or high, and no gold cited", () => {
    const cited = report.cited.filter((target) => target.messageId !== 10);
    const wrong = (patch: Partial<typeof report>) =>
      scoreAnswer(facts({ report: { ...report, cited, ...patch } })).confidentWrong;
    expect(wrong({})).toBe(true);
    expect(wrong({ confidence: "medium" })).toBe(true);
    expect(wrong({ confidence: "low" })).toBe(false);
    expect(wrong({ outcome: "partial" })).toBe(false);
    expect(wrong({ action: "read_targets" })).toBe(false);
    expect(scoreAnswer(facts({})).confidentWrong).toBe(false);
    const absent = (patch: Partial<typeof report>) =>
      scoreAnswer(facts({ expected: "absent", gold: [], report: { ...report, ...patch } }));
    expect([absent({}).confidentWrongAbsent, absent({}).confidentWrong]).toEqual([true, null]);
    expect(absent({ outcome: "no_match" }).confidentWrongAbsent).toBe(false);
    expect(absent({ confidence: "low" }).confidentWrongAbsent).toBe(false);
  });

  it("summarizes shares over the questions each figure applies to", () => {
    const noGold = report.cited.filter((target) => target.messageId > 12);
    const group = [
      facts({ current: [11], report: { ...report, findings: [[11]] } }),
      facts({ current: [11], report: { ...report, findings: [[13], [10]] } }),
      facts({ report: { ...report, cited: noGold, findings: [[13], [14]] } }),
      facts({ report: null }),
      facts({ expected: "absent", gold: [] }),
      facts({ expected: "absent", gold: [], report: { ...report, outcome: "no_match" } }),
    ];
    expect(summarizeAnswers(group.map(scoreAnswer))).toEqual({
      answerAt1: 1 / 3,
      answerAt3: 2 / 3,
      currentFirst: 0.5,
      currentQuestions: 2,
      confidentWrong: 1 / 3,
      confidentWrongAbsent: 0.5,
    });
    expect(summarizeAnswers([scoreAnswer(facts({}))])).toMatchObject({
      currentFirst: null,
      currentQuestions: 0,
      confidentWrongAbsent: null,
    });
  });

  it("judges issue 28's goals, only those the run has questions for", () => {
    const group = [
      facts({ category: "vague_decision", current: [11], report: { ...report, findings: [[11]] } }),
      facts({ category: "no_match", expected: "absent", gold: [], goldChats: [] }),
    ];
    const scores = group.map(scoreQuestion);
    const overall = summarizeGroup("overall", group, scores);
    const byCategory = new Map([
      ["vague_decision", summarizeGroup("vague_decision", group.slice(0, 1), scores.slice(0, 1))],
      ["no_match", summarizeGroup("no_match", group.slice(1), scores.slice(1))],
    ]);
    expect(evaluateAnswerGoals(byCategory, overall).map((g) => [g.goal, g.actual, g.met])).toEqual([
      ["answer@1", 1, true],
      ["answer@3", 1, true],
      ["vague_decision evidence recall", 0.5, true],
      ["current-first", 1, true],
      ["confident-wrong", 0, true],
      ["confident-wrong absent", 1, false],
      ["no_match abstention", 0, false],
      ["recall vs floor at equal k", 1, false],
      ["fabricated citations", 0, true],
    ]);
    const conflicted = facts({ expectConflict: true });
    const only = summarizeGroup("overall", [conflicted], [scoreQuestion(conflicted)]);
    expect(evaluateAnswerGoals(new Map(), only).map((g) => [g.goal, g.actual, g.met])).toEqual([
      ["answer@1", 0, false],
      ["answer@3", 1, true],
      ["conflict precision", null, false],
      ["conflict recall", 0, false],
      ["confident-wrong", 0, true],
      ["recall vs floor at equal k", 1, false],
      ["fabricated citations", 0, true],
    ]);
  });
});

describe("calibrateLabels (how often each label was right)", () => {
  const base = facts({}).report!;
  const cite = (messageId: number) => ({ messageId, chatId: 1, actual: { appId: 1, chatId: 1 } });
  const run = [
    // complete · high, led by a non-gold finding, gold cited further down
    facts({ id: "a" }),
    // complete · medium, led by gold
    facts({
      id: "b",
      report: { ...base, confidence: "medium", cited: [cite(10)], findings: [[10]] },
    }),
    // complete · medium on a question the history cannot answer
    facts({ id: "c", expected: "absent", gold: [], report: { ...base, confidence: "medium" } }),
    // partial · low, citing no gold
    facts({
      id: "d",
      report: {
        ...base,
        outcome: "partial",
        confidence: "low",
        cited: [cite(13)],
        findings: [[13]],
      },
    }),
    // a run that threw carries no label
    facts({ id: "e", report: null, errorKind: "engine" }),
  ];

  it("counts each label's found questions, their answer@1 and gold shares, and absent ones", () => {
    expect(calibrateLabels(run, run.map(scoreQuestion))).toEqual([
      { kind: "outcome", label: "complete", found: 2, answerAt1: 0.5, citesGold: 1, absent: 1 },
      { kind: "outcome", label: "partial", found: 1, answerAt1: 0, citesGold: 0, absent: 0 },
      { kind: "outcome", label: "no_match", found: 0, answerAt1: null, citesGold: null, absent: 0 },
      { kind: "confidence", label: "high", found: 1, answerAt1: 0, citesGold: 1, absent: 0 },
      { kind: "confidence", label: "medium", found: 1, answerAt1: 1, citesGold: 1, absent: 1 },
      { kind: "confidence", label: "low", found: 1, answerAt1: 0, citesGold: 0, absent: 0 },
    ]);
  });
});

describe("summarizeAnswerWords (how much of the answer the first claim quotes)", () => {
  const base = facts({}).report!;
  const run = [
    // led by gold (message 10): measured, 2 of 4 words in the claim, 1 in the opening
    facts({
      id: "a",
      report: { ...base, findings: [[10]] },
      answerWords: { words: 4, inClaim: 2, inOpening: 1 },
    }),
    // led by gold, all 2 words in the claim, none in the opening
    facts({
      id: "b",
      report: { ...base, findings: [[11]] },
      answerWords: { words: 2, inClaim: 2, inOpening: 0 },
    }),
    // led by a non-gold finding: its claim quotes another message, left out
    facts({ id: "c", answerWords: { words: 3, inClaim: 0, inOpening: 3 } }),
    // led by gold but no annotated answer: left out
    facts({ id: "d", report: { ...base, findings: [[10]] } }),
  ];

  it("averages the shares over questions whose first finding cites gold", () => {
    expect(summarizeAnswerWords(run, run.map(scoreQuestion))).toEqual({
      questions: 2,
      claim: 0.75,
      opening: 0.125,
    });
  });

  it("has no figure when no question is measured", () => {
    const [, , c] = run;
    expect(summarizeAnswerWords([c!], [scoreQuestion(c!)])).toEqual({
      questions: 0,
      claim: null,
      opening: null,
    });
  });
});
