/**
 * The web API over a store for tests that only read it: no turn runner (a posted turn does
 * nothing), no static files, Pro, in-memory settings. Test support; never imported by production.
 */
import type { Hono } from "hono";
import { createMemorySettingsStore } from "../../settings/index.js";
import type { Store } from "../../store/open-store.js";
import { createApp } from "../create-app.js";
import { createSettingsPermissions } from "../settings-permissions.js";
import { TEST_FILL_COMMANDS } from "./fill-commands.js";

/** Builds the app over `store`. */
export function createReadOnlyApi(store: Store): Hono {
  return createApp({
    store,
    runTurn: async () => undefined,
    permissions: createSettingsPermissions(createMemorySettingsStore({}), []),
    isPro: () => true,
    fillCommands: TEST_FILL_COMMANDS,
    staticHandler: null,
  });
}
