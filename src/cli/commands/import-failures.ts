/**
 * How `recollect import` ends when files were rejected: the run's error is the first rejected
 * file's (its class decides the exit code: 8 for a malformed file, 2 for a chat that belongs to
 * another app or file), and every other rejected file gets its own stderr line too, as the summary
 * on stdout gives each one, so stderr alone names every file that was not imported.
 */
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { ImportFailure } from "../../importers/index.js";
import { plural } from "../../text/plural.js";
import { writeTerminalText } from "../terminal-text.js";

/**
 * Does nothing without `failures`; otherwise writes one stderr line per rejected file after the
 * first (`recollect: rejected <its error>`, none under `json`: stderr then holds the one error
 * object, and stdout's report lists every failure) and throws the first file's error. A malformed
 * file's `ImportFormatError` is re-raised with "(and N more rejected files)" after its reason;
 * any other class (`ChatsInAnotherAppError`, `ChatKeyInAnotherFileError`) as it is, with its remedy.
 * @throws the first failure's error (see above), always when there is one.
 */
export function throwImportFailures(failures: readonly ImportFailure[], json: boolean): void {
  const [first, ...others] = failures;
  if (first === undefined) return;
  // The others first, so the run's own error (with its remedy) is the last line, as for any run.
  if (!json) {
    for (const other of others) {
      writeTerminalText(`recollect: rejected ${other.error.message}\n`, process.stderr);
    }
  }
  if (!(first.error instanceof ImportFormatError)) throw first.error;
  const more =
    others.length > 0
      ? ` (and ${plural(others.length, "more rejected file", "more rejected files")})`
      : "";
  throw new ImportFormatError(
    first.file,
    first.line,
    `${first.reason}${more}`,
    first.error.problem,
  );
}
