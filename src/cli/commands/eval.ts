/**
 * `recollect eval (--suite FILE [--questions SET] | --beam DIR [--conversations N,M,… | --limit N]) [--engine KIND]
 * [--question ID…] [--ablate STAGE,… | --ablation] [--compare FILE] [--json]`: loads an evaluation suite
 * (docs/EVAL.md) — a suite file, or a BEAM benchmark folder converted in memory — into a fresh temporary store through the production
 * import and indexing path, runs every question through the real `explore_chat_history` tool
 * (Pro context), and prints quality, answers (what a person sees first), explorer-versus-floor
 * and cost per category and overall, the goals, and the questions that missed. `--json` prints the whole result (summaries, goals,
 * per-question scores and facts). Progress (question counts only) goes to stderr. The user's own
 * store is never touched. `--ablate` / `--ablation` switch offline pipeline stages off
 * (docs/EVAL.md § Ablation). `--compare FILE` (an earlier run's `--json` output) adds the gap
 * between that run and this one per shared category (docs/EVAL.md § Dev/held-out gap).
 */

import type { Command } from "commander";
import { ENGINE_KINDS } from "../../engine/index.js";
import { quotedValue } from "../../errors/quoted-value.js";
import { InvalidInputError } from "../../errors/recollect-error.js";
import { loadBeamFolder } from "../../eval/beam/index.js";
import { loadComparedResult } from "../../eval/compare/compared-result.js";
import { evalGap } from "../../eval/compare/eval-gap.js";
import { formatEvalGap } from "../../eval/compare/format-eval-gap.js";
import { formatAblationTable } from "../../eval/format-ablation-table.js";
import { formatEvalTable } from "../../eval/format-eval-table.js";
import { oneStageOffConfigurations, runAblation } from "../../eval/runner/run-ablation.js";
import { type EvalResult, runSuite } from "../../eval/runner/run-suite.js";
import { type EvalSuite, loadSuite, loadSuiteWithQuestions } from "../../eval/suite/index.js";
import { globalOptions, printJson } from "../cli-context.js";
import { FlagCombinationError } from "../flag-combination-error.js";
import { handleStopSignals } from "../stop-signals.js";
import { writeTerminalText } from "../terminal-text.js";
import { ABLATABLE_STAGES, engineWithout, parseAblateList } from "./eval-ablation.js";

interface EvalOptions {
  ablate?: string;
  ablation?: boolean;
  suite?: string;
  questions?: string;
  beam?: string;
  conversations?: string;
  limit?: string;
  compare?: string;
  engine?: string;
  question?: string[];
}

/** The JSON form: facts with `observed` as a count (a Set does not serialize). */
export function evalResultJson(result: EvalResult, skipped: readonly string[] = []): unknown {
  return {
    ...result,
    skipped,
    facts: result.facts.map(({ observed, ...rest }) => ({ ...rest, observed: observed.size })),
  };
}

/** Parses `--conversations 1,2,5`. @throws InvalidInputError (`--conversations`). */
export function parseConversationList(text: string): number[] {
  const parts = text.split(",").map((part) => part.trim());
  if (parts.some((part) => !/^[1-9][0-9]{0,5}$/.test(part)))
    throw new InvalidInputError(
      "--conversations",
      "comma-separated conversation numbers, e.g. 1,2,5",
      `got ${quotedValue(text)}`,
    );
  return parts.map(Number);
}

/** Parses `--limit N` (a positive integer). @throws InvalidInputError (`--limit`). */
export function parseLimit(text: string): number {
  if (!/^[1-9][0-9]{0,5}$/.test(text.trim()))
    throw new InvalidInputError("--limit", "a positive integer", `got ${quotedValue(text)}`);
  return Number(text);
}

function loadForCli(options: EvalOptions): { suite: EvalSuite; skipped: readonly string[] } {
  if ((options.suite === undefined) === (options.beam === undefined))
    throw new InvalidInputError("--suite / --beam", "exactly one of --suite FILE or --beam DIR");
  if (options.suite !== undefined) {
    if (options.conversations !== undefined || options.limit !== undefined)
      throw new FlagCombinationError({
        flag: options.conversations !== undefined ? "--conversations" : "--limit",
        rule: "needs",
        other: "--beam",
        reason: "it picks the BEAM conversations to run; a --suite file is run whole",
      });
    const suite =
      options.questions === undefined
        ? loadSuite(options.suite)
        : loadSuiteWithQuestions(options.suite, options.questions);
    return { suite, skipped: [] };
  }
  if (options.questions !== undefined)
    throw new FlagCombinationError({
      flag: "--questions",
      rule: "needs",
      other: "--suite",
      reason: "its questions cite a suite file's chats",
    });
  const limit = options.limit === undefined ? undefined : parseLimit(options.limit);
  return loadBeamFolder(options.beam!, {
    ...(options.conversations !== undefined
      ? { conversations: parseConversationList(options.conversations) }
      : {}),
    ...(limit !== undefined ? { limit } : {}),
  });
}

