/**
 * Discovery: which files each history source has on this machine, without reading them. A folder
 * that does not exist is reported as such (a machine with no agents installed is the common case),
 * never an error; one that exists but cannot be stat-ed or listed (another user's `~/.claude`,
 * mode 700) is a skipped folder with its reason, and the other folders and sources go on.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { fileErrorCode, type SkippedFolder } from "./fs-listing.js";
import type { HistorySource, SourceEnvironment, SourceFile } from "./history-source.js";

/** One folder a source searched. */
export interface SearchedLocation {
  /** Absolute folder path. */
  readonly path: string;
  /** False when the folder is missing (or not a folder): nothing was found there. */
  readonly exists: boolean;
  /** The source's files found there, sorted by path. */
  readonly files: readonly SourceFile[];
  /** The folder itself, or folders inside it, that could not be stat-ed or listed. */
  readonly skipped: readonly SkippedFolder[];
}

/** What one source found. */
export interface SourceDiscovery {
  readonly source: HistorySource;
  readonly locations: readonly SearchedLocation[];
}

/**
 * Lists every file of `source` in its locations. Project-scoped sources search each of
 * `projectRoots` (absolute, deduplicated by the caller). A file listed under two locations (two
 * overlapping settings folders) is kept once, under the first.
 */
export function discoverSource(
  source: HistorySource,
  environment: SourceEnvironment,
  projectRoots: readonly string[],
): SourceDiscovery {
  const seen = new Set<string>();
  const locations = source.locations(environment, projectRoots).map((location) => {
    const path = resolve(location);
    const skipped: SkippedFolder[] = [];
    const exists = folderExists(path, (reason) => skipped.push({ folder: path, reason }));
    const files = exists
      ? source
          .listFiles(path, (folder) => skipped.push(folder))
          .filter((file) => {
            if (seen.has(file.path)) return false;
            seen.add(file.path);
            return true;
          })
      : [];
    return { path, exists, files, skipped };
  });
  return { source, locations };
}

/**
 * True when `path` is a folder. False when it is missing or not a folder; also false when it
 * cannot be stat-ed (EACCES on a folder above it, ELOOP, EIO), after passing the reason to
 * `onUnreadable`. Throws only what is not a file-system error.
 */
export function folderExists(path: string, onUnreadable: (reason: string) => void): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch (error) {
    const code = fileErrorCode(error);
    if (code === null) throw error;
    if (code !== "ENOTDIR") onUnreadable(`cannot read the folder (${code})`);
    return false;
  }
}

/** Every file a discovery found, in location order. */
export function discoveredFiles(discovery: SourceDiscovery): SourceFile[] {
  return discovery.locations.flatMap((location) => location.files);
}
