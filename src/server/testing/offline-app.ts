/**
 * The web API as `recollect serve` builds it offline, for in-process tests: the real agent turn
 * runner with the offline router as the primary model and the offline explorer, over a given
 * store, with in-memory settings. No static files (API only).
 */
import type { Hono } from "hono";
import { createExplorerEngine } from "../../agent/explorer-engine.js";
import { createOfflineRouterModel } from "../../agent/primary/offline-router-model.js";
import { TOOL_DEFINITIONS } from "../../agent/tools/registry.js";
import type { HistoryPort } from "../../history/index.js";
import { createMemorySettingsStore, type Settings } from "../../settings/index.js";
import type { Store } from "../../store/open-store.js";
import { createAgentTurnRunner } from "../agent-turn-runner.js";
import { createApp } from "../create-app.js";
import { createSettingsPermissions } from "../settings-permissions.js";
import { TEST_FILL_COMMANDS } from "./fill-commands.js";

/**
 * Builds the app over `store`; `isPro` decides the entitlement, `settings` seeds the consents,
 * `history` is a team store's port (`serve --store postgres://…`).
 */
export function createOfflineTestApp(
  store: Store,
  options: {
    readonly isPro: boolean;
    readonly settings?: Settings;
    readonly history?: HistoryPort;
  },
): Hono {
  const history = options.history ? { history: options.history } : {};
  const settings = createMemorySettingsStore(options.settings ?? {});
  return createApp({
    store,
    runTurn: createAgentTurnRunner({
      store,
      settings,
      model: createOfflineRouterModel(),
      engine: createExplorerEngine({ kind: "offline" }),
      freeModelMode: false,
      ...history,
    }),
    permissions: createSettingsPermissions(settings, TOOL_DEFINITIONS),
    isPro: () => options.isPro,
    fillCommands: TEST_FILL_COMMANDS,
    staticHandler: null,
    ...history,
  });
}
