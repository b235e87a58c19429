/**
 * `recollect explore "<question>" --app NAME [--json] [--engine KIND] [--chat ID]`: runs the
 * bounded explorer over one app's earlier chats. Progress phases go to stderr as they happen
 * (counts only, never archival text); the report goes to stdout as readable text, or as the report
 * object with `--json`.
 *
 * Exit codes by outcome class ({@link EXPLORE_EXIT_CODES}): 0 complete, 10 no_match, 11 partial
 * (including the evidence-only fallback). Errors use `exit-codes.ts` (e.g. 4 precondition,
 * 3 app not found, 5 provider); a signal stops it with 130 (SIGINT) or 143 (SIGTERM).
 *
 * Telemetry: one `explore_run` event (counts and outcome only, surface `cli`) beside the store,
 * unless `settings set telemetry off` (`explore-telemetry.ts`).
 *
 * Pro: this command reads the entitlement from the settings file next to the store
 * (`recollect settings set entitlement pro`); without Pro it fails with exit 4 and no data.
 */

import type { Command } from "commander";
import { resolveConsent } from "../../agent/consent/resolve-consent.js";
import { createExplorerEngine } from "../../agent/explorer-engine.js";
import {
  citedTargetNotes,
  reportWithCitationNotes,
} from "../../agent/tools/explore-chat-history/cited-target-notes.js";
import {
  exploreApp,
  parseExploreQuestion,
} from "../../agent/tools/explore-chat-history/explore-app.js";
import {
  EXPLORE_DEFAULT_CONSENT,
  EXPLORE_TOOL_NAME,
} from "../../agent/tools/explore-chat-history/explore-chat-history-tool.js";
import { formatReportText } from "../../agent/tools/explore-chat-history/report-text.js";
import type { ExploreChatHistoryReport } from "../../card/report-schema.js";
import type { Engine } from "../../engine/engine.js";
import { ENGINE_KINDS, engineConfigFromEnv } from "../../engine/index.js";
import { quotedValue } from "../../errors/quoted-value.js";
import { InvalidInputError, UserCancelledError } from "../../errors/recollect-error.js";
import { allowToolWithConsent, settingsStoreForStorePath } from "../../settings/index.js";
import {
  cliIsPro,
  globalOptions,
  proRequiredError,
  requireExistingCliStore,
  setOutcomeExitCode,
  storePathFor,
} from "../cli-context.js";
import { teamStoreFor, withCliHistory } from "../cli-history.js";
import { exploreWithTelemetry } from "../explore-telemetry.js";
import { runInFlagTerms } from "../flag-terms.js";
import { onceOnlyApp } from "../once-only-option.js";
import { progressLines } from "../progress-lines.js";
import { recollectInvocation } from "../recollect-invocation.js";
import { handleStopSignals } from "../stop-signals.js";
import { writeAnswer } from "../write-answer.js";
import { requireAppName } from "./apps.js";
import { parseIdOption } from "./integer-option.js";

/** Exit code per report outcome (documented in the module doc and docs/CLI.md). */
export const EXPLORE_EXIT_CODES: Readonly<Record<ExploreChatHistoryReport["outcome"], number>> = {
  complete: 0,
  no_match: 10,
  partial: 11,
};

/**
 * The Engine for `--engine KIND` (default: `RECOLLECT_ENGINE`, else offline). Other settings
 * (base URL, model, key) come from the environment, never argv.
 *
 * @throws InvalidInputError for an unknown kind; PreconditionError naming missing configuration.
 */
export function engineForCli(kind: string | undefined): Engine {
  if (kind !== undefined && !(ENGINE_KINDS as readonly string[]).includes(kind.toLowerCase())) {
    throw new InvalidInputError("--engine", ENGINE_KINDS.join(" | "), `got ${quotedValue(kind)}`);
  }
  const env = kind === undefined ? process.env : { ...process.env, RECOLLECT_ENGINE: kind };
  return createExplorerEngine(engineConfigFromEnv(env));
}

