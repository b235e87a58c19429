/**
 * Renders ablation runs ({@link AblationRun}) as three tables, one column per configuration (`all`
 * = every stage on, `-stage` = that stage off): explorer evidence recall and the explorer / floor
 * ratio at equal k, one row per category plus overall; then what a person sees, overall, one row
 * per answer figure (docs/EVAL.md: answer@1 and @3, current-first, conflict recall and precision,
 * confident-wrong, abstention). Pure.
 */
import type { GroupSummary } from "./metrics/summarize.js";
import type { AblationRun } from "./runner/run-ablation.js";
import { textTable } from "./text-table.js";

const dash = "-";

/** Column label of a configuration: `all`, or `-a-b` for the stages switched off. */
export function configurationLabel(off: readonly string[]): string {
  return off.length === 0 ? "all" : off.map((stage) => `-${stage}`).join("");
}

function groupsOf(run: AblationRun): GroupSummary[] {
  return [...run.result.categories, run.result.overall];
}

function grid(
  runs: readonly AblationRun[],
  cell: (summary: GroupSummary | undefined) => string,
): string {
  const first = runs[0];
  if (!first) return "";
  const names = groupsOf(first)
    .filter((summary) => summary.foundQuestions > 0)
    .map((summary) => summary.group);
  const header = ["category", ...runs.map((run) => configurationLabel(run.off))];
  const rows = names.map((name) => [
    name,
    ...runs.map((run) => cell(groupsOf(run).find((summary) => summary.group === name))),
  ]);
  return textTable(header, rows);
}

/** The overall answer figures a row each: label, and how to read it from a summary. */
const ANSWER_ROWS: readonly (readonly [string, (summary: GroupSummary) => number | null])[] = [
  ["answer@1", (s) => s.answerAt1],
  ["answer@3", (s) => s.answerAt3],
  ["current-first", (s) => s.currentFirst],
  ["conflict recall", (s) => s.conflictsSurfaced],
  ["conflict precision", (s) => s.conflictPrecision],
  ["confident-wrong", (s) => s.confidentWrong],
  ["abstention", (s) => s.abstention],
];

/** The answer figures of every run's overall summary, a row per figure ({@link ANSWER_ROWS}). */
function answerGrid(runs: readonly AblationRun[]): string {
  const header = ["overall", ...runs.map((run) => configurationLabel(run.off))];
  const rows = ANSWER_ROWS.map(([label, value]) => [
    label,
    ...runs.map((run) => {
      const figure = value(run.result.overall);
      return figure === null ? dash : figure.toFixed(3);
    }),
  ]);
  return textTable(header, rows);
}

/** The three tables as plain text (ends with a newline). */
export function formatAblationTable(runs: readonly AblationRun[]): string {
  const first = runs[0];
  if (!first) return "no ablation runs\n";
  const recall = grid(runs, (s) =>
    s?.recall === null || s === undefined ? dash : s.recall.toFixed(3),
  );
  const ratio = grid(runs, (s) =>
    s?.ratioAtCited === null || s === undefined ? dash : `${s.ratioAtCited.toFixed(2)}x`,
  );
  const floor = first.result.overall;
  return [
    `ablation · suite ${first.result.suite} · ${first.result.overall.questions} questions · floor recall@3/@5/@10 ${[floor.floorRecall3, floor.floorRecall5, floor.floorRecall10].map((v) => (v === null ? dash : v.toFixed(3))).join("/")}`,
    "",
    "explorer evidence recall (found questions), per configuration",
    recall,
    "",
    "explorer / floor at k = cited, per configuration",
    ratio,
    "",
    "what a person sees (overall), per configuration",
    answerGrid(runs),
    "",
  ].join("\n");
}
