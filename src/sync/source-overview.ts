/**
 * What `recollect sources` shows: per history source, where it looks, and per project root what
 * sync found there (files, chats, messages, skipped files, last sync time), from the store's sync
 * state only (nothing is read from disk but folder existence).
 */
import { resolve } from "node:path";
import type Database from "better-sqlite3";
import { skippedSourceFiles, sourceProjectTotals } from "../store/catalog/source-files.js";
import { folderExists } from "./discover.js";
import type { SourceEnvironment } from "./history-source.js";
import { HISTORY_SOURCES } from "./sources/index.js";

/** One project root of one source. Times are ms since the epoch. */
export interface SourceProjectOverview {
  /** The project folder, or null for files whose project is not known. */
  readonly projectRoot: string | null;
  /** The app that holds the folder's chats, when there is one. */
  readonly app: string | null;
  readonly files: number;
  readonly chats: number;
  readonly messages: number;
  /** Files that contributed nothing (see `recollect sync` for their reasons). */
  readonly skippedFiles: number;
  readonly lastSyncedAtMs: number;
}

/** One source. */
export interface SourceOverview {
  readonly source: string;
  readonly label: string;
  readonly scope: "home" | "project";
  /**
   * The folders a `home` source searches, with whether each exists and, for one that cannot be
   * stat-ed (EACCES on a folder above it), why; [] for project sources.
   */
  readonly locations: readonly {
    readonly path: string;
    readonly exists: boolean;
    readonly unreadable: string | null;
  }[];
  readonly projects: readonly SourceProjectOverview[];
  /** Files the last sync that saw them skipped, with the reason, sorted by path. */
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
  /** Newest sync of any of its files, or null when none was ever synced. */
  readonly lastSyncedAtMs: number | null;
}

/** Every registered source, in registry order, with what the store holds of it. */
export function sourceOverview(
  db: Database.Database,
  environment: SourceEnvironment,
): SourceOverview[] {
  const rows = sourceProjectTotals(db);
  const skippedFiles = skippedSourceFiles(db);
  return HISTORY_SOURCES.map((source) => {
    const projects = rows
      .filter((row) => row.source === source.name)
      .map(({ source: _source, ...project }) => project);
    const locations =
      source.scope === "home"
        ? source.locations(environment, []).map((location) => {
            const path = resolve(location);
            let unreadable: string | null = null;
            const exists = folderExists(path, (reason) => {
              unreadable = reason;
            });
            return { path, exists, unreadable };
          })
        : [];
    const times = projects.map((project) => project.lastSyncedAtMs);
    return {
      source: source.name,
      label: source.label,
      scope: source.scope,
      locations,
      projects,
      skipped: skippedFiles
        .filter((file) => file.source === source.name)
        .map(({ path, reason }) => ({ file: path, reason })),
      lastSyncedAtMs: times.length > 0 ? Math.max(...times) : null,
    };
  });
}
