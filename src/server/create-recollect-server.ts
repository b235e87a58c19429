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
import { createIndexer } from "../history/index.js";
import type { SettingsStore } from "../settings/index.js";
import type { Store } from "../store/open-store.js";
import { DISCARD_TELEMETRY, type TelemetrySink } from "../telemetry/index.js";
import { createAgentTurnRunner } from "./agent-turn-runner.js";
import { createApp } from "./create-app.js";
import { createSettingsPermissions } from "./settings-permissions.js";
import type { FillCommands } from "./shared/api-types.js";
import { type RunningServer, startServer } from "./start-server.js";
import { createStaticHandler } from "./static-files.js";

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
  /** The built web app folder, or null for API only. */
  readonly webRoot: string | null;
  readonly mode?: AgentMode;
  readonly telemetry?: TelemetrySink;
  /**
   * Run the background indexer (default true). Tests pass false to keep an un-indexed history
   * ("indexing" status); nothing else should.
   */
  readonly startIndexer?: boolean;
}

/**
 * Starts the indexer and the server. `close()` stops both (the store stays open).
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
    ...((options.startIndexer ?? true) ? { indexer } : {}),
  });
  const app = createApp({
    store: options.store,
    runTurn,
    permissions: createSettingsPermissions(options.settings, TOOL_DEFINITIONS),
    isPro: () => options.entitlement.entitlement() === "pro",
    fillCommands: options.fillCommands,
    staticHandler: options.webRoot ? createStaticHandler(options.webRoot) : null,
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
      await server.close();
      await indexer.stop();
    })();
    return closing;
  };
  return { url: server.url, port: server.port, close, [Symbol.asyncDispose]: close };
}
