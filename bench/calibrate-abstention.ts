/**
 * Calibration of the offline explorer's abstention threshold (issue 13 § Build 3: "abstain when no
 * candidate clears a threshold calibrated on the dev set"). Runs one dev set through the eval's
 * production path with the `abstain` stage off, records each question's evidence strength
 * (`offline/evidence-strength.ts`) at its last model step, and prints the ROC AUC of the strength
 * (absent vs found questions) and, per threshold: abstention on absent questions, share of found
 * questions wrongly abstained, and the evidence recall and explorer/floor ratio that would remain.
 *
 *   npx tsx bench/calibrate-abstention.ts --beam ../shared/datasets/beam-100k
 *   npx tsx bench/calibrate-abstention.ts --suite eval/suites/curated.json
 *
 * Only for the dev sets (never the held-out suite). Prints text; exits 2 on bad arguments.
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
import { runSuite } from "../src/eval/runner/run-suite.js";
import { loadSuite } from "../src/eval/suite/index.js";

const THRESHOLDS = [-1, 0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/** ROC AUC of `low strength ⇒ absent`: P(strength of an absent < that of a found), ties ½. */
function auc(absent: readonly number[], found: readonly number[]): number {
  let sum = 0;
  for (const a of absent) for (const f of found) sum += a < f ? 1 : a === f ? 0.5 : 0;
  return sum / Math.max(1, absent.length * found.length);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { suite: { type: "string" }, beam: { type: "string" }, limit: { type: "string" } },
  });
  if ((values.suite === undefined) === (values.beam === undefined)) {
    console.error("usage: calibrate-abstention (--suite FILE | --beam DIR [--limit N])");
    process.exit(2);
  }
  const suite = values.suite
    ? loadSuite(values.suite)
    : loadBeamFolder(values.beam as string, values.limit ? { limit: Number(values.limit) } : {})
        .suite;
  const config = policyConfigOf({ ablate: ["abstain"] });
  const base = createOfflineLanguageModel({ ablate: ["abstain"] });
  let latest = 0;
  const note = (options: LanguageModelV3CallOptions) => {
    const state = readRunState(options);
    latest = evidenceStrength(rankEvidence(state, config), state.searches);
  };
  const model: LanguageModelV3 = {
    ...base,
    doGenerate: (options) => (note(options), base.doGenerate(options)),
    doStream: (options) => (note(options), base.doStream(options)),
  };
  const strengths: number[] = [];
  const result = await runSuite({
    suite,
    engine: createEngine(
      { kind: "offline" },
      { modelId: base.modelId, languageModel: () => model },
    ),
    onProgress: () => {
      strengths.push(latest);
      latest = 0;
    },
  });
  const rows = result.scores.map((score, i) => ({ score, strength: strengths[i] ?? 0 }));
  const absent = rows.filter((row) => row.score.abstained !== null);
  const found = rows.filter((row) => row.score.recall !== null);
  console.log(
    `${result.suite}: ${absent.length} absent, ${found.length} found; load average ${result.loadAverage.start} → ${result.loadAverage.end}`,
  );
  const a = auc(
    absent.map((row) => row.strength),
    found.map((row) => row.strength),
  );
  console.log(`ROC AUC of the evidence strength (absent vs found): ${a.toFixed(2)}`);
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

await main();
