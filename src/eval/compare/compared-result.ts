/**
 * The earlier run `recollect eval --compare FILE` measures this one against: the `--json` output
 * of a previous `recollect eval` (typically the dev set, when this run is a held-out set), read
 * back and validated down to the per-category figures the gap table needs.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { ImportFormatError, InvalidInputError } from "../../errors/recollect-error.js";
import type { PairedScore } from "./paired-gap.js";

const figure = z.number().nullable();
/** A figure newer than some saved runs (issue 28's answer figures): missing reads as null. */
const laterFigure = figure.default(null);

/** The figures of one category (or `overall`) that a gap is printed for. */
const comparedSummarySchema = z.object({
  group: z.string(),
  questions: z.number().int().nonnegative(),
  recall: figure,
  ratioAtCited: figure,
  abstention: figure,
  conflictsSurfaced: figure,
  conflictPrecision: laterFigure,
  answerAt1: laterFigure,
  answerAt3: laterFigure,
  currentFirst: laterFigure,
  confidentWrong: laterFigure,
  confidentWrongAbsent: laterFigure,
  fabricated: z.number().int().nonnegative(),
  latencyP95Ms: figure,
});

/** One category's figures of a run (a subset of `GroupSummary`). */
export type ComparedSummary = z.infer<typeof comparedSummarySchema>;

/** One question's figures a paired comparison reads; a figure a run lacks reads as null. */
const comparedScoreSchema = z.object({
  id: z.string(),
  recall: figure.default(null),
  answerAt1: z.boolean().nullable().default(null),
  answerAt3: z.boolean().nullable().default(null),
  currentFirst: z.boolean().nullable().default(null),
  abstained: z.boolean().nullable().default(null),
});

const comparedResultSchema = z.object({
  suite: z.string(),
  engine: z.object({ kind: z.string(), modelId: z.string() }),
  categories: z.array(comparedSummarySchema),
  overall: comparedSummarySchema,
  scores: z.array(comparedScoreSchema).default([]),
});

/**
 * A run's suite name, engine, per-category figures and per-question scores (an `EvalResult` fits
 * it; a file without `scores` reads as none).
 */
export interface ComparedResult {
  readonly suite: string;
  readonly engine: { readonly kind: string; readonly modelId: string };
  readonly categories: readonly ComparedSummary[];
  readonly overall: ComparedSummary;
  readonly scores: readonly PairedScore[];
}

/**
 * Reads the `--json` output of an earlier `recollect eval` run (a single run, not `--ablation`).
 *
 * @throws InvalidInputError (`--compare`) when the file cannot be read; ImportFormatError when it
 *   is not JSON written by `recollect eval --json` (`file: path: reason`).
 */
export function loadComparedResult(path: string): ComparedResult {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new InvalidInputError(
      "--compare",
      "a readable JSON file written by recollect eval --json",
      `${path}: ${(error as NodeJS.ErrnoException).code ?? "unreadable"}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportFormatError(
      path,
      undefined,
      "not JSON (expected recollect eval --json output)",
    );
  }
  const parsed = comparedResultSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "(root)";
    throw new ImportFormatError(
      path,
      undefined,
      `not recollect eval --json output: ${where}: ${issue?.message ?? "invalid"}`,
    );
  }
  return parsed.data;
}
