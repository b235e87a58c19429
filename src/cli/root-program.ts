/**
 * The root `recollect` program without its commands, and the one place a parsed run becomes an
 * exit code. Shared by the full CLI (`main.ts`) and the MCP fast path (`mcp-main.ts`), which
 * registers only `mcp` so an agent's server starts without loading every command.
 */
import { Command, CommanderError } from "commander";
import { toRecollectError } from "../errors/recollect-error.js";
import { outcomeExitCode } from "./cli-context.js";
import { EXIT_CODE_BY_KIND } from "./exit-codes.js";

/** The root program with the global options (`--db`, `--json`) and no commands yet. */
export function createRootProgram(): Command {
  return new Command("recollect")
    .description("Recall what was decided in an app's earlier AI chats.")
    .option("--db <path>", "store file (default: $RECOLLECT_DB or the user data directory)")
    .option("--json", "machine-readable output on stdout")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();
}

/**
 * Parses `argv` (as `process.argv`) with `program` and returns the exit code instead of exiting.
 * Errors become one line on stderr and the code for their kind ({@link EXIT_CODE_BY_KIND}).
 */
export async function runProgram(program: Command, argv: readonly string[]): Promise<number> {
  try {
    await program.parseAsync([...argv]);
    return outcomeExitCode(program);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : EXIT_CODE_BY_KIND.invalid_input;
    }
    const classified = toRecollectError(error);
    process.stderr.write(`recollect: ${classified.message}\n`);
    return EXIT_CODE_BY_KIND[classified.kind];
  }
}