/** Registers `recollect eval`. */
export function registerEvalCommand(program: Command): void {
  program
    .command("eval")
    .description("measure the explorer against an evaluation suite in a temporary store")
    .option("--suite <file>", "suite JSON file (see docs/EVAL.md), e.g. eval/suites/curated.json")
    .option(
      "--questions <file>",
      "with --suite: run this question set over the suite's chats instead of its own questions",
    )
    .option("--beam <dir>", "a BEAM benchmark folder, e.g. ../shared/datasets/beam-100k")
    .option("--conversations <list>", "with --beam: only these conversations, e.g. 1,2,5")
    .option("--limit <n>", "with --beam: only the first N conversations")
    .option(
      "--compare <file>",
      "also print the gap to an earlier run's --json output (e.g. dev set vs held-out)",
    )
    .option("--engine <kind>", `model engine: ${ENGINE_KINDS.join(" | ")} (default offline)`)
    .option("--question <id...>", "run only these question ids")
    .option(
      "--ablate <stages>",
      `offline engine with these stages off, comma-separated: ${ABLATABLE_STAGES.join(", ")}`,
    )
    .option(
      "--ablation",
      "offline engine: the full pipeline, then each stage off in turn, as one table",
    )
    .action(async (options: EvalOptions, command: Command) => {
      // A signal aborts the question running and removes the run's temporary store.
      const { signal } = handleStopSignals(command);
      const global = globalOptions(command);
      const compared = options.compare === undefined ? null : loadComparedResult(options.compare);
      if (compared !== null && options.ablation)
        throw new InvalidInputError("--compare / --ablation", "one of --compare or --ablation");
      const { suite, skipped } = loadForCli(options);
      if (options.question) {
        const known = new Set(suite.questions.map((question) => question.id));
        const unknown = options.question.filter((id) => !known.has(id));
        if (unknown.length > 0)
          throw new InvalidInputError(
            "--question",
            "question ids of the suite",
            `unknown: ${unknown.join(", ")}`,
          );
      }
      if (options.ablation) {
        if (options.ablate !== undefined)
          throw new InvalidInputError("--ablate / --ablation", "one of --ablate or --ablation");
        engineWithout(options.engine, ABLATABLE_STAGES.slice(0, 1));
        const runs = await runAblation({
          suite,
          configurations: oneStageOffConfigurations(ABLATABLE_STAGES),
          engineFor: (off) => engineWithout(options.engine, off as typeof ABLATABLE_STAGES),
          ...(options.question ? { questionIds: options.question } : {}),
          signal,
          onProgress: (done, total) => {
            if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} configurations`);
          },
        });
        if (process.stderr.isTTY) process.stderr.write("\n");
        if (global.json)
          printJson(
            runs.map(({ off, result }) => ({
              off,
              modelId: result.engine.modelId,
              categories: result.categories,
              overall: result.overall,
            })),
          );
        else writeTerminalText(formatAblationTable(runs));
        return;
      }
      const off = options.ablate === undefined ? [] : parseAblateList(options.ablate);
      const engine = engineWithout(options.engine, off);
      const result = await runSuite({
        suite,
        engine,
        ...(options.question ? { questionIds: options.question } : {}),
        signal,
        onProgress: (done, total) => {
          if (process.stderr.isTTY) process.stderr.write(`\r${done}/${total} questions`);
        },
      });
      if (process.stderr.isTTY) process.stderr.write("\n");
      const gap = compared === null ? null : evalGap(compared, result);
      if (global.json)
        printJson({ ...(evalResultJson(result, skipped) as object), ...(gap ? { gap } : {}) });
      else {
        writeTerminalText(formatEvalTable(result));
        if (gap !== null) process.stdout.write(`\n${formatEvalGap(gap)}`);
        if (skipped.length > 0)
          process.stdout.write(
            `skipped (${skipped.length}, no gold message ids): ${skipped.join(", ")}\n`,
          );
      }
    });
}
