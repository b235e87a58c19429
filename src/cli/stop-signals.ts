/**
 * How every `recollect` command stops on SIGINT or SIGTERM (README § Commands, exit codes). The
 * root program listens from the moment it parses, so a signal at any point of a run ends it the
 * same way: one stderr line naming the signal and exit 128 + its number (`STOP_SIGNAL_EXIT_CODES`).
 *
 * A long-running command (`serve`, `mcp`, `sync --watch`, `chat`, `explore`, `demo`, `eval`) declares
 * with {@link StopSignals.handle} that it stops itself: it watches `signal` / `stopped`, closes its
 * server and store, and returns; the root then reports the stop. Any other command is ended at the
 * first signal: signal listeners run between JavaScript tasks, never inside a synchronous
 * better-sqlite3 transaction, so no write is left half done. A second signal always ends the
 * process at once, for a shutdown that hangs.
 */
import type { Command } from "commander";
import { STOP_SIGNAL_EXIT_CODES, STOP_SIGNALS, type StopSignal } from "./exit-codes.js";

/** The stop-signal listener of one run (see the module doc). */
export interface StopSignals extends Disposable {
  /** Aborts at the first stop signal. */
  readonly signal: AbortSignal;
  /** Resolves with the first stop signal; never rejects. */
  readonly stopped: Promise<StopSignal>;
  /** The first stop signal received, or null while none has come. */
  received(): StopSignal | null;
  /** The running command stops itself on `signal` / `stopped`: the first signal no longer exits. */
  handle(): void;
}

/** Options of {@link listenForStopSignals}. */
export interface StopSignalOptions {
  /**
   * Ends the process for a signal nobody handles (or a second signal): reports the stop and calls
   * `process.exit` with the signal's code. Must not return normally in production.
   */
  readonly exit: (signal: StopSignal) => void;
}

/**
 * Listens for SIGINT and SIGTERM on `process` until disposed. Replaces Node's default (die at
 * once, no message, no cleanup) for the lifetime of the run.
 */
export function listenForStopSignals(options: StopSignalOptions): StopSignals {
  const controller = new AbortController();
  let first: StopSignal | null = null;
  let handled = false;
  let resolveStopped: (signal: StopSignal) => void = () => undefined;
  const stopped = new Promise<StopSignal>((resolve) => {
    resolveStopped = resolve;
  });
  const listeners = STOP_SIGNALS.map((name) => {
    const listener = () => {
      if (first !== null || !handled) {
        options.exit(first ?? name);
        return;
      }
      first = name;
      controller.abort();
      resolveStopped(name);
    };
    process.on(name, listener);
    return { name, listener };
  });
  return {
    signal: controller.signal,
    stopped,
    received: () => first,
    handle() {
      handled = true;
    },
    [Symbol.dispose]() {
      for (const { name, listener } of listeners) process.off(name, listener);
    },
  };
}

/** Where the root program keeps its run's {@link StopSignals}: an option slot, no module state. */
const STOP_SIGNALS_KEY = "stopSignals";

/** Attaches the run's listener to the root `program` (done once by `runProgram`). */
export function attachStopSignals(program: Command, stops: StopSignals): void {
  program.setOptionValue(STOP_SIGNALS_KEY, stops);
}

/**
 * The run's listener, for a long-running command's action, marked as handled: the command now
 * stops itself on `signal` / `stopped` and returns (or throws its abort) for the root to report.
 * @throws Error when the root program attached none (a command run outside `runProgram`).
 */
export function handleStopSignals(command: Command): StopSignals {
  let root = command;
  while (root.parent) root = root.parent;
  const stops = root.getOptionValue(STOP_SIGNALS_KEY) as StopSignals | undefined;
  if (stops === undefined) throw new Error("no stop-signal listener: run through runProgram");
  stops.handle();
  return stops;
}

/** The exit code for a run `signal` stopped. */
export function stopSignalExitCode(signal: StopSignal): number {
  return STOP_SIGNAL_EXIT_CODES[signal];
}
