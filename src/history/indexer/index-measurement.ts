/**
 * Privacy-safe index measurements (plan § Indexer Lifecycle: "Add privacy-safe measurements for
 * drain duration, dirty-queue size, and index size"). Counts and bytes only; no app, chat or
 * message ids, no text. The numbers feed the follow-up decision on entitlement-gated indexing.
 */
import type { DatabasePort } from "../../store/database-port.js";
import type { IndexMeasurementEvent } from "../../telemetry/telemetry-events.js";
import type { TelemetrySink } from "../../telemetry/telemetry-sink.js";

/** Dirty-queue size (queued messages + queued chats) and the FTS index's size on disk, in bytes. */
export interface IndexSnapshot {
  readonly dirtyQueueSize: number;
  readonly indexSizeBytes: number;
}

/**
 * Measures the index of a migrated store. Index size sums the pages of every `history_fts*`
 * shadow table via SQLite's `dbstat` (page bytes, not just payload); 0 when `dbstat` is missing.
 */
export function measureIndex(db: DatabasePort): IndexSnapshot {
  const dirtyQueueSize = Number(
    db
      .prepare(
        "SELECT (SELECT count(*) FROM history_dirty_messages) + (SELECT count(*) FROM history_dirty_chats)",
      )
      .pluck()
      .get(),
  );
  let indexSizeBytes = 0;
  try {
    indexSizeBytes = Number(
      db
        .prepare("SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name LIKE 'history_fts%'")
        .pluck()
        .get(),
    );
  } catch {
    // Builds of SQLite without the dbstat virtual table: size is unknown, reported as 0.
    indexSizeBytes = 0;
  }
  return { dirtyQueueSize, indexSizeBytes };
}

/** A drain to measure: anything with `drainOnce()` returning rows handled (the indexer fits). */
export interface Drainable {
  drainOnce(): number;
}

/** Options of {@link drainAndMeasure}. */
export interface DrainAndMeasureOptions {
  readonly db: DatabasePort;
  readonly indexer: Drainable;
  readonly telemetry: TelemetrySink;
  /** Clock in ms. Default `Date.now`. */
  readonly now?: () => number;
  /** Most batches to drain (bounds the call). Default 10,000. */
  readonly maxBatches?: number;
}

/**
 * Drains the queue batch by batch (synchronously), then records one `index_measurement` event:
 * drain duration (ms), rows drained, the dirty-queue size left, and the index size in bytes.
 * Returns the event recorded.
 */
export function drainAndMeasure(options: DrainAndMeasureOptions): IndexMeasurementEvent {
  const now = options.now ?? Date.now;
  const maxBatches = options.maxBatches ?? 10_000;
  const started = now();
  let drained = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const handled = options.indexer.drainOnce();
    if (handled === 0) break;
    drained += handled;
  }
  const snapshot = measureIndex(options.db);
  const event: IndexMeasurementEvent = {
    event: "index_measurement",
    drain_duration_ms: Math.max(0, Math.round(now() - started)),
    drained_count: drained,
    dirty_queue_size: snapshot.dirtyQueueSize,
    index_size_bytes: snapshot.indexSizeBytes,
  };
  options.telemetry.record(event);
  return event;
}
