/**
 * `recollect eval --suite FILE [--engine KIND] [--question ID…] [--json]`: loads an evaluation
 * suite (docs/EVAL.md) into a fresh temporary store through the production import and indexing
 * path, runs every question through the real `explore_chat_history` tool (Pro context), and prints
 * quality and cost per category and overall, the launch goals, and the questions that missed.
 * `--json` prints the whole result (summaries, goals, per-question scores and facts). Progress
 * (question counts only) goes to stderr. The user's own store is never touched.
 */
import type { Command } from "commander";
import { ENGINE_KINDS } from "../../engine/index.js";
import { formatEvalTable } from "../../eval/format-eval-table.js";
import { type EvalResult, runSuite } from "../../eval/runner/run-suite.js";
import { loadSuite } from "../../eval/suite/index.js";
import { globalOptions, printJson } from "../cli-context.js";
import { engineForCli } from "./explore.js";

interface EvalOptions {
  suite: string;
  engine?: string;
  question?: string[];
}

/** The JSON form: facts with `observed` as a count (a Set does not serialize). */
export function evalResultJson(result: EvalResult): unknown {
  return {
    ...result,
    facts: result.facts.map(({ observed, ...rest }) => ({ ...rest, observed: observed.size })),
  };
}

/** Registers `recollect eval`. */
export function registerEvalCommand(program: Command): void {
  program
    .command("eval")
    .description("measure the explorer against an evaluation suite in a temporary store")
    .requiredOption(
      "--suite <file>",
      "suite JSON file (see docs/EVAL.md), e.g. eval/suites/curated.json",
    )
    .option("--engine <kind>", `model engine: ${ENGINE_KINDS.join(" | ")} (default offline)`)
    .option("--question <id...>", "run only these question ids")
    .action(async (options: EvalOptions, command: Command) => {
      const global = globalOptions(command);
      const suite = loadSuite(options.suite);
      const engine = engineForCli(options.engine);
      const result = await runSuite({
        suite,
        engine,
        ...(options.question ? { questionIds: options.question } : {}),
        onProgress: (done, total) => {
          if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} questions`);
        },
      });
      if (process.stderr.isTTY) process.stderr.write("\n");
      if (global.json) printJson(evalResultJson(result));
      else process.stdout.write(formatEvalTable(result));
    });
}
