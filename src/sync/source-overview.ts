/**
 * What `recollect sources` shows: per history source, where it looks, and per project root what
 * sync found there (files, chats, messages, skipped files, last sync time), from the store's sync
 * state only (nothing is read from disk but folder existence).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type Database from "better-sqlite3";
import {
  forgetSourceFiles,
  rememberedSourceFiles,
  skippedSourceFiles,
  sourceProjectTotals,
} from "../store/catalog/source-files.js";
import { writeTransaction } from "../store/write-transaction.js";
import { folderExists } from "./discover.js";
import type { SourceEnvironment } from "./history-source.js";
import { keptChatCount } from "./kept-chats.js";
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
  /** Chats the store keeps whose file is gone (the agent deleted it): only in Recollect now. */
  readonly keptChats: number;
  /** Files the last sync that saw them skipped, with the reason, sorted by path. */
  readonly skipped: readonly { readonly file: string; readonly reason: string }[];
  /** Newest sync of any of its files, or null when none was ever synced. */
  readonly lastSyncedAtMs: number | null;
}

/**
 * Forgets the remembered files that are gone from disk (one `stat` each), so `recollect sources`
 * lists only files that exist; the chats stored from them stay (counted as kept). A store opened
 * read-only keeps its rows: the overview then still counts them.
 */
export function pruneGoneSourceFiles(db: Database.Database): void {
  const gone = rememberedSourceFiles(db).filter((file) => !existsSync(file.path));
  if (gone.length === 0) return;
  try {
    writeTransaction(db, () => {
      for (const file of gone) forgetSourceFiles(db, file.source, [file.path]);
    })();
  } catch (error) {
    if ((error as { code?: unknown }).code !== "SQLITE_READONLY") throw error;
  }
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
      keptChats: keptChatCount(db, source, environment),
      skipped: skippedFiles
        .filter((file) => file.source === source.name)
        .map(({ path, reason }) => ({ file: path, reason })),
      lastSyncedAtMs: times.length > 0 ? Math.max(...times) : null,
    };
  });
}
