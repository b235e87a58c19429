/**
 * Small, never-throwing folder listings for the history sources: a missing or unreadable folder is
 * "nothing there", not an error, because discovery runs on machines where most agents are absent.
 */
import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";

/** The entries of `folder`, sorted by name; [] when it is missing or unreadable. */
export function listEntries(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch {
    return [];
  }
}

/** Paths of the regular files directly in `folder` whose name passes `accept`, sorted. */
export function filesIn(folder: string, accept: (name: string) => boolean): string[] {
  return listEntries(folder)
    .filter((entry) => entry.isFile() && accept(entry.name))
    .map((entry) => join(folder, entry.name));
}

/** Paths of the sub-folders directly in `folder` (no symlinked folders), sorted. */
export function foldersIn(folder: string): string[] {
  return listEntries(folder)
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(folder, entry.name));
}

/**
 * The folders a `home` source searches: the settings folders when given, else `<env var>/<sub>`
 * when the agent's own variable is set, else `<home>/<fallback>`.
 */
export function homeLocations(
  environment: {
    readonly home: string;
    readonly env: Readonly<Record<string, string | undefined>>;
    readonly settingsFolders: Readonly<Record<string, readonly string[]>>;
  },
  source: string,
  envVariable: string | null,
  subfolder: string,
  fallback: string,
): string[] {
  const configured = environment.settingsFolders[source];
  if (configured && configured.length > 0) return [...configured];
  const fromEnv = envVariable ? environment.env[envVariable]?.trim() : undefined;
  if (fromEnv) return [join(fromEnv, subfolder)];
  return [join(environment.home, fallback)];
}
