/**
 * Where desktop editors keep their per-user data, relative to HOME: `Library/Application Support`
 * on macOS, `.config` elsewhere (Linux; Windows keeps it outside HOME, in `%APPDATA%`, which the
 * `sources` setting can point to).
 */

/** The application-data folder relative to HOME for `platform` (default: this machine's). */
export function applicationDataFolder(platform: NodeJS.Platform = process.platform): string {
  return platform === "darwin" ? "Library/Application Support" : ".config";
}
