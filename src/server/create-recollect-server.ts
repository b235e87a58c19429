/**
 * Wires `recollect serve`: the store's indexer, the Engine, the primary model, settings-backed
 * permissions and entitlement, the agent turn runner and the built web app, listening on
 * 127.0.0.1. The one composition root of the web surface; tests and the CLI both call it.
 */

import type { EntitlementProvider } from "../agent/entitlement/entitlement-provider.js";
import { createExplorerEngine } from "../agent/explorer-engine.js";
import { createOfflineRouterModel } from "../agent/primary/offline-router-model.js";
import { TOOL_DEFINITIONS } from "../agent/tools/registry.js";
import type { AgentMode } from "../contracts/agent-mode.js";
import type { EngineConfig } from "../engine/engine.js";
import { createIndexer, type HistoryPort } from "../history/index.js";
import type { SettingsStore } from "../settings/index.js";
import type { Store } from "../store/open-store.js";
import { DISCARD_TELEMETRY, type TelemetrySink } from "../telemetry/index.js";
import { createAgentTurnRunner } from "./agent-turn-runner.js";
import { createApp } from "./create-app.js";
import { createSettingsPermissions } from "./settings-permissions.js";
import type { FillCommands } from "./shared/api-types.js";
import { type RunningServer, startServer } from "./start-server.js";
import { createStaticHandler } from "./static-files.js";
import { createTurnRegistry } from "./turns/turn-registry.js";

/**
 * Longest wait, in milliseconds, for running turns to end after they were aborted on close. A
 * runner honours its abort signal within one model chunk or tool call; this bounds a stuck one so
 * the server still stops (the CLI's second Ctrl-C ends the process at once anyway).
 */
const TURN_DRAIN_TIMEOUT_MS = 5_000;

/** Options for {@link startRecollectServer}. */
export interface RecollectServerOptions {
  /** An open, migrated store; the caller closes it after the server. */
  readonly store: Store;
  readonly settings: SettingsStore;
  readonly entitlement: EntitlementProvider;
  /** The Engine for the explorer and, unless offline, for the primary agent too. */
  readonly engineConfig: EngineConfig;
  /** 0–65535; 0 picks a free port. */
  readonly port: number;
  /** The commands that import a history into this store, written for where it was started. */
  readonly fillCommands: FillCommands;
  /** The app the root URL opens (`serve --app`); null or absent: the first app. */
  readonly appId?: number | null;
  /** The built web app folder, or null for API only. */
  readonly webRoot: string | null;
  readonly mode?: AgentMode;
  readonly telemetry?: TelemetrySink;
  /**
   * Run the background indexer (default true). Tests pass false to keep an un-indexed history
   * ("indexing" status); nothing else should.
   */
  readonly startIndexer?: boolean;
  /**
   * A team's store (`serve --store postgres://…`, issue 32): turns recall its app of each local
   * app's name and evidence opens from it; the caller closes it after the server. The local
   * `store` still holds the person's chats, replies, settings and its own index.
   */
  readonly history?: HistoryPort;
}

/**
 * Starts the indexer and the server. `close()` aborts running turns and waits (≤ 5 s) until each
 * has stored its reply (a stopped turn stores what it had, or the stopped reply), then stops the
 * server and the indexer; the store stays open for the caller to close after it.
 * @throws PreconditionError when the Engine configuration is incomplete; RecollectError
 *   (`precondition`) when the port is taken.
 */
export async function startRecollectServer(
  options: RecollectServerOptions,
): Promise<RunningServer> {
  const engine = createExplorerEngine(options.engineConfig);
  // Offline, the primary agent is the transparent rule-based router; otherwise it runs on the
  // Engine's model, so the history tools stay available (not free-model mode).
  const model = engine.kind === "offline" ? createOfflineRouterModel() : engine.languageModel();
  const indexer = createIndexer({ store: options.store });
  if (options.startIndexer ?? true) indexer.start();
  const runTurn = createAgentTurnRunner({
    store: options.store,
    settings: options.settings,
    model,
    engine,
    freeModelMode: false,
    mode: options.mode ?? "agent",
    telemetry: options.telemetry ?? DISCARD_TELEMETRY,
    onMessagesWritten: () => indexer.kick(),
    ...(options.history ? { history: options.history } : {}),
    ...((options.startIndexer ?? true) ? { indexer } : {}),
  });
  const turns = createTurnRegistry();
  const app = createApp({
    turns,
    store: options.store,
    runTurn,
    permissions: createSettingsPermissions(options.settings, TOOL_DEFINITIONS),
    isPro: () => options.entitlement.entitlement() === "pro",
    fillCommands: options.fillCommands,
    defaultAppId: options.appId ?? null,
    staticHandler: options.webRoot ? createStaticHandler(options.webRoot) : null,
    ...(options.history ? { history: options.history } : {}),
  });
  let server: RunningServer;
  try {
    server = await startServer(app, options.port);
  } catch (error) {
    await indexer.stop();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, TURN_DRAIN_TIMEOUT_MS);
      });
      await Promise.race([turns.abortAll(), timeout]).finally(() => clearTimeout(timer));
      await server.close();
      await indexer.stop();
    })();
    return closing;
  };
  return { url: server.url, port: server.port, close, [Symbol.asyncDispose]: close };
}
