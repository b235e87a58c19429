import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where the store lives when neither `--db` nor `RECOLLECT_DB` says: the user's data directory
 * (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
 * `%APPDATA%` on Windows), in a `recollect/` folder, file `recollect.db`.
 */
export function defaultStorePath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.RECOLLECT_DB) return env.RECOLLECT_DB;
  let base: string;
  if (platform === "darwin") base = join(home, "Library", "Application Support");
  else if (platform === "win32") base = env.APPDATA ?? join(home, "AppData", "Roaming");
  else base = env.XDG_DATA_HOME || join(home, ".local", "share");
  return join(base, "recollect", "recollect.db");
}
