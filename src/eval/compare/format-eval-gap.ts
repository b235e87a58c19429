/**
 * Renders an {@link EvalGap} as plain text: two tables (retrieval figures, then the answer
 * figures of issue 28), one row per category both runs share (overall first), each figure as
 * compared → current and the gap; "-" where a run has no value. Pure; ends with a newline.
 */
import { textTable } from "../text-table.js";
import type { EvalGap, GapFigure } from "./eval-gap.js";

const dash = "-";
const value = (v: number | null, digits: number) => (v === null ? dash : v.toFixed(digits));
const signed = (v: number | null, digits: number) =>
  v === null ? dash : `${v >= 0 ? "+" : ""}${v.toFixed(digits)}`;

function cells(f: GapFigure, digits = 2): string[] {
  return [value(f.compared, digits), value(f.current, digits), signed(f.gap, digits)];
}

/** The gap table, headed by both runs' suite and engine model. */
export function formatEvalGap(gap: EvalGap): string {
  const rows = gap.rows.map((row) => [
    row.group,
    `${row.questions.compared}/${row.questions.current}`,
    ...cells(row.recall),
    ...cells(row.ratioAtCited),
    ...cells(row.abstention),
    ...cells(row.conflictsSurfaced),
  ]);
  const answerRows = gap.rows.map((row) => [
    row.group,
    ...cells(row.answerAt1),
    ...cells(row.answerAt3),
    ...cells(row.currentFirst),
    ...cells(row.conflictPrecision),
    ...cells(row.confidentWrong),
    ...cells(row.confidentWrongAbsent),
  ]);
  const answers = textTable(
    [
      "category",
      "answer@1 was",
      "now",
      "gap",
      "answer@3 was",
      "now",
      "gap",
      "current-first was",
      "now",
      "gap",
      "conflict prec was",
      "now",
      "gap",
      "conf-wrong was",
      "now",
      "gap",
      "conf-wrong absent was",
      "now",
      "gap",
    ],
    answerRows,
  );
  const table = textTable(
    [
      "category",
      "n",
      "recall was",
      "now",
      "gap",
      "ratio was",
      "now",
      "gap",
      "abstain was",
      "now",
      "gap",
      "conflict rec was",
      "now",
      "gap",
    ],
    rows,
  );
  return [
    `gap · this run: ${gap.current.suite} (${gap.current.modelId}) against ${gap.compared.suite} (${gap.compared.modelId}); gap = this run − that run; ratio = explorer / floor at equal k`,
    table,
    "",
    "answers gap (what a person sees first)",
    answers,
    "",
  ].join("\n");
}
