/**
 * Human-readable rendering of an {@link EvalResult}: quality, answers (what a person sees first),
 * how often each label was right, explorer-versus-floor and cost tables per category plus
 * overall, the goals, and the questions that missed. Question ids only, never archival text. Pure.
 */
import type { LabelCalibration } from "./metrics/label-calibration.js";
import type { GoalResult, GroupSummary } from "./metrics/summarize.js";
import type { EvalResult } from "./runner/run-suite.js";
import { textTable as table } from "./text-table.js";

const dash = "-";
const ratio = (value: number | null) => (value === null ? dash : value.toFixed(2));
const ms = (value: number | null) => (value === null ? dash : value.toFixed(value < 10 ? 2 : 0));
const kb = (value: number | null) => (value === null ? dash : (value / 1024).toFixed(1));

function qualityRow(s: GroupSummary): string[] {
  return [
    s.group,
    String(s.questions),
    ratio(s.recall),
    ratio(s.precision),
    ratio(s.abstention),
    String(s.fabricated),
    ratio(s.conflictsSurfaced),
    ratio(s.conflictPrecision),
    ratio(s.indexStatusHonest),
    String(s.failedRuns),
  ];
}

function answerRow(s: GroupSummary): string[] {
  return [
    s.group,
    String(s.questions),
    ratio(s.answerAt1),
    ratio(s.answerAt3),
    ratio(s.currentFirst),
    String(s.currentQuestions),
    ratio(s.conflictsSurfaced),
    ratio(s.conflictPrecision),
    ratio(s.confidentWrong),
    ratio(s.confidentWrongAbsent),
  ];
}

function costRow(s: GroupSummary): string[] {
  return [
    s.group,
    ms(s.latencyP50Ms),
    ms(s.latencyP95Ms),
    ms(s.cpuP50Ms),
    ms(s.cpuP95Ms),
    ms(s.firstProgressP50Ms),
    ms(s.firstProgressP95Ms),
    kb(s.engineInputBytesMean),
    kb(s.engineInputBytesMax),
    `${s.inputTokens}/${s.outputTokens}`,
    kb(s.reportBytesMean),
    kb(s.reportBytesMax),
    s.savings === null ? dash : `${s.savings.toFixed(1)}x`,
  ];
}

function labelRow(row: LabelCalibration): string[] {
  return [
    `${row.kind} ${row.label}`,
    String(row.found),
    ratio(row.answerAt1),
    ratio(row.citesGold),
    String(row.absent),
  ];
}

const times = (value: number | null) => (value === null ? dash : `${value.toFixed(2)}x`);

function floorRow(s: GroupSummary): string[] {
  return [
    s.group,
    String(s.foundQuestions),
    s.citedMean === null ? dash : s.citedMean.toFixed(1),
    ratio(s.foundQuestions === 0 ? null : s.recall),
    ratio(s.floorRecallAtCited),
    times(s.ratioAtCited),
    ratio(s.floorRecall3),
    ratio(s.floorRecall5),
    ratio(s.floorRecall10),
    ratio(s.chatHit),
    ratio(s.floorChatHit1),
    ratio(s.floorChatHit5),
  ];
}

function timeRow(s: GroupSummary): string[] {
  const split = s.timeSplit;
  if (split === null) return [s.group, dash, dash, dash, dash, dash, dash, dash];
  return [
    s.group,
    ms(split.latencyMs),
    ms(split.modelMs),
    ms(split.searchMs),
    split.searchCalls.toFixed(1),
    ms(split.readMs),
    split.readCalls.toFixed(1),
    ms(split.hostMs),
  ];
}

