/**
 * `recollect eval`'s engine room: a fresh temporary store, the suite loaded through the production
 * import and indexing path, every question run through the real explorer tool, and the figures
 * computed by the pure metric functions. The temporary store is deleted afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createExploreChatHistoryTool } from "../../agent/tools/explore-chat-history/index.js";
import type { Engine } from "../../engine/engine.js";
import { readChat, searchChats } from "../../history/index.js";
import { openStore } from "../../store/open-store.js";
import { buildFloorIndex } from "../floor/floor-index.js";
import { evaluateAnswerGoals } from "../metrics/answer-goals.js";
import { type AnswerWordsSummary, summarizeAnswerWords } from "../metrics/answer-words.js";
import { evaluateFloorGoals } from "../metrics/floor-goals.js";
import { calibrateLabels, type LabelCalibration } from "../metrics/label-calibration.js";
import type { QuestionFacts } from "../metrics/question-facts.js";
import { type QuestionScore, scoreQuestion } from "../metrics/score-question.js";
import {
  evaluateGoals,
  type GoalResult,
  type GroupSummary,
  summarizeGroup,
} from "../metrics/summarize.js";
import { BEAM_CATEGORIES, type EvalSuite, SUITE_CATEGORIES } from "../suite/suite-schema.js";
import { loadSuiteIntoStore } from "./load-suite-into-store.js";
import { meterEngine } from "./metered-engine.js";
import { createRetrievalRecorder } from "./recording-retrieval.js";
import { runQuestion } from "./run-question.js";

const BEAM_CATEGORY_SET: ReadonlySet<string> = new Set(BEAM_CATEGORIES);

/** Options of {@link runSuite}. */
export interface RunSuiteOptions {
  readonly suite: EvalSuite;
  readonly engine: Engine;
  /** Only these question ids (default: all). */
  readonly questionIds?: readonly string[];
  /** Called after each question with its index (1-based) and the total; counts only. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Millisecond clock (default `performance.now`). */
  readonly now?: () => number;
  /**
   * Stops the run (the CLI's SIGINT/SIGTERM): the question running is aborted and no other
   * starts; the run then throws the abort and removes its temporary store like any other end.
   */
  readonly signal?: AbortSignal;
}

/** Everything one eval run measured. */
export interface EvalResult {
  readonly suite: string;
  readonly engine: { readonly kind: string; readonly modelId: string };
  /** CPU cores of the machine (`os.availableParallelism()`). */
  readonly cores: number;
  /**
   * The machine's 1-minute load average (`os.loadavg()[0]`) when the questions started and when
   * they ended: latency above ~`cores` of load includes waiting for a core (compare `cpuMs`).
   */
  readonly loadAverage: { readonly start: number; readonly end: number };
  readonly loadMs: number;
  readonly facts: readonly QuestionFacts[];
  readonly scores: readonly QuestionScore[];
  /** One summary per category present, in {@link SUITE_CATEGORIES} order. */
  readonly categories: readonly GroupSummary[];
  readonly overall: GroupSummary;
  /** The launch goals (plan § Launch Criteria); for a BEAM run, BEAM's goals instead. */
  readonly goals: readonly GoalResult[];
  /** Issue 13's goals against the bare-bm25 floor. */
  readonly floorGoals: readonly GoalResult[];
  /** Issue 28's goals on what a person sees first, those the run has questions for. */
  readonly answerGoals: readonly GoalResult[];
  /** How often each outcome and confidence label was right, over the whole run (`label-calibration.ts`). */
  readonly labels: readonly LabelCalibration[];
  /** How much of the annotated answer the first claim quotes, beside its messages' opening (`answer-words.ts`). */
  readonly answerWords: AnswerWordsSummary;
}

/**
 * Runs the suite. Question order is the suite's; questions run one at a time.
 * @throws the abort reason of `signal` (an `AbortError`) when it fires during the run.
 */
export async function runSuite(options: RunSuiteOptions): Promise<EvalResult> {
  const { suite } = options;
  const now = options.now ?? (() => performance.now());
  const wanted = options.questionIds ? new Set(options.questionIds) : null;
  const questions = suite.questions.filter(
    (question) => wanted === null || wanted.has(question.id),
  );
  const workDir = mkdtempSync(join(tmpdir(), "recollect-eval-"));
  try {
    using store = openStore({ path: join(workDir, "eval.db") });
    const loadStart = now();
    const loaded = await loadSuiteIntoStore({ store, suite, workDir });
    options.signal?.throwIfAborted();
    const loadMs = now() - loadStart;
    const recorder = createRetrievalRecorder({ searchChats, readChat });
    const tool = createExploreChatHistoryTool({
      searchChats: recorder.searchChats,
      readChat: recorder.readChat,
    });
    const meter = meterEngine(options.engine, now);
    const floor = buildFloorIndex(store);
    const facts: QuestionFacts[] = [];
    const loadStartAverage = loadavg()[0] ?? 0;
    try {
      for (const question of questions) {
        const signal = options.signal;
        facts.push(
          await runQuestion({
            store,
            loaded,
            question,
            tool,
            recorder,
            meter,
            floor,
            now,
            ...(signal ? { signal } : {}),
          }),
        );
        options.signal?.throwIfAborted();
        options.onProgress?.(facts.length, questions.length);
      }
    } finally {
      floor.close();
    }
    return summarizeRun({
      suite: suite.name,
      engine: options.engine,
      loadMs,
      facts,
      loadAverage: { start: loadStartAverage, end: loadavg()[0] ?? 0 },
    });
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** Scores and summarizes collected facts (pure apart from reading the core count). */
export function summarizeRun(input: {
  suite: string;
  engine: Engine;
  loadMs: number;
  facts: readonly QuestionFacts[];
  loadAverage?: EvalResult["loadAverage"];
}): EvalResult {
  const { facts } = input;
  const scores = facts.map(scoreQuestion);
  const categories: GroupSummary[] = [];
  for (const category of SUITE_CATEGORIES) {
    const indexes = facts.flatMap((fact, i) => (fact.category === category ? [i] : []));
    if (indexes.length === 0) continue;
    categories.push(
      summarizeGroup(
        category,
        indexes.map((i) => facts[i]!),
        indexes.map((i) => scores[i]!),
      ),
    );
  }
  const overall = summarizeGroup("overall", facts, scores);
  const byCategory = new Map(categories.map((summary) => [summary.group, summary]));
  const beam = facts.length > 0 && facts.every((fact) => BEAM_CATEGORY_SET.has(fact.category));
  return {
    suite: input.suite,
    engine: { kind: input.engine.kind, modelId: input.engine.modelId },
    cores: availableParallelism(),
    loadMs: input.loadMs,
    loadAverage: input.loadAverage ?? { start: 0, end: 0 },
    facts,
    scores,
    categories,
    overall,
    goals: beam ? [] : evaluateGoals(byCategory, overall),
    floorGoals: evaluateFloorGoals(categories, overall, beam),
    answerGoals: evaluateAnswerGoals(byCategory, overall),
    labels: calibrateLabels(facts, scores),
    answerWords: summarizeAnswerWords(facts, scores),
  };
}
