/**
 * How every `recollect` command stops on SIGINT or SIGTERM (`docs/CLI.md` § Stopping, exit codes). The
 * root program listens from the moment it parses, so a signal at any point of a run ends it the
 * same way: one stderr line naming the signal and exit 128 + its number (`STOP_SIGNAL_EXIT_CODES`).
 *
 * Once a command's action starts, it stops itself (the root's `preAction` hook calls
 * {@link handleStopSignals} for every command): a signal aborts `signal` and resolves `stopped`
 * instead of ending the process, so no command exits with its store open (which would leave
 * `-wal`/`-shm` beside it). A long-running command (`serve`, `mcp`, `sync --watch`, `chat`,
 * `explore`, `demo`, `eval`) and every wait between a store's transactions (`import` between its
 * files, the index drain of `import`, `sync`, `index rebuild`) watch `signal` / `stopped`, close their server and store, and
 * return or throw; a synchronous command (`apps`, `chats`, …) cannot be interrupted inside
 * better-sqlite3 anyway (signal listeners run between JavaScript tasks) and finishes, closing its
 * store. The root then reports the stop. Before an action starts (while the commands load and
 * parse) the first signal ends the process at once, as nothing is open yet. A second signal always
 * ends the process at once, for a shutdown that hangs.
 *
 * A signal counts only while the command's work is unfinished: once a command has written its whole
 * answer it says so ({@link writeFinalAnswer}), and a signal heard after that (while it closes its
 * store, say) is no stop: the run ends with the command's own code, so a script never reads a
 * complete answer and a failure. A signal that arrived before, even one heard only then (the
 * thread was held by a synchronous wait), still stops the run.
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
  /**
   * The command's answer is fully written: a later signal neither aborts `signal` nor counts as
   * the run's stop (`received()` stays null); a second one still ends the process at once. Has no
   * effect once a signal was received.
   */
  complete(): void;
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
  let completed = false;
  /** The first signal heard after the answer was complete, which stopped nothing. */
  let afterCompletion: StopSignal | null = null;
  let resolveStopped: (signal: StopSignal) => void = () => undefined;
  const stopped = new Promise<StopSignal>((resolve) => {
    resolveStopped = resolve;
  });
  const listeners = STOP_SIGNALS.map((name) => {
    const listener = () => {
      if (completed && first === null && afterCompletion === null) {
        afterCompletion = name;
        return;
      }
      if (first !== null || afterCompletion !== null || !handled) {
        options.exit(first ?? afterCompletion ?? name);
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
    complete() {
      completed = true;
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

/**
 * Writes the whole answer of `command`'s run (`write`, synchronous: its last writes to stdout) and
 * marks the run complete ({@link StopSignals.complete}), so a stop signal that comes while the
 * command winds down (closing its store) does not turn that answer into exit 130/143. Lets the
 * event loop poll first ({@link hearPendingSignals}): a signal that arrived while the answer was
 * being made (even while a synchronous wait held the thread) is heard before the answer is written,
 * and still stops the run; the answer is written either way.
 * @throws what `write` throws (the run is then not complete); Error when the root program attached
 *   no listener (see {@link handleStopSignals}).
 */
export async function writeFinalAnswer(command: Command, write: () => void): Promise<void> {
  const stops = handleStopSignals(command);
  await hearPendingSignals();
  write();
  stops.complete();
}

/**
 * Resolves once the event loop has polled for I/O, so that a stop signal that arrived while the
 * thread was busy (a synchronous command, a wait for a locked store inside SQLite) has reached its
 * listener: `received()` then says so. Two immediates: when called from an I/O callback, the first
 * runs in that same loop turn, before the next poll reads the signal's wake-up. Never rejects.
 */
export async function hearPendingSignals(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** The exit code for a run `signal` stopped. */
export function stopSignalExitCode(signal: StopSignal): number {
  return STOP_SIGNAL_EXIT_CODES[signal];
}
