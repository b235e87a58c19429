/** Indexer seam: the trigger-fed FTS5 index over projections (DESIGN.md § Index). */
export { buildIndexRow, cleanTitle, MAX_TITLE_CHARS, scopeTokens } from "./build-index-row.js";
export {
  type CreateIndexerOptions,
  createIndexer,
  DEFAULT_INDEX_BATCH_SIZE,
  DEFAULT_KICK_DEBOUNCE_MS,
  DEFAULT_POLL_INTERVAL_MS,
  type Indexer,
  type IndexerClock,
} from "./create-indexer.js";
export {
  type DrainAndMeasureOptions,
  type Drainable,
  drainAndMeasure,
  type IndexSnapshot,
  measureIndex,
} from "./index-measurement.js";
export { storedProjectionVersion } from "./index-meta.js";
export type { RepairReport } from "./index-queue.js";
export { requeueAllMessages } from "./requeue-all.js";
export {
  FREQUENT_TERMS_KEY,
  MIN_ROWS_FOR_TERM_STATS,
  readTermStats,
  refreshTermStats,
  type TermStats,
} from "./term-stats.js";
