/**
 * How the CLI writes the commands an error suggests (typed `Remedy` values): with the words that
 * run this Recollect where the person is and the same store, so each works as printed.
 */
import { type RemedyWriter, remedyWords } from "../errors/remedy.js";
import { commandLine } from "../text/command-line.js";
import { type GlobalOptions, storeLocationFor } from "./cli-context.js";
import { recollectInvocation } from "./recollect-invocation.js";

/** Remedies as `program [--db dbPath] args…`, quoted for a POSIX shell. */
export function remedyWriter(program: readonly string[], dbPath: string | undefined): RemedyWriter {
  return (remedy) => commandLine(remedyWords(remedy, program, dbPath));
}

/**
 * The writer for a CLI run with `global` options: `recollect`, `npx recollect` or `node <bin>`
 * ({@link recollectInvocation}), with `--db` repeated when it was given (a `RECOLLECT_DB` set in
 * the shell still applies to the next command there).
 */
export function cliRemedyWriter(global: GlobalOptions): RemedyWriter {
  return remedyWriter(recollectInvocation(process.env), global.db);
}

/**
 * The writer for `recollect mcp`, which an agent host starts with its own environment: the same
 * words as every other command ({@link recollectInvocation}, from the folder the host runs in), and the store's path whenever it is not the
 * default one, since a `RECOLLECT_DB` in the host's `env` block is not in the person's shell.
 */
export function mcpRemedyWriter(global: GlobalOptions): RemedyWriter {
  let dbPath: string | undefined;
  try {
    const { path, origin } = storeLocationFor(global);
    dbPath = origin === "default" ? undefined : path;
  } catch {
    dbPath = undefined; // An unusable --db or RECOLLECT_DB is itself the error being reported.
  }
  return remedyWriter(recollectInvocation(process.env), dbPath);
}
