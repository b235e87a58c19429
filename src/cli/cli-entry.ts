/**
 * What the installed `bin/recollect.js` runs: the MCP fast path for `recollect mcp`, the full CLI
 * for everything else. Both parse the same global options.
 */

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

/** Runs the CLI for `argv` (as `process.argv`) and resolves its exit code. */
export async function cliEntry(argv: readonly string[]): Promise<number> {
  if (commandName(argv.slice(2)) === "mcp") {
    const { runMcpCli } = await import("./mcp-main.js");
    return runMcpCli(argv);
  }
  const { runCli } = await import("./main.js");
  const { exitQuietlyOnClosedStdout } = await import("./root-program.js");
  exitQuietlyOnClosedStdout();
  return runCli(argv);
}