/** Renders the result as plain text (ends with a newline). */
export function formatEvalTable(result: EvalResult): string {
  const groups = [...result.categories, result.overall];
  const quality = table(
    [
      "category",
      "n",
      "recall",
      "precision",
      "abstain",
      "fabricated",
      "conflict rec",
      "conflict prec",
      "index",
      "failed",
    ],
    groups.map(qualityRow),
  );
  const answers = table(
    [
      "category",
      "n",
      "answer@1",
      "answer@3",
      "current-first",
      "n current",
      "conflict rec",
      "conflict prec",
      "conf-wrong",
      "conf-wrong absent",
    ],
    groups.map(answerRow),
  );
  const cost = table(
    [
      "category",
      "p50 ms",
      "p95 ms",
      "cpu p50",
      "p95",
      "1st prog p50",
      "p95",
      "engine KB avg",
      "max",
      "tokens in/out",
      "report KB avg",
      "max",
      "savings",
    ],
    groups.map(costRow),
  );
  const floor = table(
    [
      "category",
      "found",
      "cited",
      "explorer",
      "floor@cited",
      "ratio",
      "floor@3",
      "@5",
      "@10",
      "chat hit",
      "floor chat@1",
      "@5",
    ],
    groups.filter((s) => s.foundQuestions > 0).map(floorRow),
  );
  const labels = table(
    ["label", "found", "answer@1", "cites gold", "absent"],
    result.labels.map(labelRow),
  );
  const time = table(
    ["category", "mean ms", "model", "search", "calls", "read", "calls", "host"],
    groups.map(timeRow),
  );
  const goalLine = (goal: GoalResult) => {
    const actual =
      goal.actual === null
        ? dash
        : Number.isInteger(goal.actual)
          ? String(goal.actual)
          : goal.actual.toFixed(2);
    return `  ${goal.met ? "MET " : "MISS"}  ${goal.goal} ${goal.target} (actual ${actual})`;
  };
  const goals = [...result.goals, ...result.floorGoals].map(goalLine).join("\n");
  const answerGoals = result.answerGoals.map(goalLine).join("\n");
  const misses = result.scores
    .filter(
      (score) =>
        (score.recall !== null && score.recall < 1) ||
        score.abstained === false ||
        score.conflictSurfaced === false ||
        score.indexStatusHonest === false ||
        score.fabricated > 0,
    )
    .map((score) => {
      const notes = [
        score.recall !== null && score.recall < 1 ? `recall ${ratio(score.recall)}` : null,
        score.abstained === false ? "did not abstain" : null,
        score.conflictSurfaced === false ? "conflict not surfaced" : null,
        score.indexStatusHonest === false ? "index status wrong" : null,
        score.fabricated > 0 ? `${score.fabricated} fabricated` : null,
      ].filter((note) => note !== null);
      return `  ${score.id} (${score.category}): ${notes.join(", ")}`;
    });
  return [
    `suite ${result.suite} · engine ${result.engine.kind} (${result.engine.modelId}) · ${result.overall.questions} questions · ${result.cores} cores · load average ${result.loadAverage.start.toFixed(1)} → ${result.loadAverage.end.toFixed(1)} · suite loaded in ${result.loadMs.toFixed(0)} ms`,
    "",
    "quality (recall/precision vs gold; abstain on absent; conflict rec = expect_conflict questions with a conflict citing 2+ gold messages; conflict prec = shown conflicts whose messages are all gold or acceptable; index on partial indexing)",
    quality,
    "",
    "answers (what a person sees first; answer@k = a gold message in the first k findings, on found questions with a report; current-first = the first finding cites the decision in force and none it replaced; conf-wrong = complete, answer_from_report, medium/high confidence yet no gold cited (found) or any answer (absent))",
    answers,
    "",
    "labels (how often each outcome and confidence was right: found = found questions whose report carries it, answer@1 and cites gold = shares of those; absent = absent questions whose report carries it)",
    labels,
    "",
    `answer words (the annotated answer's words the question lacks, mean share held by the first claim, on questions whose first finding cites gold; baseline = its messages' opening at the claim's length): claim ${ratio(result.answerWords.claim)} · opening ${ratio(result.answerWords.opening)} · ${result.answerWords.questions} questions`,
    "",
    "explorer vs floor (evidence recall on found questions; floor = one bare bm25 OR-query of the question's words over the app's raw messages; cited = distinct messages the report cites; ratio = explorer / floor at k = cited)",
    floor,
    "",
    "cost (latency = wall time of the explorer call, cpu = this process's CPU time during it, first progress: ms; engine input and report in KB; savings = direct search/read bytes / report bytes)",
    cost,
    "",
    "where the time goes (means per question, ms: model = inside model calls, search / read = inside search_chats / read_chat with calls per question, host = the rest of the explorer call)",
    time,
    "",
    "goals",
    goals,
    "",
    "answer goals (issue 28; only those the run has questions for)",
    answerGoals,
    "",
    misses.length === 0 ? "no misses" : `misses (${misses.length})`,
    ...misses,
    "",
  ].join("\n");
}
