/**
 * Renders an {@link EvalGap} as plain text: two tables (retrieval figures, then the answer
 * figures of issue 28), one row per category both runs share (overall first), each figure as
 * compared → current and the gap; "-" where a run has no value; then, for runs of the same
 * questions, each figure's questions better and worse with the sign test's p and their ids. Pure;
 * ends with a newline.
 */
import { textTable } from "../text-table.js";
import type { EvalGap, GapFigure } from "./eval-gap.js";
import type { PairedFigure, PairedGap } from "./paired-gap.js";

const dash = "-";
const value = (v: number | null, digits: number) => (v === null ? dash : v.toFixed(digits));
const signed = (v: number | null, digits: number) =>
  v === null ? dash : `${v >= 0 ? "+" : ""}${v.toFixed(digits)}`;

function cells(f: GapFigure, digits = 2): string[] {
  return [value(f.compared, digits), value(f.current, digits), signed(f.gap, digits)];
}

const PAIRED_LABELS: Record<PairedFigure, string> = {
  answerAt1: "answer@1",
  answerAt3: "answer@3",
  currentFirst: "current-first",
  abstained: "abstained",
  recall: "recall",
};
/** Question ids listed per direction; the rest is counted. */
const LISTED_IDS = 8;

function idList(ids: readonly string[]): string {
  const shown = ids.slice(0, LISTED_IDS).join(", ");
  return ids.length > LISTED_IDS ? `${shown} and ${ids.length - LISTED_IDS} more` : shown;
}

/** The question-by-question section: each figure's ups, downs and sign-test p, then the ids. */
function formatPaired(paired: PairedGap): string[] {
  const table = textTable(
    ["figure", "questions", "better", "worse", "p (sign test)"],
    paired.moves.map((m) => [
      PAIRED_LABELS[m.figure],
      String(m.questions),
      String(m.up.length),
      String(m.down.length),
      m.pValue.toFixed(2),
    ]),
  );
  const ids = paired.moves.flatMap((m) => [
    ...(m.up.length > 0 ? [`${PAIRED_LABELS[m.figure]} better: ${idList(m.up)}`] : []),
    ...(m.down.length > 0 ? [`${PAIRED_LABELS[m.figure]} worse: ${idList(m.down)}`] : []),
  ]);
  return [
    "",
    `question by question (${paired.questions} questions in both runs; p: how often chance moves as many one way)`,
    table,
    ...ids,
  ];
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
    ...(gap.paired ? formatPaired(gap.paired) : []),
    "",
  ].join("\n");
}
