import { RecollectError } from "../errors/recollect-error.js";
import type { StopSignal } from "./exit-codes.js";

/**
 * A command was stopped by `signal` (SIGINT from Ctrl-C, SIGTERM from `kill` or a service
 * manager). Kind `aborted`; the CLI ends with the signal's own exit code (`STOP_SIGNAL_EXIT_CODES`:
 * 130, 143) rather than the kind's. The message names only the signal, never what was running.
 */
export class InterruptedError extends RecollectError {
  readonly signal: StopSignal;
  constructor(signal: StopSignal) {
    super("aborted", `Stopped by ${signal}.`);
    this.name = "InterruptedError";
    this.signal = signal;
  }
}
