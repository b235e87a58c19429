import type { RecollectErrorKind } from "../errors/recollect-error.js";

/**
 * Process exit code for each error kind; the only place besides the server's `onError` that maps
 * kinds (STYLE.md § What we take). 0 is success; 1 is reserved for unexpected failures. A run
 * stopped by a signal ends with {@link STOP_SIGNAL_EXIT_CODES} instead (`aborted` is the kind of
 * an interruption, so its 130 is SIGINT's).
 */
export const EXIT_CODE_BY_KIND: Readonly<Record<RecollectErrorKind, number>> = {
  internal: 1,
  invalid_input: 2,
  not_found: 3,
  precondition: 4,
  provider: 5,
  rate_limited: 5,
  user_cancelled: 6,
  budget_exhausted: 7,
  import_format: 8,
  store_busy: 9,
  aborted: 130,
};

/**
 * The exit code of a `recollect sync` (or `sync --dry-run`) that finished its pass but skipped a
 * file or a folder it could not read or parse, and of a `recollect import` that imported what it
 * could but skipped a file or folder it could not read (each named on its own `skipped` line):
 * distinct from 0 (everything read) and from every failure's code, and from `explore`'s outcome
 * codes 10 and 11, so a script can tell "done, but look at the skipped lines" apart.
 */
export const SKIPPED_EXIT_CODE = 12;

/**
 * The exit code of a run a signal stopped, per signal: 128 + the signal's number, the Unix
 * convention a shell reports for a process the signal killed, so a script reads the same code
 * whether Recollect shut down cleanly first (every command does) or was killed outright.
 */
export const STOP_SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** A signal that stops a command: Ctrl-C (SIGINT) or a service manager's SIGTERM. */
export type StopSignal = keyof typeof STOP_SIGNAL_EXIT_CODES;

/** Every {@link StopSignal}, in the order listeners are added. */
export const STOP_SIGNALS: readonly StopSignal[] = ["SIGINT", "SIGTERM"];
