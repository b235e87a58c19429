/**
 * The root `recollect` program without its commands, and the one place a parsed run becomes an
 * exit code. Shared by the full CLI (`main.ts`) and the MCP fast path (`mcp-main.ts`), which
 * registers only `mcp` so an agent's server starts without loading every command. Errors become
 * one line on stderr (with `--json`, one JSON object `{"error": {kind, message, exit_code, …}}`).
 */
import { readFileSync } from "node:fs";
import { type Command, CommanderError } from "commander";
import { RecollectError, toRecollectError } from "../errors/recollect-error.js";
import { messageWithRemedies } from "../errors/remedy.js";
import { type GlobalOptions, globalOptions, outcomeExitCode } from "./cli-context.js";
import { commandName, wantsJson } from "./cli-entry.js";
import { namingDamagedStore } from "./damaged-store.js";
import { errorJson } from "./error-json.js";
import { EXIT_CODE_BY_KIND } from "./exit-codes.js";
import { InterruptedError } from "./interrupted-error.js";
import { onceOnly } from "./once-only-option.js";
import { RecollectCommand } from "./recollect-command.js";
import { cliRemedyWriter, mcpRemedyWriter } from "./remedy-writer.js";
import { reportStop } from "./stop-line.js";
import {
  attachStopSignals,
  handleStopSignals,
  hearPendingSignals,
  listenForStopSignals,
  type StopSignals,
} from "./stop-signals.js";
import { writeTerminalText } from "./terminal-text.js";
import { UnknownCommandError } from "./unknown-command-error.js";

/** This build's version, from `package.json`. */
export const RECOLLECT_VERSION: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

/** The root program with the global options (`--db`, `--json`) and no commands yet. */
export function createRootProgram(): Command {
  return new RecollectCommand("recollect")
    .description("Recall what was decided in an app's earlier AI chats.")
    .option(
      "--db <path>",
      "store file (default: $RECOLLECT_DB or the user data directory); commands that write create it and its missing folders",
      onceOnly("--db", "one store file path"),
    )
    .option(
      "--store <url-or-path>",
      "history store: postgres://… for a team's store (search, read, apps, chats, explore, mcp, serve), or a store file path like --db (default: $RECOLLECT_STORE)",
      onceOnly("--store", "one postgres:// URL or store file path"),
    )
    .option("--json", "machine-readable output on stdout (and errors as JSON on stderr)")
    .version(RECOLLECT_VERSION, "-V, --version", "print the version")
    .exitOverride();
}

/**
 * Prepares `command` and every subcommand for {@link runProgram}: commander's own error text is
 * dropped (runProgram writes the one classified line instead; help still prints), and an unknown
 * subcommand throws {@link UnknownCommandError} listing the commands of that level. The other
 * usage errors are classified where commander raises them ({@link RecollectCommand}).
 */
function classifyCommanderErrors(command: Command): void {
  command.configureOutput({ outputError: () => undefined });
  if (command.commands.length > 0) {
    command.on("command:*", (operands: string[]) => {
      throw new UnknownCommandError(command, operands[0] ?? "");
    });
  }
  for (const sub of command.commands) classifyCommanderErrors(sub);
}

/**
 * The global options remedies are written for: a `--store` path taken as the store file (so a
 * remedy repeats it as `--db`), or the options as given when they are themselves refused.
 */
function reportedStoreOptions(program: Command): GlobalOptions {
  try {
    return globalOptions(program);
  } catch {
    return program.opts<GlobalOptions>();
  }
}

/**
 * Writes a classified error to stderr: one line, or with `--json` one JSON object; its remedies
 * follow the message, written for whoever ran `argv` (`recollect mcp` is started by an agent host:
 * {@link mcpRemedyWriter}; any other command by a person at a shell: {@link cliRemedyWriter}).
 */
