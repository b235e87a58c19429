/** Public seam of sync: history sources on disk, discovery, incremental sync, watch. */
export { discoveredFiles, discoverSource, type SourceDiscovery } from "./discover.js";
export type { SkippedFolder } from "./fs-listing.js";
export type {
  HistorySource,
  SourceEnvironment,
  SourceFile,
  SourceScope,
} from "./history-source.js";
export { isFileGone, keptChatCount } from "./kept-chats.js";
export { RETENTION_WARNING_DAYS, type SourceRetentionWarning } from "./retention-warning.js";
export { skipLines } from "./skip-lines.js";
export {
  pruneGoneSourceFiles,
  type SourceOverview,
  type SourceProjectOverview,
  sourceOverview,
} from "./source-overview.js";
export { HISTORY_SOURCE_NAMES, HISTORY_SOURCES } from "./sources/index.js";
export { syncEnvironment } from "./sync-environment.js";
export {
  projectFolders,
  reportHasSkips,
  type SearchedFolder,
  type SkippedFile,
  type SourceSyncSummary,
  type SyncHistoryOptions,
  type SyncProgressEvent,
  type SyncReport,
  selectSources,
  syncHistory,
} from "./sync-history.js";

export {
  type HistoryWatch,
  type WatchHistoryOptions,
  watchHistory,
  watchRetryMs,
} from "./watch-history.js";
