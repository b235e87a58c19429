/**
 * `recollect serve [--port N] [--app NAME] [--no-build]`: the local web app on 127.0.0.1 — chat
 * with the primary agent, the live history card, tool permissions. Builds the web bundle on first
 * use. Engine from `RECOLLECT_ENGINE*` variables; entitlement and consents from the settings file
 * beside the store. With `--store postgres://…` (or `RECOLLECT_STORE`) the turns recall the team
 * store's app of each local app's name and evidence opens from there, while the person's chats,
 * replies, settings and index stay in the local store (docs/TEAM.md). Runs until SIGINT (Ctrl+C) or SIGTERM, then closes the server and the store and
 * exits 130 or 143 (`stop-signals.ts`).
 */
import type { Command } from "commander";
import { settingsEntitlement } from "../../agent/entitlement/entitlement-provider.js";
import { engineConfigFromEnv } from "../../engine/index.js";
import { FILL_STORE } from "../../errors/recollect-error.js";
import type { HistoryPort } from "../../history/index.js";
import { ensureWebBuild } from "../../server/build-web.js";
import { startRecollectServer } from "../../server/create-recollect-server.js";
import type { FillCommands } from "../../server/shared/api-types.js";
import { assertListenPort } from "../../server/start-server.js";
import {
  createFileSettingsStore,
  createMemorySettingsStore,
  SETTINGS_DEFAULTS,
  settingsPathForStore,
} from "../../settings/index.js";
import { connectTeamStore } from "../../team/connect.js";
import { teamHistoryPort } from "../../team/team-history-port.js";
import {
  createJsonlTelemetrySink,
  DISCARD_TELEMETRY,
  telemetryPathForStore,
} from "../../telemetry/index.js";
import {
  type GlobalOptions,
  globalOptions,
  printJson,
  storePathFor,
  withCliStore,
} from "../cli-context.js";
import { type TeamStoreChoice, teamStoreFor } from "../cli-history.js";
import { runInFlagTerms } from "../flag-terms.js";
import { onceOnlyApp } from "../once-only-option.js";
import { cliRemedyWriter } from "../remedy-writer.js";
import { handleStopSignals } from "../stop-signals.js";
import { requireAppId } from "./apps.js";
import { parseIntegerOption } from "./integer-option.js";

/** Default port: fixed so a bookmark keeps working; `--port 0` picks a free one. */
export const DEFAULT_SERVE_PORT = 4477;

/** Parsed `serve` options (commander hands over raw strings). */
export interface ServeOptions {
  port?: string;
  app?: string;
  build: boolean;
}

/**
 * The one start-up line of `serve` on a read-only store (file or folder): browsing works, turns
 * cannot be stored (each would answer 412), and what makes it writable. Names only the path.
 */
export function readOnlyNotice(storePath: string): string {
  return `recollect: the store at ${storePath} is read-only: its chats can be browsed, but new turns cannot be stored. Make the file and its folder writable to chat.`;
}

/** The web app's "no apps yet" commands, written like the CLI's remedies (with the same --db). */
function fillCommands(global: GlobalOptions): FillCommands {
  const write = cliRemedyWriter(global);
  const [importHistory, sync] = FILL_STORE;
  return { import: write(importHistory!), sync: write(sync!) };
}

/**
 * The history port of the team store `team` names (none for null), closed on dispose.
 * @throws InvalidInputError for a bad URL; TeamStoreError when it cannot be reached or used.
 */
async function openTeamHistory(
  team: TeamStoreChoice | null,
): Promise<{ port: HistoryPort | undefined } & AsyncDisposable> {
  const port =
    team === null ? undefined : teamHistoryPort(await connectTeamStore(team.url, team.origin));
  return { port, [Symbol.asyncDispose]: async () => port?.close() };
}

/** Registers `recollect serve`. */
export function registerServeCommand(program: Command): void {
  program
    .command("serve")
    .description("run the local web app on 127.0.0.1 (chat, history card, permissions)")
    .option(
      "--port <n>",
      `port to listen on, 0–65535 (0 picks a free port; default ${DEFAULT_SERVE_PORT})`,
    )
    .option("--app <name>", "open this app first", onceOnlyApp)
    .option("--no-build", "do not build the web bundle if it is missing (API only)")
    .action(async (options: ServeOptions, command: Command) => {
      // SIGINT/SIGTERM close the server and the store, then the run ends with 130/143.
      const { stopped } = handleStopSignals(command);
      await runServe(globalOptions(command), options, stopped);
    });
}

/**
 * The command's body: opens the store, starts the server, prints the URL (`--json`: `{url, port}`)
 * and serves until `stop` resolves, then closes the server and the store.
 * @throws InvalidInputError for a bad `--port`; AppNotFoundError for an unknown `--app`;
 *   PreconditionError for an incomplete Engine configuration or a port in use; TeamStoreError
 *   when the team store in `--store`/`RECOLLECT_STORE` cannot be used.
 */
export async function runServe(
  global: GlobalOptions,
  options: ServeOptions,
  stop: Promise<unknown>,
): Promise<void> {
  const port =
    parseIntegerOption("--port", options.port, "an integer from 0 to 65535") ?? DEFAULT_SERVE_PORT;
  // Checked before the store is opened, so a bad port creates nothing.
  runInFlagTerms({ port: { flag: "--port", typed: options.port } }, () => assertListenPort(port));
  // A team store (issue 32) holds the history the turns recall; the person's chats stay local.
  const team = teamStoreFor(global);
  // A start that fails (an unknown --app, a port in use) leaves no new empty store behind.
  await withCliStore(global, async (store) => {
    const storePath = storePathFor(global);
    const appId = options.app === undefined ? null : requireAppId(store.db, options.app);
    // Browsing a read-only store is still useful; say up front that turns cannot be stored.
    if (!store.writable) process.stderr.write(`${readOnlyNotice(storePath)}\n`);
    const settingsPath = settingsPathForStore(storePath);
    const settings = settingsPath
      ? createFileSettingsStore(settingsPath)
      : createMemorySettingsStore();
    const telemetryPath = telemetryPathForStore(storePath);
    const telemetry = telemetryPath
      ? createJsonlTelemetrySink({
          path: telemetryPath,
          enabled: () => (settings.read().telemetry ?? SETTINGS_DEFAULTS.telemetry) === "on",
        })
      : DISCARD_TELEMETRY;
    const webRoot = options.build ? await ensureWebBuild() : null;
    // Connected last, so a bad port or app never opens a connection; closed after the server.
    await using history = await openTeamHistory(team);
    await using server = await startRecollectServer({
      store,
      settings,
      entitlement: settingsEntitlement(settings),
      engineConfig: engineConfigFromEnv(process.env),
      port,
      appId,
      webRoot,
      telemetry,
      fillCommands: fillCommands(global),
      ...(history.port === undefined ? {} : { history: history.port }),
    });
    const url = appId === null ? `${server.url}/` : `${server.url}/#/chat/${appId}`;
    if (global.json) printJson({ url, port: server.port });
    else process.stdout.write(`Recollect is running at ${url}\nPress Ctrl+C to stop.\n`);
    await stop;
  });
}