function reportError(
  error: RecollectError,
  json: boolean,
  program: Command,
  argv: readonly string[],
): number {
  if (error instanceof InterruptedError) return reportStop(error.signal, json);
  const exitCode = EXIT_CODE_BY_KIND[error.kind];
  const global = reportedStoreOptions(program);
  const write =
    commandName(argv.slice(2)) === "mcp" ? mcpRemedyWriter(global) : cliRemedyWriter(global);
  const message = messageWithRemedies(error, write);
  if (json) process.stderr.write(`${JSON.stringify(errorJson(error, exitCode, write))}\n`);
  else writeTerminalText(`recollect: ${message}\n`, process.stderr);
  return exitCode;
}

/**
 * Parses `argv` (as `process.argv`) with `program` and returns the exit code instead of exiting.
 * Errors become one line on stderr, or with `--json` one JSON object, and the code for their kind
 * ({@link EXIT_CODE_BY_KIND}); commander's own usage errors are `invalid_input` (exit 2). Every
 * command's action stops itself on the run's signal (`handleStopSignals`), so a signal during it
 * never ends the process with a store open. A run that SIGINT or SIGTERM stopped — a signal heard
 * before the run ends, even one that came while a synchronous command held the thread — reports
 * {@link InterruptedError} instead, whatever the command returned or threw, and ends with the
 * signal's code (`stop-signals.ts`). `listening` is the
 * entry point's listener, installed before the commands loaded (`cli-entry.ts`); without it (tests,
 * `tsx src/cli/main.ts`) the run listens from here on, and stops listening when it ends.
 */
export async function runProgram(
  program: Command,
  argv: readonly string[],
  listening?: StopSignals,
): Promise<number> {
  const json = wantsJson(argv.slice(2));
  classifyCommanderErrors(program);
  const stops =
    listening ?? listenForStopSignals({ exit: (signal) => process.exit(reportStop(signal, json)) });
  // A listener made here ends with the run; the entry point's is the entry point's to end.
  using _ownListener = listening === undefined ? stops : undefined;
  attachStopSignals(program, stops);
  // Every command stops itself once its action runs: a signal then aborts `signal` instead of
  // ending the process with its store open (which left `-wal`/`-shm` beside it), and the store is
  // closed by the action's own `using` before the stop is reported.
  program.hook("preAction", (_program, actionCommand) => {
    handleStopSignals(actionCommand);
  });
  const interrupted = () => {
    const signal = stops.received();
    return signal === null ? null : reportStop(signal, json);
  };
  try {
    await program.parseAsync([...argv]);
    await hearPendingSignals();
    return interrupted() ?? outcomeExitCode(program);
  } catch (error) {
    await hearPendingSignals();
    const stopped = interrupted();
    if (stopped !== null) return stopped;
    if (error instanceof CommanderError) {
      // Help and version end here too (exit 0); `recollect` alone prints help and exits 2.
      if (error.exitCode === 0 || error.code === "commander.help") {
        return error.exitCode === 0 ? 0 : EXIT_CODE_BY_KIND.invalid_input;
      }
      // commander's usage errors are one sentence after "error: ", plus "(Did you mean …?)" on
      // a line of its own: kept as they are, on one line.
      const message = error.message.replace(/^error: /, "").replace(/\s*\n\s*/g, " ");
      return reportError(
        new RecollectError("invalid_input", json ? message : `${message} (see --help)`),
        json,
        program,
        argv,
      );
    }
    return reportError(toRecollectError(namingDamagedStore(error, program)), json, program, argv);
  }
}

/**
 * Ignores EPIPE on stdout and stderr (their reader went away, e.g. `recollect chats … | head -1`
 * or `… 2>&1 | true`): output nobody reads is not an error, and no stack trace or other noise is
 * written for it. The stream is destroyed by the error, so later writes to it are dropped, and the
 * run goes on to end with its own exit code (0/10/11 for work done, its error's code for a
 * failure) instead of one the closed reader picked. Any other stream error is rethrown.
 */
export function ignoreClosedReaders(): void {
  const onError = (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  };
  process.stdout.on("error", onError);
  process.stderr.on("error", onError);
}