interface ExploreOptions {
  app: string;
  engine?: string;
  chat?: string;
}

/**
 * `consent.explore_chat_history never` turns the explorer off for the store on every surface —
 * here as in the MCP server and the agent's tool set — since a hosted Engine would still be sent
 * history. `ask` and `always` run: typing the command is the person's own request.
 * @throws UserCancelledError (exit 6) naming the setting, with the command that turns it back on.
 */
function requireExplorerConsent(storePath: string): void {
  const stored = settingsStoreForStorePath(storePath).read().consent;
  if (resolveConsent(EXPLORE_TOOL_NAME, EXPLORE_DEFAULT_CONSENT, stored) !== "never") return;
  throw new UserCancelledError(
    EXPLORE_TOOL_NAME,
    `${EXPLORE_TOOL_NAME} is turned off for this store (consent never).`,
    [allowToolWithConsent(EXPLORE_TOOL_NAME)],
  );
}

/** Registers `recollect explore`. */
export function registerExploreCommand(program: Command): void {
  program
    .command("explore")
    .description("investigate an app's earlier chats and print a source-attributed report")
    .argument("<question>", "what to recall, 1-500 characters")
    .requiredOption(
      "--app <name>",
      "the app whose history to explore (see `recollect apps`)",
      onceOnlyApp,
    )
    .option("--engine <kind>", `model engine: ${ENGINE_KINDS.join(" | ")} (default offline)`)
    .option("--chat <id>", "treat this chat of the app as the current chat")
    .addHelpText(
      "after",
      "\nExit codes: 0 complete, 10 no_match, 11 partial (incl. evidence-only); errors: 2 invalid input,\n3 app/chat not found, 4 precondition (Pro, Engine config), 5 provider,\n6 turned off (consent.explore_chat_history never); 130 stopped by SIGINT (Ctrl-C), 143 by SIGTERM.",
    )
    .action(async (question: string, options: ExploreOptions, command: Command) => {
      // From the first line on, a signal aborts the run rather than killing the process.
      const { signal } = handleStopSignals(command);
      const global = globalOptions(command);
      const chatId = parseIdOption("--chat", options.chat, "chat") ?? null;
      runInFlagTerms({ question: { flag: "<question>", typed: undefined } }, () =>
        parseExploreQuestion(question),
      );
      const appName = requireAppName(options.app);
      const engine = engineForCli(options.engine);
      const team = teamStoreFor(global);
      if (team === null) requireExistingCliStore(global);
      if (!cliIsPro(global)) {
        throw proRequiredError("Exploring chat history", storePathFor(global));
      }
      requireExplorerConsent(storePathFor(global));
      // Counts go to the local telemetry sink (beside the local store) only when that store is read.
      const telemetryStore = { path: storePathFor(global), writable: team === null };
      const run = await withCliHistory(global, async (history, local) => {
        const explored = await runInFlagTerms(
          { question: { flag: "<question>", typed: undefined } },
          () =>
            exploreWithTelemetry(local ?? telemetryStore, () =>
              exploreApp({
                store: local ?? history,
                appName,
                query: question,
                engine,
                isPro: cliIsPro(global),
                chatId,
                signal,
                onProgress: progressLines((line) => process.stderr.write(`${line}\n`)),
              }),
            ),
        );
        // What became of each cited message (kept after its file was deleted, changed, gone),
        // as typed fields the text and --json both show; a team store keeps no files to check.
        if (local === null) return explored;
        const noteOf = citedTargetNotes(local, explored.appId);
        return { ...explored, report: reportWithCitationNotes(explored.report, noteOf) };
      });
      setOutcomeExitCode(command, EXPLORE_EXIT_CODES[run.report.outcome]);
      await writeAnswer(command, run.report, () =>
        formatReportText(run.report, {
          // The stored name: each printed `read --app` runs as printed.
          appName: run.appName,
          ...(global.db === undefined ? {} : { dbPath: global.db }),
          invocation: recollectInvocation(process.env),
        }),
      );
    });
}
