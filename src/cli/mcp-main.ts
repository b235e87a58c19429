/**
 * The MCP fast path: `recollect [--db PATH] mcp …` with only the `mcp` command registered, so the
 * server a coding agent spawns loads the SDK and the store, not every command's dependencies,
 * before it can answer `initialize` (issue 10 § Build 8).
 */
import { registerMcpCommand } from "./commands/mcp.js";
import { createRootProgram, runProgram } from "./root-program.js";
import type { StopSignals } from "./stop-signals.js";

/**
 * Runs `recollect … mcp …` from `argv` (as `process.argv`); resolves the exit code. `listening`
 * is the entry point's stop-signal listener (see `runProgram`).
 */
export function runMcpCli(argv: readonly string[], listening?: StopSignals): Promise<number> {
  const program = createRootProgram();
  registerMcpCommand(program);
  return runProgram(program, argv, listening);
}
