/**
 * The `recollect` command line. Parses input, calls the library, prints; nothing else
 * (DESIGN.md § Layers). Errors become one line on stderr and an exit code from
 * {@link EXIT_CODE_BY_KIND}.
 */
import { Command, CommanderError } from "commander";
import { toRecollectError } from "../errors/recollect-error.js";
import { outcomeExitCode } from "./cli-context.js";
import { COMMANDS } from "./commands/index.js";
import { EXIT_CODE_BY_KIND } from "./exit-codes.js";

/** Builds the root program with every command registered. Exported for tests. */
export function buildProgram(): Command {
  const program = new Command("recollect")
    .description("Recall what was decided in an app's earlier AI chats.")
    .option("--db <path>", "store file (default: $RECOLLECT_DB or the user data directory)")
    .option("--json", "machine-readable output on stdout")
    .showHelpAfterError("(run with --help for usage)")
    .exitOverride();
  for (const register of COMMANDS) register(program);
  return program;
}

/** Runs the CLI with `argv` (as `process.argv`) and returns the exit code instead of exiting. */
export async function runCli(argv: readonly string[]): Promise<number> {
  const program = buildProgram();
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

const isEntryPoint = process.argv[1]?.match(/(main\.ts|recollect(\.js)?)$/);
if (isEntryPoint) {
  process.exitCode = await runCli(process.argv);
}
