/**
 * What the installed `bin/recollect.js` runs: the MCP fast path for `recollect mcp`, the full CLI
 * for everything else. Both parse the same global options. Stop signals are listened for before
 * either loads (loading every command takes seconds), so a Ctrl-C while loading ends the run the
 * way a later one does: the one stop line and 130 / 143 (`stop-line.ts`). Imports stay light.
 */
import type { StopSignal } from "./exit-codes.js";
import { reportStop } from "./stop-line.js";
import { listenForStopSignals } from "./stop-signals.js";

/** Global options that take a value (`--db PATH`), skipped when looking for the command name. */
const VALUE_OPTIONS: ReadonlySet<string> = new Set(["--db"]);

/**
 * The command name in `args` (argv without node and script): the first word that is neither an
 * option nor an option's value. Undefined when there is none (e.g. `--help`).
 */
export function commandName(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? "";
    if (VALUE_OPTIONS.has(arg)) {
      index++;
      continue;
    }
    if (!arg.startsWith("-")) return arg;
  }
  return undefined;
}

/** True when `--json` appears among `args` (argv without node and script) before a `--`. */
export function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).includes("--json");
}

/**
 * Runs the CLI for `argv` (as `process.argv`) and resolves its exit code. `received` holds the
 * stop signals `bin/recollect.js` caught before this module loaded (it keeps appending while the
 * run lasts): one already there ends the run at once, reported like any other.
 */
export async function cliEntry(
  argv: readonly string[],
  received: readonly StopSignal[] = [],
): Promise<number> {
  const json = wantsJson(argv.slice(2));
  using stops = listenForStopSignals({ exit: (signal) => process.exit(reportStop(signal, json)) });
  const early = received[0];
  if (early !== undefined) return reportStop(early, json);
  if (commandName(argv.slice(2)) === "mcp") {
    const { runMcpCli } = await import("./mcp-main.js");
    // Awaited here: `using` would otherwise stop listening as soon as the run starts.
    return await runMcpCli(argv, stops);
  }
  const { runCli } = await import("./main.js");
  const { ignoreClosedReaders } = await import("./root-program.js");
  ignoreClosedReaders();
  return await runCli(argv, stops);
}
