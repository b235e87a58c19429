/**
 * How a command that answers once writes its answer: the whole of it on stdout, then the run is
 * marked complete, so a stop signal that comes while the command winds down (closing its store)
 * does not turn that answer into a failure (`stop-signals.ts`).
 */
import type { Command } from "commander";
import { globalOptions, printJson } from "./cli-context.js";
import { writeFinalAnswer } from "./stop-signals.js";
import { writeTerminalText } from "./terminal-text.js";

/**
 * Writes `json` (pretty JSON) under `--json`, else `text()` through `writeTerminalText`, on stdout,
 * as the run's final answer ({@link writeFinalAnswer}: pending signals are heard first, the run is
 * complete after). `text` is only called when the text is wanted.
 */
export async function writeAnswer(
  command: Command,
  json: unknown,
  text: () => string,
): Promise<void> {
  await writeFinalAnswer(command, () => {
    if (globalOptions(command).json) printJson(json);
    else writeTerminalText(text());
  });
}
