/**
 * Calibration of the offline explorer's abstention threshold and confidence bands (issue 13 §
 * Build 3: "abstain when no candidate clears a threshold calibrated on the dev set; confidence from
 * calibrated evidence strength"). Runs each given dev set through the eval's production path with
 * the `abstain` stage off, records each question's evidence strength
 * (`offline/evidence-strength.ts`) at its last model step, and prints:
 *
 * - per set, the ROC AUC of the strength (absent vs found questions), and per threshold: abstention
 *   on absent questions, found questions wrongly abstained, and the evidence recall and
 *   explorer/floor ratio that would remain;
 * - over all sets pooled, the balanced accuracy per threshold ((abstention on absent + share of
 *   found answered) / 2) and the threshold it chooses: the highest balanced accuracy, the lowest
 *   such threshold on ties (the fewest answers lost);
 * - the confidence bands: per threshold, the share of the questions at or above it whose report
 *   cites a gold message (absent questions count as wrong), and the lowest thresholds where that
 *   share reaches {@link HIGH_RIGHT} ("high") and {@link MEDIUM_RIGHT} ("medium");
 * - per set, the ROC AUC of each query-performance predictor (`src/eval/metrics/query-
 *   performance.ts`: idf, SCQ, ICTF, SCS, query scope, WIG, NQC, SMV, Clarity) over the question's
 *   whole app, with messages and with whole chats as the documents, and the held-out AUC of a
 *   logistic regression over them (with and without the strength) under cross-validation grouped
 *   by app (`src/eval/metrics/held-out-auc.ts`); with both sets, each set's model scored on the other.
 *
 *   npx tsx bench/calibrate-abstention.ts --beam ../shared/datasets/beam-100k --suite eval/suites/curated.json
 *
 * Either option alone runs one set. Only for the dev sets (never the held-out suite). Prints text;
 * exits 2 on bad arguments.
 */
import { parseArgs } from "node:util";
import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { evidenceStrength } from "../src/agent/tools/explore-chat-history/offline/evidence-strength.js";
import {
  createOfflineLanguageModel,
  policyConfigOf,
} from "../src/agent/tools/explore-chat-history/offline/offline-language-model.js";
import { rankEvidence } from "../src/agent/tools/explore-chat-history/offline/rank-evidence.js";
import { readRunState } from "../src/agent/tools/explore-chat-history/offline/run-state.js";
import { createEngine } from "../src/engine/create-engine.js";
import { loadBeamFolder } from "../src/eval/beam/index.js";
import {
  crossValidatedAuc,
  fitLogistic,
  type LabelledRow,
  predictLogistic,
  rocAuc,
} from "../src/eval/metrics/held-out-auc.js";
import {
  buildCollection,
  type Collection,
  PREDICTORS,
  queryPerformance,
} from "../src/eval/metrics/query-performance.js";
import type { QuestionScore } from "../src/eval/metrics/score-question.js";
import { runSuite } from "../src/eval/runner/run-suite.js";
import { type EvalSuite, loadSuite } from "../src/eval/suite/index.js";

/** Thresholds tried: −0.5 to 0.9 in steps of 0.05 (the strength spans −1 to < 1). */
const THRESHOLDS = Array.from({ length: 29 }, (_, i) => Math.round((i * 0.05 - 0.5) * 100) / 100);
/** Folds of the grouped cross-validation (fewer when a set has fewer apps: curated has 4). */
const FOLDS = 5;
/** Share of questions citing gold at or above a strength for "high" (9 in 10 right). */
const HIGH_RIGHT = 0.9;
/** …and for "medium" (two in three right; below it the answer is as likely wrong as the base rate). */
const MEDIUM_RIGHT = 2 / 3;

interface Row {
  readonly score: QuestionScore;
  readonly strength: number;
}

const absentOf = (rows: readonly Row[]) => rows.filter((row) => row.score.abstained !== null);
const foundOf = (rows: readonly Row[]) => rows.filter((row) => row.score.recall !== null);

/** Runs `suite` with abstention off and returns each question's score and final strength. */
async function strengths(suite: EvalSuite): Promise<{ rows: Row[]; load: string }> {
  const config = policyConfigOf({ ablate: ["abstain"] });
  const base = createOfflineLanguageModel({ ablate: ["abstain"] });
  let latest = 0;
  const note = (options: LanguageModelV3CallOptions) => {
    const state = readRunState(options);
    latest = evidenceStrength(
      rankEvidence(state, config),
      state.searches,
      config.parameters,
      state.question,
    );
  };
  const model: LanguageModelV3 = {
    ...base,
    doGenerate: (options) => {
      note(options);
      return base.doGenerate(options);
    },
    doStream: (options) => {
      note(options);
      return base.doStream(options);
    },
  };
  const recorded: number[] = [];
  const result = await runSuite({
    suite,
    engine: createEngine(
      { kind: "offline" },
      { modelId: base.modelId, languageModel: () => model },
    ),
    onProgress: () => {
      recorded.push(latest);
      latest = 0;
    },
  });
  const rows = result.scores.map((score, i) => ({ score, strength: recorded[i] ?? 0 }));
  return { rows, load: `${result.loadAverage.start} → ${result.loadAverage.end}` };
}

