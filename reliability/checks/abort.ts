/**
 * Check 3 — cancellation: explorer runs over real HTTP (the `openai-compatible` Engine against the
 * scripted server) aborted at a random moment, until `runs` runs were aborted before they
 * settled. Scripts mix delayed tool-call turns, streams that stall after their first chunk and
 * requests that never answer, so an abort lands before a request, mid-stream, during a tool call
 * or between steps. After each aborted run (and a grace period) the check counts:
 *
 * - late completions: the run resolved with a report, rejected with anything but `AbortedError`,
 *   emitted a progress event after it settled, or started another model call after it settled;
 * - streams left open: requests of the run whose response the client neither finished nor closed.
 */
import { AbortedError } from "../../src/errors/recollect-error.js";
import type { ScriptedTurn } from "../../src/test/scripted-openai-server.js";
import { createCanaryStore, SHARED_WORDS } from "../canary-store.js";
import { type ExplorerSettlement, startExplorerOverHttp } from "../explorer-over-http.js";
import { atLeast, atMost, type Figure } from "../figure.js";
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
  settled: ExplorerSettlement,
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

/** Runs the check and returns its figures. */
export async function runAbortCheck(options: AbortCheckOptions): Promise<Figure[]> {
  const random = createRandom(options.seed);
  using canary = createCanaryStore(":memory:", random);
  await using http = await startExplorerOverHttp(canary);
  let aborted = 0;
  let finishedFirst = 0;
  let lateCompletions = 0;
  let openStreams = 0;
  const latencies: number[] = [];
  for (
    let attempt = 0;
    aborted < options.runs && attempt < options.runs * ATTEMPTS_PER_RUN;
    attempt += 1
  ) {
    const controller = new AbortController();
    let abortedAt: number | null = null;
    const script = scriptFor(random);
    const timer = setTimeout(
      () => {
        abortedAt = performance.now();
        controller.abort();
      },
      random.int(0, ABORT_WINDOW_MS),
    );
    const settled = await http.explore({
      app: random.pick(canary.apps),
      query: `what did we decide about ${random.pick(SHARED_WORDS)}?`,
      script,
      signal: controller.signal,
    });
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
    const open = settled.requests.filter((request) => request.open);
    if (open.length > 0) {
      await sleep(LEFT_OPEN_AFTER_MS - GRACE_MS);
      const still = open.filter((request) => request.open);
      openStreams += still.length;
      options.log(
        `  ${open.length} response(s) open ${GRACE_MS} ms after settling, ${still.length} still open after ${LEFT_OPEN_AFTER_MS} ms (turns: ${open.map((request) => script(settled.requests.indexOf(request)).type).join(", ")})`,
      );
    }
  }
  options.log(
    `  ${aborted} runs aborted before settling, ${finishedFirst} finished before their abort; abort→settle p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms`,
  );
  return [
    atLeast("explorer runs aborted at random moments", aborted, options.runs, "runs"),
    atMost("late completions after abort", lateCompletions, 0),
    atMost("model streams left open after abort", openStreams, 0),
    atMost(
      "slowest abort → settle (bound: one index wait, 1 s)",
      Math.round(Math.max(0, ...latencies)),
      1_000,
      "ms",
    ),
  ];
}
