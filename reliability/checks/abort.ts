/**
 * Check 3 — cancellation: explorer runs aborted at a random moment, until `runs` runs were aborted
 * before they settled, on each engine:
 *
 * - hosted: over real HTTP (the `openai-compatible` Engine against the scripted server). Scripts
 *   mix delayed tool-call turns, streams that stall after their first chunk and requests that
 *   never answer, so an abort lands before a request, mid-stream, during a tool call or between
 *   steps;
 * - offline: the in-process offline engine, aborted uniformly within the shortest of a few
 *   unaborted runs.
 *   It makes no request, so an abort lands only where the run yields to the event loop; a run
 *   that never yields is never aborted mid-run, and the check falls short of `runs` (issue 29).
 *
 * After each aborted run (and a grace period) the check counts:
 *
 * - late completions: the run resolved with a report, rejected with anything but `AbortedError`,
 *   emitted a progress event after it settled, or started another model call after it settled;
 * - streams left open: requests of the run whose response the client neither finished nor closed.
 */
import { AbortedError } from "../../src/errors/recollect-error.js";
import type { ScriptedTurn } from "../../src/test/scripted-openai-server.js";
import type { CanaryRunSettlement } from "../canary-explorer-run.js";
import { createCanaryStore, SHARED_WORDS } from "../canary-store.js";
import { startExplorerOverHttp } from "../explorer-over-http.js";
import { atLeast, atMost, type Figure } from "../figure.js";
import { offlineExplorer } from "../offline-explorer.js";
import { createRandom, type Random } from "../random.js";

/** Options of {@link runAbortCheck}. */
export interface AbortCheckOptions {
  /** Runs that must be aborted before settling (the issue: 200). */
  readonly runs: number;
  readonly seed: number;
  readonly log: (line: string) => void;
}

/** Time after a run settles during which nothing more may happen, ms. */
const GRACE_MS = 100;
/**
 * A response still open this long after its run settled was left open, ms. A closed socket
 * reaches the server's `close` event within milliseconds; the margin is for a starved event
 * loop on a busy machine, not for a client that forgot the stream.
 */
const LEFT_OPEN_AFTER_MS = 1_000;
/** Abort moments are uniform in [0, this], ms; scripted runs take ~30–400 ms. */
const ABORT_WINDOW_MS = 250;
/** Unaborted offline runs whose shortest length is the offline abort window. */
const OFFLINE_SAMPLE_RUNS = 3;
/** Upper bound on attempts per wanted aborted run (a run may finish before its abort). */
const ATTEMPTS_PER_RUN = 4;

function scriptFor(random: Random): (index: number) => ScriptedTurn {
  const turns: ScriptedTurn[] = [];
  for (let step = random.int(1, 5); step > 0; step -= 1) {
    const roll = random.next();
    const search: ScriptedTurn = {
      type: "tool-call",
      name: "search_chats",
      args: { query: `${random.pick(SHARED_WORDS)} ${random.pick(SHARED_WORDS)}` },
    };
    if (roll < 0.1) turns.push({ type: "stall", textBeforeStall: "Let me look" });
    else if (roll < 0.15) turns.push({ type: "hang" });
    else turns.push({ type: "delay", ms: random.int(0, 60), turn: search });
  }
  turns.push({
    type: "delay",
    ms: random.int(0, 40),
    turn: {
      type: "tool-call",
      name: "submit_report",
      args: {
        summary: "Observed.",
        findings: [{ claim: "A claim.", candidate_ids: ["c1"] }],
        confidence: "medium",
      },
    },
  });
  return (index) => turns[index] ?? { type: "text", text: "done" };
}

