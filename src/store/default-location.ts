import { homedir } from "node:os";
import { join } from "node:path";
import type { StoreLocation } from "./store-location.js";

/**
 * Where the store lives when `--db` does not say: `RECOLLECT_DB` when it is set and not empty
 * (origin `RECOLLECT_DB`), else the user's data directory (`$XDG_DATA_HOME` or `~/.local/share`
 * on Linux, `~/Library/Application Support` on macOS, `%APPDATA%` on Windows), in a `recollect/`
 * folder, file `recollect.db` (origin `default`). The value of `RECOLLECT_DB` is returned as set;
 * the CLI checks it (`cli-context.ts`).
 */
export function defaultStoreLocation(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): StoreLocation {
  if (env.RECOLLECT_DB) return { path: env.RECOLLECT_DB, origin: "RECOLLECT_DB" };
  let base: string;
  if (platform === "darwin") base = join(home, "Library", "Application Support");
  else if (platform === "win32") base = env.APPDATA ?? join(home, "AppData", "Roaming");
  else base = env.XDG_DATA_HOME || join(home, ".local", "share");
  return { path: join(base, "recollect", "recollect.db"), origin: "default" };
}
