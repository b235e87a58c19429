import { constants, copyFileSync, existsSync } from "node:fs";
import { legacyStoreCompanionPath, storeCompanionPath } from "../store/companion-path.js";
import {
  createFileSettingsStore,
  createMemorySettingsStore,
  type SettingsStore,
} from "./settings-store.js";

/** Suffix of the settings file that sits beside each store database. */
export const SETTINGS_FILE_SUFFIX = ".settings.json";

/**
 * Where the settings for the store at `storePath` live: `<store file name>.settings.json` beside
 * it, e.g. `recollect.db` → `recollect.db.settings.json`, so stores sharing a folder never share
 * settings. A file under the name used before 2026-12-07 (`recollect.settings.json`) is copied to
 * it the first time, so Pro and consents carry over; when the folder refuses the copy, that older
 * file is the store's settings file, as before. Null for `":memory:"` stores (in-memory settings).
 */
export function settingsPathForStore(storePath: string): string | null {
  if (storePath === ":memory:") return null;
  const path = storeCompanionPath(storePath, SETTINGS_FILE_SUFFIX);
  const legacy = legacyStoreCompanionPath(storePath, SETTINGS_FILE_SUFFIX);
  if (legacy === path || existsSync(path) || !existsSync(legacy)) return path;
  try {
    // Copied, not moved: another store of the folder may have shared the older name.
    copyFileSync(legacy, path, constants.COPYFILE_EXCL);
    return path;
  } catch (error) {
    // Another process copied it first; any other refusal (a read-only folder) keeps the old file.
    return (error as NodeJS.ErrnoException).code === "EEXIST" ? path : legacy;
  }
}

/**
 * The settings store for the store at `storePath`: the JSON file beside it
 * ({@link settingsPathForStore}), or an in-memory store for `":memory:"`.
 */
export function settingsStoreForStorePath(storePath: string): SettingsStore {
  const path = settingsPathForStore(storePath);
  return path ? createFileSettingsStore(path) : createMemorySettingsStore();
}
