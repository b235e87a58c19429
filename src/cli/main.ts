/**
 * The `recollect` command line. Parses input, calls the library, prints; nothing else
 * (DESIGN.md § Layers). Errors become one line on stderr and an exit code from
 * `EXIT_CODE_BY_KIND` (see `root-program.ts`).
 */
import type { Command } from "commander";
import { COMMANDS } from "./commands/index.js";
import { createRootProgram, ignoreClosedReaders, runProgram } from "./root-program.js";
import type { StopSignals } from "./stop-signals.js";

/** Builds the root program with every command registered. Exported for tests. */
export function buildProgram(): Command {
  const program = createRootProgram();
  for (const register of COMMANDS) register(program);
  return program;
}

/**
 * Runs the CLI with `argv` (as `process.argv`) and returns the exit code instead of exiting;
 * `listening` is the entry point's stop-signal listener, when it installed one (`runProgram`).
 */
export function runCli(argv: readonly string[], listening?: StopSignals): Promise<number> {
  return runProgram(buildProgram(), argv, listening);
}

// `tsx src/cli/main.ts …` run directly (npm start and npm run recollect go through
// `bin/recollect.js`, which calls `cliEntry` and so also hears a signal while this file loads).
if (/[\\/]main\.ts$/.test(process.argv[1] ?? "")) {
  ignoreClosedReaders();
  process.exitCode = await runCli(process.argv);
}
