/**
 * The discovery environment of a real run: `HOME` (so a temporary one works in tests and
 * sandboxes), the process environment, and the `sources` and `sync.roots` settings keys of the
 * store's settings.
 */
import { homedir } from "node:os";
import type { SettingsStore } from "../settings/index.js";
import type { SourceEnvironment } from "./history-source.js";

/** Builds the environment from `env` (default `process.env`) and the store's settings. */
export function syncEnvironment(
  settings: SettingsStore,
  env: Readonly<Record<string, string | undefined>> = process.env,
): SourceEnvironment {
  const home = env.HOME?.trim() || homedir();
  const stored = settings.read();
  return {
    home,
    env,
    settingsFolders: stored.sources ?? {},
    syncRoots: stored.sync?.roots ?? [],
  };
}
