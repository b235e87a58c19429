import { dirname, join } from "node:path";
import {
  createFileSettingsStore,
  createMemorySettingsStore,
  type SettingsStore,
} from "./settings-store.js";

/** The settings file's name, beside the store database. */
export const SETTINGS_FILE_NAME = "settings.json";

/**
 * Where the settings for the store at `storePath` live: `settings.json` in the same folder. Null
 * for `":memory:"` stores, which use in-memory settings.
 */
export function settingsPathForStore(storePath: string): string | null {
  if (storePath === ":memory:") return null;
  return join(dirname(storePath), SETTINGS_FILE_NAME);
}

/**
 * The settings store for the store at `storePath`: the JSON file beside it, or an in-memory store
 * for `":memory:"`.
 */
export function settingsStoreForStorePath(storePath: string): SettingsStore {
  const path = settingsPathForStore(storePath);
  return path ? createFileSettingsStore(path) : createMemorySettingsStore();
}
