/**
 * `recollect demo`: the main job in one command (README: `npm start`). Seeds the built-in demo
 * history into the store unless it is already there (`--db` / `RECOLLECT_DB` / default path),
 * drains the index, and asks "What did we decide about authentication?" through the explorer,
 * offline by default, printing progress on stderr and the report on stdout (`--json`: the report
 * object). Exit codes as `recollect explore`.
 */

import type { Command } from "commander";
import { isProEntitlement, PROFILE_ENTITLEMENT } from "../../agent/entitlement/index.js";
import { parseExploreQuestion } from "../../agent/tools/explore-chat-history/explore-app.js";
import { formatReportText } from "../../agent/tools/explore-chat-history/report-text.js";
import { DEMO_APP_NAME, runDemo } from "../../demo/index.js";
import { plural } from "../../text/plural.js";
import { globalOptions, openCliStore, setOutcomeExitCode } from "../cli-context.js";
import { exploreWithTelemetry } from "../explore-telemetry.js";
import { runInFlagTerms } from "../flag-terms.js";
import { progressLines } from "../progress-lines.js";
import { recollectInvocation } from "../recollect-invocation.js";
import { handleStopSignals } from "../stop-signals.js";
import { writeAnswer } from "../write-answer.js";
import { EXPLORE_EXIT_CODES, engineForCli } from "./explore.js";

/** Registers `recollect demo`. */
export function registerDemoCommand(program: Command): void {
  program
    .command("demo")
    .description("seed a demo app history (if missing) and explore it offline")
    .option("--engine <kind>", "model engine (default offline: no network, no keys)")
    .option("--question <text>", "ask something else about the demo app")
    .action(async (options: { engine?: string; question?: string }, command: Command) => {
      const { signal } = handleStopSignals(command);
      const global = globalOptions(command);
      const engine = engineForCli(options.engine ?? "offline");
      // An empty or blank --question is refused, as `explore` refuses one, before the store is
      // opened or seeded; only an absent --question asks the built-in one.
      const typed = options.question;
      const question =
        typed === undefined
          ? undefined
          : runInFlagTerms({ question: { flag: "--question", typed: undefined } }, () =>
              parseExploreQuestion(typed),
            );
      using store = openCliStore(global);
      const say = (line: string) => process.stderr.write(`${line}\n`);
      const result = await exploreWithTelemetry(store, () =>
        runDemo({
          store,
          engine,
          isPro: isProEntitlement(PROFILE_ENTITLEMENT),
          signal,
          ...(question === undefined ? {} : { question }),
          onSeeded: (seed) =>
            say(
              seed.chatsWritten > 0
                ? `Seeded the demo app "${seed.appName}" (${plural(seed.chatsWritten, "chat")}) into ${store.path}.`
                : `The demo app "${seed.appName}" is already in ${store.path}.`,
            ),
          onProgress: progressLines(say),
        }),
      );
      setOutcomeExitCode(command, EXPLORE_EXIT_CODES[result.report.outcome]);
      await writeAnswer(command, result.report, () =>
        formatReportText(result.report, {
          appName: DEMO_APP_NAME,
          ...(global.db === undefined ? {} : { dbPath: global.db }),
          invocation: recollectInvocation(process.env),
        }),
      );
    });
}
