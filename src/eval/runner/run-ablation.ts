/**
 * Ablation runs (issue 13 § Build 5): the same suite once with every stage on and once per stage
 * switched off, each through {@link runSuite}, so a stage's contribution is the drop its absence
 * causes — read against the bare-bm25 floor, which no stage touches.
 */
import type { Engine } from "../../engine/engine.js";
import type { EvalSuite } from "../suite/suite-schema.js";
import { type EvalResult, runSuite } from "./run-suite.js";

/** One configuration of an ablation: the stages switched off (empty: the full pipeline). */
export interface AblationRun {
  readonly off: readonly string[];
  readonly result: EvalResult;
}

/** Options of {@link runAblation}. */
export interface RunAblationOptions {
  readonly suite: EvalSuite;
  /** The stage sets to run, in order; `[]` is the full pipeline. */
  readonly configurations: readonly (readonly string[])[];
  /** The engine with `off` switched off. */
  readonly engineFor: (off: readonly string[]) => Engine;
  readonly questionIds?: readonly string[];
  /** Called after each configuration with its index (1-based) and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Stops the ablation: passed to every {@link runSuite} (which throws its abort). */
  readonly signal?: AbortSignal;
}

/** `[[]]` followed by each of `stages` alone: the full pipeline, then one stage off at a time. */
export function oneStageOffConfigurations(stages: readonly string[]): string[][] {
  return [[], ...stages.map((stage) => [stage])];
}

/** Runs every configuration in order, one after the other. */
export async function runAblation(options: RunAblationOptions): Promise<AblationRun[]> {
  const runs: AblationRun[] = [];
  for (const off of options.configurations) {
    const result = await runSuite({
      suite: options.suite,
      engine: options.engineFor(off),
      ...(options.questionIds ? { questionIds: options.questionIds } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    runs.push({ off, result });
    options.onProgress?.(runs.length, options.configurations.length);
  }
  return runs;
}