function printSet(name: string, rows: readonly Row[], load: string): void {
  const absent = absentOf(rows);
  const found = foundOf(rows);
  const a = rocAuc(
    absent.map((row) => row.strength),
    found.map((row) => row.strength),
  );
  console.log(
    `\n${name}: ${absent.length} absent, ${found.length} found; load average ${load}; ROC AUC of the strength (absent vs found) ${a.toFixed(2)}`,
  );
  console.log("abstain below | abstention | found wrongly abstained | recall | ratio to floor");
  for (const threshold of THRESHOLDS) {
    const kept = found.filter((row) => row.strength >= threshold);
    const recall = kept.reduce((sum, row) => sum + (row.score.recall ?? 0), 0);
    const floor = kept.reduce((sum, row) => sum + (row.score.floorRecallAtCited ?? 0), 0);
    const abstained = absent.filter((row) => row.strength < threshold).length;
    console.log(
      [
        threshold.toFixed(2).padStart(13),
        (abstained / Math.max(1, absent.length)).toFixed(2).padStart(10),
        `${found.length - kept.length}/${found.length}`.padStart(23),
        (recall / Math.max(1, found.length)).toFixed(3).padStart(6),
        `${(floor > 0 ? recall / floor : 0).toFixed(2)}x`.padStart(14),
      ].join(" | "),
    );
  }
}

/** Documents of a predictor's collection: each message, or each chat's messages joined. */
type DocumentUnit = "messages" | "chats";

/** Each question's predictor values (in {@link PREDICTORS} order) over its whole app, by id. */
function predictorValues(suite: EvalSuite, unit: DocumentUnit): Map<string, number[]> {
  const collections = new Map<string, Collection>(
    suite.apps.map((app) => {
      const texts = app.chats.flatMap((chat) => {
        const messages = chat.messages.map((message) => message.content);
        return unit === "messages" ? messages : [messages.join("\n")];
      });
      return [app.key, buildCollection(texts)];
    }),
  );
  return new Map(
    suite.questions.map((question) => {
      const collection = collections.get(question.app) ?? buildCollection([]);
      const values = queryPerformance(question.question, collection);
      return [question.id, PREDICTORS.map((name) => values[name])];
    }),
  );
}

/** The absent and found `rows` labelled with `features` of their question, grouped by app. */
function labelled(
  suite: EvalSuite,
  rows: readonly Row[],
  features: (row: Row) => readonly number[],
): LabelledRow[] {
  const appOf = new Map(suite.questions.map((question) => [question.id, question.app]));
  return [...absentOf(rows), ...foundOf(rows)].map((row) => ({
    features: features(row),
    found: row.score.recall !== null,
    group: appOf.get(row.score.id) ?? "",
  }));
}

