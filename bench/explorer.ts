/**
 * Bench section `explorer` (issue 6 § Build 3; issue 3's bench targets): on the large generated
 * history (`BENCH_MESSAGES`, default 1,000,000 messages in 50 apps),
 * - the explorer end to end with the offline engine: latency p50/p95 per question, beside the
 *   same run's baseline — the explorer's own searches and reads replayed directly — as a ratio;
 * - host overhead per run (total minus model time) with a zero-latency fake engine, p50/p95;
 *   target < 100 ms p95;
 * - time from tool call to the first progress event (the pending card), p50/p95; target < 20 ms;
 * - orchestration: host overhead minus the run's own retrieval replayed directly, so a miss of the
 *   100 ms target can be attributed to search/read or to the explorer itself.
 */

import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { createExplorerEngine } from "../src/agent/explorer-engine.js";
import { createExploreChatHistoryTool } from "../src/agent/tools/explore-chat-history/index.js";
import type { Engine } from "../src/engine/engine.js";
import { meterEngine } from "../src/eval/runner/metered-engine.js";
import {
  createRetrievalRecorder,
  type RecordedCall,
} from "../src/eval/runner/recording-retrieval.js";
import { readChat, searchChats } from "../src/history/index.js";
import type { RetrievalContext } from "../src/history/types.js";
import { openStore, type Store } from "../src/store/open-store.js";
import { type BenchReport, percentile } from "./bench-report.js";
import { benchMessages, preparedHistory } from "./prepared-history.js";
import { createRandom, createVocabulary } from "./vocabulary.js";
import { zeroLatencyEngine } from "./zero-latency-model.js";

/** Questions per engine after {@link WARMUP} unmeasured ones. */
const QUESTIONS = 40;
const WARMUP = 5;
const HOST_OVERHEAD_TARGET_MS = 100;
const FIRST_PROGRESS_TARGET_MS = 20;

const TEMPLATES = [
  (a: string, b: string) => `What did we decide about ${a} and ${b}?`,
  (a: string, b: string) => `How did we handle the ${a} ${b} problem?`,
  (a: string, b: string) => `Why did we change ${a}? Something about ${b}.`,
  (a: string) => `What happened with ${a}?`,
];

function line(text: string): void {
  process.stdout.write(`${text}\n`);
}

interface Timing {
  readonly totalMs: number;
  readonly modelMs: number;
  readonly firstProgressMs: number;
  readonly replayMs: number;
  readonly calls: number;
  readonly outcome: string;
}

async function replay(
  retrieval: RetrievalContext,
  calls: readonly RecordedCall[],
): Promise<number> {
  const start = performance.now();
  for (const call of calls) {
    if (call.kind === "search") await searchChats(retrieval, call.input);
    else await readChat(retrieval, call.input);
  }
  return performance.now() - start;
}

async function runOne(store: Store, engine: Engine, appId: number, query: string): Promise<Timing> {
  const recorder = createRetrievalRecorder({ searchChats, readChat });
  const tool = createExploreChatHistoryTool({
    searchChats: recorder.searchChats,
    readChat: recorder.readChat,
  });
  const meter = meterEngine(engine);
  let firstProgressMs = Number.NaN;
  const start = performance.now();
  const output = await tool.execute(
    { query },
    {
      store,
      appId,
      chatId: null,
      messageId: null,
      isPro: true,
      abortSignal: new AbortController().signal,
      engine: meter.engine,
      updateCard: () => {
        if (Number.isNaN(firstProgressMs)) firstProgressMs = performance.now() - start;
      },
    },
  );
  const totalMs = performance.now() - start;
  const retrieval = { store, appId, currentChatId: null, currentMessageId: null };
  return {
    totalMs,
    modelMs: meter.totals().modelMs,
    firstProgressMs,
    replayMs: await replay(retrieval, recorder.calls()),
    calls: recorder.calls().length,
    outcome: output.report.outcome,
  };
}

