import { storeCompanionPath } from "../store/companion-path.js";
import {
  createFileSettingsStore,
  createMemorySettingsStore,
  type SettingsStore,
} from "./settings-store.js";

/** Suffix of the settings file that sits beside each store database. */
export const SETTINGS_FILE_SUFFIX = ".settings.json";

/**
 * Where the settings for the store at `storePath` live: `<store name>.settings.json` beside it, e.g.
 * `recollect.db` → `recollect.settings.json`, so stores sharing a folder never share settings. Null for
 * `":memory:"` stores, which use in-memory settings.
 */
export function settingsPathForStore(storePath: string): string | null {
  if (storePath === ":memory:") return null;
  return storeCompanionPath(storePath, SETTINGS_FILE_SUFFIX);
}

/**
 * The settings store for the store at `storePath`: the JSON file beside it, or an in-memory store
 * for `":memory:"`.
 */
export function settingsStoreForStorePath(storePath: string): SettingsStore {
  const path = settingsPathForStore(storePath);
  return path ? createFileSettingsStore(path) : createMemorySettingsStore();
}