/** Held-out AUC of `rows` under grouped cross-validation, or why it cannot be computed. */
function heldOut(rows: readonly LabelledRow[]): string {
  const folds = Math.min(FOLDS, new Set(rows.map((row) => row.group)).size);
  try {
    return `${crossValidatedAuc(rows, folds).toFixed(2)} (${folds} folds by app)`;
  } catch (error) {
    return `n/a (${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * Prints each predictor's AUC over `suite`'s questions for both document units and the held-out
 * AUC of their logistic combinations; returns the rows of the combination with the strength
 * (message predictors + strength), for scoring across sets.
 */
function printPredictors(suite: EvalSuite, rows: readonly Row[]): LabelledRow[] {
  const byUnit = (["messages", "chats"] as const).map((unit) => predictorValues(suite, unit));
  const table = byUnit.map((values) =>
    labelled(suite, rows, (row) => values.get(row.score.id) ?? []),
  );
  console.log(
    `\n${suite.name}: query-performance predictors over the whole app (higher ⇒ answerable; AUC < 0.5: the reverse)`,
  );
  console.log("predictor  | AUC, documents = messages | AUC, documents = chats");
  const column = (set: readonly LabelledRow[], j: number) => {
    const value = (found: boolean) =>
      set.filter((row) => row.found === found).map((row) => row.features[j] ?? 0);
    return rocAuc(value(false), value(true)).toFixed(2);
  };
  PREDICTORS.forEach((name, j) => {
    console.log(
      `${name.padEnd(10)} | ${column(table[0] ?? [], j).padStart(25)} | ${column(table[1] ?? [], j).padStart(22)}`,
    );
  });
  const withStrength = labelled(suite, rows, (row) => [
    ...(byUnit[0]?.get(row.score.id) ?? []),
    row.strength,
  ]);
  console.log(
    `logistic regression, held-out AUC: all predictors over messages ${heldOut(table[0] ?? [])}`,
  );
  console.log(
    `  … over chats ${heldOut(table[1] ?? [])}; over messages + the strength ${heldOut(withStrength)}`,
  );
  return withStrength;
}

/** Prints the AUC of a model fitted on all of `train` when it scores `test`. */
function printAcross(
  trainName: string,
  train: readonly LabelledRow[],
  testName: string,
  test: readonly LabelledRow[],
): void {
  const model = fitLogistic(train);
  const score = (found: boolean) =>
    test.filter((row) => row.found === found).map((row) => predictLogistic(model, row.features));
  console.log(
    `fitted on ${trainName}, scored on ${testName}: AUC ${rocAuc(score(false), score(true)).toFixed(2)}`,
  );
}

/** Balanced accuracy of abstaining below `threshold` over `rows`. */
function balancedAccuracy(rows: readonly Row[], threshold: number): number {
  const absent = absentOf(rows);
  const found = foundOf(rows);
  const abstained = absent.filter((row) => row.strength < threshold).length;
  const answered = found.filter((row) => row.strength >= threshold).length;
  return (abstained / Math.max(1, absent.length) + answered / Math.max(1, found.length)) / 2;
}

function printPooled(rows: readonly Row[]): void {
  let chosen = THRESHOLDS[0] as number;
  console.log("\nall sets pooled: abstain below | balanced accuracy | cite gold at or above");
  for (const threshold of THRESHOLDS) {
    const ba = balancedAccuracy(rows, threshold);
    if (ba > balancedAccuracy(rows, chosen)) chosen = threshold;
    const above = rows.filter((row) => row.strength >= threshold);
    const right = above.filter((row) => (row.score.recall ?? 0) > 0).length;
    console.log(
      `${threshold.toFixed(2).padStart(30)} | ${ba.toFixed(3).padStart(17)} | ${(right / Math.max(1, above.length)).toFixed(2)} of ${above.length}`,
    );
  }
  const band = (share: number) =>
    THRESHOLDS.find((threshold) => {
      const above = rows.filter((row) => row.strength >= threshold);
      const right = above.filter((row) => (row.score.recall ?? 0) > 0).length;
      return above.length > 0 && right / above.length >= share;
    });
  console.log(
    `chosen: abstainStrength ${chosen.toFixed(2)} (highest balanced accuracy); highStrength ${band(HIGH_RIGHT)?.toFixed(2) ?? "none"} (≥ ${HIGH_RIGHT} cite gold); lowStrength ${band(MEDIUM_RIGHT)?.toFixed(2) ?? "none"} (≥ ${MEDIUM_RIGHT.toFixed(2)} cite gold)`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { suite: { type: "string" }, beam: { type: "string" }, limit: { type: "string" } },
  });
  if (values.suite === undefined && values.beam === undefined) {
    console.error("usage: calibrate-abstention [--beam DIR [--limit N]] [--suite FILE]");
    process.exit(2);
  }
  const suites: EvalSuite[] = [];
  try {
    if (values.beam !== undefined) {
      const limit = values.limit ? { limit: Number(values.limit) } : {};
      suites.push(loadBeamFolder(values.beam, limit).suite);
    }
    if (values.suite !== undefined) suites.push(loadSuite(values.suite));
  } catch (error) {
    // The loaders throw classified errors naming the argument and what is allowed.
    console.error(
      `calibrate-abstention: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(2);
  }
  const pooled: Row[] = [];
  const combined: { name: string; rows: LabelledRow[] }[] = [];
  for (const suite of suites) {
    const { rows, load } = await strengths(suite);
    printSet(suite.name, rows, load);
    combined.push({ name: suite.name, rows: printPredictors(suite, rows) });
    pooled.push(...rows);
  }
  printPooled(pooled);
  const [first, second] = combined;
  if (first && second) {
    console.log("\nlogistic regression over messages' predictors + the strength, across sets:");
    printAcross(first.name, first.rows, second.name, second.rows);
    printAcross(second.name, second.rows, first.name, first.rows);
  }
}

await main();