function summary(timings: readonly Timing[]) {
  const total = timings.map((t) => t.totalMs);
  const host = timings.map((t) => t.totalMs - t.modelMs);
  // What the explorer adds beyond the model and the retrieval it asked for (replayed directly).
  const orchestration = timings.map((t) => Math.max(0, t.totalMs - t.modelMs - t.replayMs));
  const first = timings.map((t) => t.firstProgressMs);
  const replayed = timings.map((t) => t.replayMs);
  return {
    questions: timings.length,
    total_p50_ms: percentile(total, 50),
    total_p95_ms: percentile(total, 95),
    model_p50_ms: percentile(
      timings.map((t) => t.modelMs),
      50,
    ),
    host_overhead_p50_ms: percentile(host, 50),
    host_overhead_p95_ms: percentile(host, 95),
    orchestration_p50_ms: percentile(orchestration, 50),
    orchestration_p95_ms: percentile(orchestration, 95),
    first_progress_p50_ms: percentile(first, 50),
    first_progress_p95_ms: percentile(first, 95),
    replay_p50_ms: percentile(replayed, 50),
    replay_p95_ms: percentile(replayed, 95),
    total_to_replay_p95_ratio: percentile(total, 95) / percentile(replayed, 95),
    calls_mean: timings.reduce((sum, t) => sum + t.calls, 0) / Math.max(1, timings.length),
    outcomes: Object.fromEntries(
      [...new Set(timings.map((t) => t.outcome))].map((o) => [
        o,
        timings.filter((t) => t.outcome === o).length,
      ]),
    ),
  };
}

/** Runs the section; see the module comment. */
export async function runBench(): Promise<BenchReport> {
  const cores = availableParallelism();
  const history = await preparedHistory(benchMessages(), line);
  using store = openStore({ path: history.path });
  const apps = store.db.prepare("SELECT count(*) FROM apps").pluck().get() as number;
  const random = createRandom(11);
  const vocabulary = createVocabulary(43);
  const word = () => {
    for (;;) {
      const candidate = vocabulary.sample(random);
      if (candidate.length > 3) return candidate;
    }
  };
  const questions = Array.from({ length: WARMUP + QUESTIONS }, () => {
    const template = TEMPLATES[Math.floor(random() * TEMPLATES.length)]!;
    return { appId: 1 + Math.floor(random() * apps), query: template(word(), word()) };
  });
  const engines: { name: string; engine: Engine }[] = [
    { name: "offline", engine: createExplorerEngine({ kind: "offline" }) },
    { name: "zero-latency", engine: zeroLatencyEngine() },
  ];
  const figures: Record<string, unknown> = {
    cores,
    messages: history.messages,
    apps,
    history_reused: history.reused,
  };
  line(
    `cores ${cores}; ${history.messages.toLocaleString("en")} messages in ${apps} apps; ${QUESTIONS} questions per engine`,
  );
  line(
    "engine        total p50  total p95  host p50  host p95  1st prog p50  p95   replay p95  total/replay p95  calls",
  );
  for (const { name, engine } of engines) {
    const timings: Timing[] = [];
    for (const [n, question] of questions.entries()) {
      const timing = await runOne(store, engine, question.appId, question.query);
      if (n >= WARMUP) timings.push(timing);
    }
    const s = summary(timings);
    figures[name] = s;
    line(
      `${name.padEnd(12)}  ${s.total_p50_ms.toFixed(1).padStart(9)}  ${s.total_p95_ms.toFixed(1).padStart(9)}  ${s.host_overhead_p50_ms.toFixed(1).padStart(8)}  ${s.host_overhead_p95_ms.toFixed(1).padStart(8)}  ${s.first_progress_p50_ms.toFixed(2).padStart(12)}  ${s.first_progress_p95_ms.toFixed(2).padStart(4)}  ${s.replay_p95_ms.toFixed(1).padStart(10)}  ${s.total_to_replay_p95_ratio.toFixed(2).padStart(15)}x  ${s.calls_mean.toFixed(1).padStart(5)}`,
    );
  }
  const zero = figures["zero-latency"] as ReturnType<typeof summary>;
  const offline = figures.offline as ReturnType<typeof summary>;
  const targets = {
    host_overhead_p95_under_100_ms: zero.host_overhead_p95_ms < HOST_OVERHEAD_TARGET_MS,
    first_progress_p95_under_20_ms:
      Math.max(zero.first_progress_p95_ms, offline.first_progress_p95_ms) <
      FIRST_PROGRESS_TARGET_MS,
  };
  for (const { name } of engines) {
    const s = figures[name] as ReturnType<typeof summary>;
    line(
      `${name}: orchestration (host overhead minus the replayed retrieval) p50 ${s.orchestration_p50_ms.toFixed(1)} ms, p95 ${s.orchestration_p95_ms.toFixed(1)} ms`,
    );
  }
  line(
    "host overhead = total minus time inside the model; replay = the run's own searches and reads, run directly",
  );
  for (const [target, met] of Object.entries(targets)) line(`  ${met ? "PASS" : "FAIL"} ${target}`);
  return { figures, targets };
}
