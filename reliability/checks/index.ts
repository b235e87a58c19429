/**
 * The harness's checks and the counts each runs at. A full run uses the counts; a smoke
 * run uses small ones so every code path runs in well under a minute. Add a check by adding a
 * line to {@link CHECKS}.
 */
import type { Figure } from "../figure.js";
import { runAbortCheck } from "./abort.js";
import { runConcurrencyCheck } from "./concurrency.js";
import { runCrashRecoveryCheck } from "./crash-recovery.js";
import { runEngineFaultCheck } from "./engine-faults.js";
import { runIsolationCheck } from "./isolation.js";
import { runMcpSigintCheck } from "./mcp-sigint.js";
import { runPushKillCheck } from "./push-kill.js";
import { runQueryFuzzCheck } from "./query-fuzz.js";

/** How much work each check does. */
export interface Scale {
  readonly name: "full" | "smoke";
  /** Randomized search/read/explore calls (issue: ≥ 10,000). */
  readonly isolationCalls: number;
  /** Generated search queries (issue: ≥ 100,000). */
  readonly queries: number;
  /** Explorer runs aborted at random moments (issue: 200). */
  readonly abortedRuns: number;
  /** `kill -9` during import, and again during index drain (issue: 50 each). */
  readonly kills: number;
  /** Duration of the concurrent writers-and-readers run, ms (issue: 60 s). */
  readonly concurrencyMs: number;
  /** `recollect mcp` servers stopped by SIGINT (issue 29: 20). */
  readonly sigintRuns: number;
  /**
   * Their signal → exit target, ms: the host's 100 ms in a full run; at smoke scale (CI, under
   * any load) only a hang is caught, as `src/mcp/sigint-exit.test.ts` does, never a speed.
   */
  readonly sigintTargetMs: number;
  /** `kill -9` during `recollect push`, each followed by a re-push (issue 32: 20). */
  readonly pushKills: number;
  /**
   * Messages of the pushed history (issue 32: the 1M bench store). A full run's default is what
   * 20 kills fit in well under CI's 90 minutes on 2 cores (each kill costs about one push, ~1,100
   * msg/s); `--push-messages N` sets it (`reliability/README.md` has the measured figures).
   */
  readonly pushMessages: number;
  /** Which entry point they run: the compiled package (full) or this checkout's (smoke). */
  readonly sigintEntry: "compiled" | "checkout";
}

const FULL: Scale = {
  name: "full",
  isolationCalls: 10_000,
  queries: 100_000,
  abortedRuns: 200,
  kills: 50,
  concurrencyMs: 60_000,
  sigintRuns: 20,
  sigintTargetMs: 100,
  pushKills: 20,
  pushMessages: 20_000,
  sigintEntry: "compiled",
};

const SMOKE: Scale = {
  name: "smoke",
  isolationCalls: 300,
  queries: 1_000,
  abortedRuns: 10,
  kills: 1,
  concurrencyMs: 2_000,
  sigintRuns: 2,
  sigintTargetMs: 2_000,
  pushKills: 2,
  pushMessages: 2_000,
  sigintEntry: "checkout",
};

/**
 * The scale for a full (`false`) or smoke (`true`) run; `pushMessages` (an integer ≥ 100, checked
 * by the caller) replaces that scale's pushed history size.
 */
export function scaleOf(smoke: boolean, pushMessages?: number): Scale {
  const scale = smoke ? SMOKE : FULL;
  return pushMessages === undefined ? scale : { ...scale, pushMessages };
}

/** What every check receives. */
export interface CheckOptions {
  readonly scale: Scale;
  /** Seeds the check's random source (each check derives its own stream from it). */
  readonly seed: number;
  /** Prints one progress or detail line (never archival text). */
  readonly log: (line: string) => void;
}

/** A check: runs, then returns its figures (a check that cannot run throws). */
export type Check = (options: CheckOptions) => Promise<Figure[]>;

/** Every check, in run order. */
export const CHECKS = {
  isolation: ({ scale, seed, log }) =>
    runIsolationCheck({ calls: scale.isolationCalls, seed: seed ^ 0x1501, log }),
  queries: ({ scale, seed, log }) =>
    runQueryFuzzCheck({ queries: scale.queries, seed: seed ^ 0x2502, log }),
  abort: ({ scale, seed, log }) =>
    runAbortCheck({ runs: scale.abortedRuns, seed: seed ^ 0x3503, log }),
  "crash-recovery": ({ scale, seed, log }) =>
    runCrashRecoveryCheck({ kills: scale.kills, seed: seed ^ 0x4504, log }),
  "engine-faults": ({ seed, log }) => runEngineFaultCheck({ seed: seed ^ 0x5505, log }),
  concurrency: ({ scale, seed, log }) =>
    runConcurrencyCheck({ durationMs: scale.concurrencyMs, seed: seed ^ 0x6506, log }),
  "mcp-sigint": ({ scale, log }) =>
    runMcpSigintCheck({
      runs: scale.sigintRuns,
      targetMs: scale.sigintTargetMs,
      entry: scale.sigintEntry,
      log,
    }),
  "push-kill": ({ scale, seed, log }) =>
    runPushKillCheck({
      kills: scale.pushKills,
      messages: scale.pushMessages,
      seed: seed ^ 0x8508,
      log,
    }),
} as const satisfies Record<string, Check>;

/** A check's name (the CLI accepts these to run a subset). */
export type CheckName = keyof typeof CHECKS;
