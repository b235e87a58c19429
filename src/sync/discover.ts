/**
 * Discovery: which files each history source has on this machine, without reading them. A folder
 * that does not exist is reported as such (a machine with no agents installed is the common case),
 * never an error.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import type { HistorySource, SourceEnvironment, SourceFile } from "./history-source.js";

/** One folder a source searched. */
export interface SearchedLocation {
  /** Absolute folder path. */
  readonly path: string;
  /** False when the folder is missing (or not a folder): nothing was found there. */
  readonly exists: boolean;
  /** The source's files found there, sorted by path. */
  readonly files: readonly SourceFile[];
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
    const exists = statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
    const files = exists
      ? source.listFiles(path).filter((file) => {
          if (seen.has(file.path)) return false;
          seen.add(file.path);
          return true;
        })
      : [];
    return { path, exists, files };
  });
  return { source, locations };
}

/** Every file a discovery found, in location order. */
export function discoveredFiles(discovery: SourceDiscovery): SourceFile[] {
  return discovery.locations.flatMap((location) => location.files);
}
