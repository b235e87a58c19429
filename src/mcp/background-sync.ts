/**
 * `recollect mcp` keeps its client's project current (issue 11 § Builds on): after the handshake
 * it syncs the history files of the client's project folders, so an agent's newest turns are
 * searchable. It runs once per session, after the indexer has started, and never before the
 * `initialize` answer; failures are logged, never sent to the client.
 */
import type { SettingsStore } from "../settings/index.js";
import type { Store } from "../store/open-store.js";
import { type SyncReport, syncEnvironment, syncHistory } from "../sync/index.js";

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