function describeLate(
  settled: CanaryRunSettlement,
  progressAtSettle: number,
  callsAtSettle: number,
): string {
  if (settled.run !== null) return `resolved with a ${settled.run.report.outcome} report`;
  if (!(settled.error instanceof AbortedError)) {
    const kind = (settled.error as { kind?: unknown }).kind;
    return `rejected with ${String((settled.error as Error).name)} (${String(kind)})`;
  }
  if (settled.progress.length > progressAtSettle) return "progress event after settling";
  return `${settled.modelCallsAt.length - callsAtSettle} model call(s) after settling`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

/** What {@link abortAtRandom} counted. */
interface AbortTally {
  readonly aborted: number;
  readonly finishedFirst: number;
  readonly lateCompletions: number;
  /** abort → settle of every aborted run, ms. */
  readonly latencies: readonly number[];
}

/**
 * Starts runs (`explore`) and aborts each after a random wait in [0, `windowMs`], until `runs`
 * were aborted before settling or the attempts are spent; `afterAborted` checks an aborted run
 * further once the grace period has passed.
 */
async function abortAtRandom<Settlement extends CanaryRunSettlement>(options: {
  readonly runs: number;
  readonly random: Random;
  readonly windowMs: number;
  readonly explore: (signal: AbortSignal) => Promise<Settlement>;
  readonly afterAborted?: (settled: Settlement) => Promise<void>;
  readonly log: (line: string) => void;
}): Promise<AbortTally> {
  let aborted = 0;
  let finishedFirst = 0;
  let lateCompletions = 0;
  const latencies: number[] = [];
  for (
    let attempt = 0;
    aborted < options.runs && attempt < options.runs * ATTEMPTS_PER_RUN;
    attempt += 1
  ) {
    const controller = new AbortController();
    let abortedAt: number | null = null;
    const timer = setTimeout(
      () => {
        abortedAt = performance.now();
        controller.abort();
      },
      options.random.int(0, options.windowMs),
    );
    const settled = await options.explore(controller.signal);
    clearTimeout(timer);
    const abortTime: number | null = abortedAt;
    if (abortTime === null) {
      finishedFirst += 1;
      continue;
    }
    aborted += 1;
    latencies.push(settled.settledAt - abortTime);
    const progressAtSettle = settled.progress.length;
    const callsAtSettle = settled.modelCallsAt.length;
    await sleep(GRACE_MS);
    const late =
      settled.run !== null ||
      !(settled.error instanceof AbortedError) ||
      settled.progress.length > progressAtSettle ||
      settled.modelCallsAt.length > callsAtSettle;
    if (late) {
      lateCompletions += 1;
      if (lateCompletions <= 3)
        options.log(`  late: ${describeLate(settled, progressAtSettle, callsAtSettle)}`);
    }
    await options.afterAborted?.(settled);
  }
  return { aborted, finishedFirst, lateCompletions, latencies };
}

/** The figures of one engine's tally; `engine` names it in each label. */
function tallyFigures(engine: string, runs: number, tally: AbortTally): Figure[] {
  return [
    atLeast(`${engine} explorer runs aborted at random moments`, tally.aborted, runs, "runs"),
    atMost(`late completions after abort (${engine})`, tally.lateCompletions, 0),
    atMost(
      `slowest abort → settle (${engine}; bound: one index wait, 1 s)`,
      Math.round(Math.max(0, ...tally.latencies)),
      1_000,
      "ms",
    ),
  ];
}

function logTally(log: (line: string) => void, engine: string, tally: AbortTally): void {
  log(
    `  ${engine}: ${tally.aborted} runs aborted before settling, ${tally.finishedFirst} finished before their abort; abort→settle p50 ${percentile(tally.latencies, 0.5).toFixed(1)} ms, p95 ${percentile(tally.latencies, 0.95).toFixed(1)} ms`,
  );
}

/** Runs the check and returns its figures. */
export async function runAbortCheck(options: AbortCheckOptions): Promise<Figure[]> {
  const random = createRandom(options.seed);
  using canary = createCanaryStore(":memory:", random);
  await using http = await startExplorerOverHttp(canary);
  let openStreams = 0;
  let script = scriptFor(random);
  const hosted = await abortAtRandom({
    runs: options.runs,
    random,
    windowMs: ABORT_WINDOW_MS,
    log: options.log,
    explore: (signal) => {
      script = scriptFor(random);
      return http.explore({
        app: random.pick(canary.apps),
        query: `what did we decide about ${random.pick(SHARED_WORDS)}?`,
        script,
        signal,
      });
    },
    afterAborted: async (settled) => {
      const { requests } = settled;
      const open = requests.filter((request) => request.open);
      if (open.length === 0) return;
      await sleep(LEFT_OPEN_AFTER_MS - GRACE_MS);
      const still = open.filter((request) => request.open);
      openStreams += still.length;
      options.log(
        `  ${open.length} response(s) open ${GRACE_MS} ms after settling, ${still.length} still open after ${LEFT_OPEN_AFTER_MS} ms (turns: ${open.map((request) => script(requests.indexOf(request)).type).join(", ")})`,
      );
    },
  });
  logTally(options.log, "hosted", hosted);

  const offline = offlineExplorer(canary);
  const offlineRun = (signal: AbortSignal) =>
    offline({
      app: random.pick(canary.apps),
      query: `what did we decide about ${random.pick(SHARED_WORDS)}?`,
      signal,
    });
  // The window is the shortest of a few unaborted (warm) runs, so most aborts land mid-run.
  const lengths: number[] = [];
  for (let sample = 0; sample <= OFFLINE_SAMPLE_RUNS; sample += 1) {
    const started = performance.now();
    const settled = await offlineRun(new AbortController().signal);
    // The first run is the cold one (its statements compile): not a sample.
    if (sample > 0) lengths.push(settled.settledAt - started);
  }
  const offlineWindowMs = Math.max(1, Math.floor(Math.min(...lengths)));
  const offlineTally = await abortAtRandom({
    runs: options.runs,
    random,
    windowMs: offlineWindowMs,
    log: options.log,
    explore: offlineRun,
  });
  logTally(options.log, `offline (window ${offlineWindowMs} ms)`, offlineTally);

  return [
    ...tallyFigures("hosted", options.runs, hosted),
    atMost("model streams left open after abort", openStreams, 0),
    ...tallyFigures("offline", options.runs, offlineTally),
  ];
}
