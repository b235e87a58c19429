/**
 * Small, never-throwing folder listings for the history sources. A missing folder is "nothing
 * there", not an error, because discovery runs on machines where most agents are absent; a folder
 * that exists but cannot be listed (EACCES, EIO, ELOOP…) is reported through the caller's
 * {@link OnSkippedFolder}, so sync can say which folder it skipped and why, and go on.
 */
import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";

/** A folder sync could not list or stat, with its reason (`cannot list the folder (EACCES)`). */
export interface SkippedFolder {
  /** Absolute folder path. */
  readonly folder: string;
  readonly reason: string;
}

/** Hears each folder a listing could not read. */
export type OnSkippedFolder = (skipped: SkippedFolder) => void;

/**
 * The Node system-error code of `error` (`EACCES`, `ENOENT`…), or null when it is not an error of
 * a file-system call (a store error's `SQLITE_…` code is not one).
 */
export function fileErrorCode(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  return typeof code === "string" && typeof syscall === "string" && /^E[A-Z0-9]+$/.test(code)
    ? code
    : null;
}

/**
 * The entries of `folder`, sorted by name; [] when it is missing or unreadable. An unreadable
 * one (any error but ENOENT) is passed to `onSkipped`. Throws only what is not a file-system
 * error.
 */
export function listEntries(folder: string, onSkipped?: OnSkippedFolder): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
  } catch (error) {
    const code = fileErrorCode(error);
    if (code === null) throw error;
    // A folder removed since its parent was listed is simply not there any more.
    if (code !== "ENOENT") onSkipped?.({ folder, reason: `cannot list the folder (${code})` });
    return [];
  }
}

/** Paths of the regular files directly in `folder` whose name passes `accept`, sorted. */
export function filesIn(
  folder: string,
  accept: (name: string) => boolean,
  onSkipped?: OnSkippedFolder,
): string[] {
  return listEntries(folder, onSkipped)
    .filter((entry) => entry.isFile() && accept(entry.name))
    .map((entry) => join(folder, entry.name));
}

/** Paths of the sub-folders directly in `folder` (no symlinked folders), sorted. */
export function foldersIn(folder: string, onSkipped?: OnSkippedFolder): string[] {
  return listEntries(folder, onSkipped)
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
