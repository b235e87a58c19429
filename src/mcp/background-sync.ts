/**
 * `recollect mcp` keeps its client's project current (issue 11 § Builds on): after the handshake
 * it syncs the history files of the client's project folders, then follows the agents' history
 * folders with sync's watcher (`watchHistory`: chokidar, debounced, passes never overlapping, a
 * slow rescan as fallback) and syncs that project again after each burst of changes, so an
 * agent's newest turns become searchable during a long session. Each pass reads only what the
 * project's files gained since the last one; files of other projects are never read. Failures are
 * logged, never sent to the client.
 */
import { resolve } from "node:path";
import type { SettingsStore } from "../settings/index.js";
import type { Store } from "../store/open-store.js";
import {
  type HistoryWatch,
  type SyncReport,
  skipLines,
  syncEnvironment,
  syncHistory,
  watchHistory,
} from "../sync/index.js";

/** Options of {@link syncClientProject}. */
export interface SyncClientProjectOptions {
  readonly store: Store;
  readonly settings: SettingsStore;
  /** The server's environment (`HOME`, agents' own variables). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The client's project folders (its roots, else `CLAUDE_PROJECT_DIR`, else the cwd). */
  readonly folders: readonly string[];
}

/**
 * Syncs the files whose project root is inside `folders` (new and grown files only; unchanged
 * files cost a `stat`). Returns the report, or null when there is no folder to sync.
 *
 * @throws what `syncHistory` throws (the store failing); the caller logs it.
 */
export function syncClientProject(options: SyncClientProjectOptions): SyncReport | null {
  if (options.folders.length === 0) return null;
  return syncHistory({
    store: options.store,
    environment: syncEnvironment(options.settings, options.env),
    onlyProjects: options.folders,
  });
}

/** What one pass changed in the store, over every source. */
export interface SyncedCounts {
  /** Message rows written. */
  readonly messages: number;
  /** Stored messages deleted that the files no longer hold (`SourceSyncSummary.messagesRemoved`). */
  readonly messagesRemoved: number;
}

/** The {@link SyncedCounts} of `report`; all 0 for no report (no folder to sync). */
export function syncedCounts(report: SyncReport | null): SyncedCounts {
  const sources = report?.sources ?? [];
  return {
    messages: sources.reduce((total, source) => total + source.messages, 0),
    messagesRemoved: sources.reduce((total, source) => total + source.messagesRemoved, 0),
  };
}

/** Options of {@link followClientProject}. */
export interface FollowClientProjectOptions extends SyncClientProjectOptions {
  /**
   * After a pass that wrote or removed messages: how many (the caller kicks the indexer, which
   * a removal needs too: a deleted reply re-queues the question before it).
   */
  readonly onSynced: (counts: SyncedCounts) => void;
  /** A pass failed; the watch goes on. */
  readonly onError: (error: unknown) => void;
  /**
   * Each file or folder a pass skipped, as its `skipped …: reason` line (`skipLines`), once per
   * line and reason for the life of the watch: one that stays unreadable is not logged again.
   */
  readonly onSkipped?: (line: string) => void;
}

/**
 * Syncs the client's project at once, then again after each burst of changes in the agents'
 * history folders (debounce and fallback rescan: `watchHistory`'s). `stop()` waits for a pass in
 * progress, so the store may be closed after it resolves.
 */
export function followClientProject(options: FollowClientProjectOptions): HistoryWatch {
  const logged = new Set<string>();
  return watchHistory({
    environment: syncEnvironment(options.settings, options.env),
    sources: [],
    // Only this project's folders and files wake it, not every project's writes.
    projects: options.folders.map((folder) => resolve(folder)),
    pass: async () => {
      const report = syncClientProject(options);
      for (const line of report?.sources.flatMap(skipLines) ?? []) {
        if (logged.has(line)) continue;
        logged.add(line);
        options.onSkipped?.(line);
      }
      const counts = syncedCounts(report);
      if (counts.messages > 0 || counts.messagesRemoved > 0) options.onSynced(counts);
      // The project's own folders (SpecStory's, aider's files) are followed too.
      return options.folders;
    },
    onError: options.onError,
  });
}
