/**
 * The `recollect` command line. Parses input, calls the library, prints; nothing else
 * (DESIGN.md § Layers). Errors become one line on stderr and an exit code from
 * `EXIT_CODE_BY_KIND` (see `root-program.ts`).
 */
import type { Command } from "commander";
import { COMMANDS } from "./commands/index.js";
import { createRootProgram, exitQuietlyOnClosedStdout, runProgram } from "./root-program.js";

/** Builds the root program with every command registered. Exported for tests. */
export function buildProgram(): Command {
  const program = createRootProgram();
  for (const register of COMMANDS) register(program);
  return program;
}

/** Runs the CLI with `argv` (as `process.argv`) and returns the exit code instead of exiting. */
export function runCli(argv: readonly string[]): Promise<number> {
  return runProgram(buildProgram(), argv);
}

// `tsx src/cli/main.ts …` (npm run recollect); the installed `bin/recollect.js` calls `cliEntry`.
if (/[\\/]main\.ts$/.test(process.argv[1] ?? "")) {
  exitQuietlyOnClosedStdout();
  process.exitCode = await runCli(process.argv);
}
