/**
 * The one stderr line of a run a signal stopped (`docs/CLI.md` § Stopping): `recollect: Stopped by
 * SIGINT.`, or under `--json` the `{"error": {"kind": "aborted", "signal": …}}` object, and the
 * signal's exit code. Kept apart from the root program, with light imports, so the entry point
 * can report a signal that arrives while the commands are still loading (the first seconds).
 */
import { errorJson } from "./error-json.js";
import type { StopSignal } from "./exit-codes.js";
import { InterruptedError } from "./interrupted-error.js";
import { stopSignalExitCode } from "./stop-signals.js";
import { writeTerminalText } from "./terminal-text.js";

/**
 * Writes the stop line for `signal` to stderr (one JSON object when `json`) and returns the exit
 * code the run ends with: 130 for SIGINT, 143 for SIGTERM.
 */
export function reportStop(signal: StopSignal, json: boolean): number {
  const error = new InterruptedError(signal);
  const exitCode = stopSignalExitCode(signal);
  // An interruption suggests no command, so no remedy is ever written.
  const noRemedy = () => "";
  if (json) process.stderr.write(`${JSON.stringify(errorJson(error, exitCode, noRemedy))}\n`);
  else writeTerminalText(`recollect: ${error.message}\n`, process.stderr);
  return exitCode;
}
