import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { sqliteErrorCode } from "../../errors/recollect-error.js";
import type { StorePort } from "../../store/database-port.js";
import { withBusyTimeout } from "../../store/write-transaction.js";
import { PROJECTION_VERSION } from "../projection/projection-version.js";
import { createIndexQueue, type RepairReport } from "./index-queue.js";
import {
  MIN_ROWS_FOR_TERM_STATS,
  readTermStats,
  refreshTermStats,
  TERM_STATS_STALE_SHARE,
  type TermStats,
} from "./term-stats.js";

/**
 * Messages per drain transaction. Small enough that one batch holds the write lock for a few
 * milliseconds (a search or an import in between is never starved), large enough that the
 * per-transaction cost stays small next to FTS5's own insert cost.
 */
export const DEFAULT_INDEX_BATCH_SIZE = 200;

/** Delay between a `kick()` and the drain it schedules, ms: bursts of writes coalesce. */
export const DEFAULT_KICK_DEBOUNCE_MS = 50;

/**
 * How often a started indexer looks at the queue without being kicked, ms. Catches writes from
 * other processes (e.g. `recollect import` while `recollect serve` runs); the check is one
 * indexed `EXISTS`.
 */
export const DEFAULT_POLL_INTERVAL_MS = 2_000;

/**
 * How long an opportunistic batch (a search's freshness wait, a background drain) waits for
 * another process's write lock before giving up until later, ms. Short, because better-sqlite3
 * waits synchronously: a search must not stall behind another process's import, and a server's
 * event loop must not stall at all. Explicit drains (`drainOnce`, `drainAll`) wait the store's
 * full busy timeout.
 */
export const OPPORTUNISTIC_LOCK_WAIT_MS = 50;

/** True for SQLite's "another connection holds the lock" errors. */
function isBusy(error: unknown): boolean {
  return /^SQLITE_(?:BUSY|LOCKED)/.test(sqliteErrorCode(error) ?? "");
}

/** Milliseconds clock; injected for deterministic deadlines in tests. */
export interface IndexerClock {
  now(): number;
}

/** Options of {@link createIndexer}. */
export interface CreateIndexerOptions {
  readonly store: StorePort;
  /** Messages per transaction, 1–10,000. Default {@link DEFAULT_INDEX_BATCH_SIZE}. */
  readonly batchSize?: number;
  /** Default `Date`. */
  readonly clock?: IndexerClock;
  /** Default {@link DEFAULT_KICK_DEBOUNCE_MS}. */
  readonly kickDebounceMs?: number;
  /** 0 disables polling. Default {@link DEFAULT_POLL_INTERVAL_MS}. */
  readonly pollIntervalMs?: number;
  /**
   * Rows a started indexer must have drained before it builds the first frequent-term snapshot.
   * Default {@link MIN_ROWS_FOR_TERM_STATS}; tests lower it.
   */
  readonly termStatsMinRows?: number;
  /**
   * What `start()` repairs. `full` (default): projection version, orphan rows and unindexed
   * messages, which reads the whole store (seconds at 1M messages) — right once for a process that
   * serves searches. `projection-version`: only a projection-version change, for a one-shot drain
   * right after a write (sync, import), so its cost follows the rows written.
   */
  readonly repairOnStart?: "full" | "projection-version";
}

/**
 * The background indexer (DESIGN.md § Index). Lifecycle: `start()` repairs (projection-version
 * bump → re-queue all; orphan rows removed; unindexed messages queued) and drains; `kick()` after
 * writes; `stop()` or `await using` to end. Draining is synchronous per batch and yields to the
 * event loop between batches, so searches interleave with a long backfill.
 */
export interface Indexer extends AsyncDisposable {
  /** Repairs, then drains in the background and polls. Idempotent. Returns the repair report. */
  start(): RepairReport;
  /**
   * Start-up repair alone, synchronous, one transaction: a projection-version change re-queues
   * every message; index rows without a message are deleted; messages with neither a row nor a
   * queue entry are queued.
   */
  repair(): RepairReport;
  /** Stops timers and waits for the batch loop to exit. Idempotent; the store stays open. */
  stop(): Promise<void>;
  /** Schedules a drain after the debounce delay; repeated kicks coalesce. No-op when not started. */
  kick(): void;
  /** Indexes one batch now. Returns how many queued messages it handled (0 = queue empty). */
  drainOnce(): number;
  /** Drains batch after batch, yielding between them, until empty or stopped. Returns rows handled. */
  drainAll(): Promise<number>;
  /**
   * Drains until the queue is empty or `deadlineMs` (a duration, ms, ≥ 0) has passed; never waits
   * longer. Resolves true when idle. After `stop()` it only checks. Search waits ≤ 1,000 ms
   * (DESIGN.md § explore_chat_history budgets, "index wait").
   */
  waitForIdle(options: { readonly deadlineMs: number }): Promise<boolean>;
  /**
   * Rebuilds the frequent-term snapshot search uses to drop very frequent words (chunked, yields).
   * A started indexer does this by itself after draining once ≥ 10% of rows changed. Resolves
   * null when stopped midway.
   */
  refreshTermStats(): Promise<TermStats | null>;
  /** Queued messages of `appId` outside `excludeChatId` (index_status is `indexing` when > 0). */
  pendingCount(appId: number, options?: { readonly excludeChatId?: number | null }): number;
}

/**
 * Creates an indexer over `store` (which must be migrated). Holds no module-level state; one
 * indexer per store. The store must outlive it: call `stop()` before `store.close()`.
 */
export function createIndexer(options: CreateIndexerOptions): Indexer {
  const batchSize = options.batchSize ?? DEFAULT_INDEX_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    throw new RangeError(`batchSize must be an integer from 1 to 10000, got ${batchSize}`);
  }
  const clock = options.clock ?? Date;
  const kickDebounceMs = options.kickDebounceMs ?? DEFAULT_KICK_DEBOUNCE_MS;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const queue = createIndexQueue(options.store);
  // A read-only store serves what is indexed; its queue stays as it is and is reported as pending.
  const writable = options.store.writable;
  const noRepair: RepairReport = {
    projectionVersionChanged: false,
    orphansRemoved: 0,
    missingQueued: 0,
  };

  let state: "created" | "running" | "stopped" = "created";
  let kickTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let loop: Promise<number> | undefined;
  let changedSinceStats = 0;
  const refreshStats = () =>
    refreshTermStats(options.store.db, () => state === "stopped").then((stats) => {
      if (stats !== null) changedSinceStats = 0;
      return stats;
    });
  /** After a background drain: refresh the snapshot when it is missing or ≥ 10% stale. */
  const statsAreStale = (): boolean => {
    if (state !== "running" || changedSinceStats === 0) return false;
    const stats = readTermStats(options.store.db);
    if (stats === null) {
      return changedSinceStats >= (options.termStatsMinRows ?? MIN_ROWS_FOR_TERM_STATS);
    }
    return changedSinceStats >= stats.rows * TERM_STATS_STALE_SHARE;
  };

  const drainOnce = (): number => (writable ? queue.drainBatch(batchSize) : 0);
  /** One batch that gives up on another process's lock: null when it did. */
  const tryDrainOnce = (): number | null => {
    try {
      return withBusyTimeout(options.store.db, OPPORTUNISTIC_LOCK_WAIT_MS, drainOnce);
    } catch (error) {
      if (isBusy(error)) return null;
      throw error;
    }
  };

  /** The batch loop; `patient` loops wait for locks, the others stop at the first busy batch. */
  const drainLoop = (patient: boolean): Promise<number> => {
    if (loop !== undefined) return loop;
    const run = async (): Promise<number> => {
      let handled = 0;
      while (state !== "stopped") {
        const count = patient ? drainOnce() : (tryDrainOnce() ?? 0);
        handled += count;
        if (count === 0) break;
        await yieldToEventLoop();
      }
      changedSinceStats += handled;
      if (statsAreStale()) await refreshStats();
      return handled;
    };
    // Clear `loop` only after it was assigned: an empty queue makes `run()` settle before the
    // assignment, and clearing inside it would leave a settled promise that blocks every later drain.
    const current: Promise<number> = run().finally(() => {
      if (loop === current) loop = undefined;
    });
    loop = current;
    return current;
  };

  const drainAll = async (): Promise<number> => {
    // Join a background loop in flight, then finish the queue, waiting for locks if need be.
    const joined = loop === undefined ? 0 : await loop.catch(() => 0);
    return joined + (await drainLoop(true));
  };

  const backgroundDrain = (): void => {
    // A busy store ends the loop early; the next kick or poll picks the queue up again.
    drainLoop(false).catch(() => undefined);
  };

  const kick = (): void => {
    if (state !== "running" || kickTimer !== undefined) return;
    kickTimer = setTimeout(() => {
      kickTimer = undefined;
      backgroundDrain();
    }, kickDebounceMs);
    kickTimer.unref();
  };

  const start = (): RepairReport => {
    if (state === "stopped") throw new RangeError("The indexer was stopped; create a new one.");
    const report = !writable
      ? noRepair
      : options.repairOnStart === "projection-version"
        ? queue.repairProjectionVersion(PROJECTION_VERSION)
        : queue.repair(PROJECTION_VERSION);
    if (state === "created") {
      state = "running";
      if (pollIntervalMs > 0) {
        pollTimer = setInterval(() => {
          if (loop === undefined && queue.hasPending()) backgroundDrain();
        }, pollIntervalMs);
        pollTimer.unref();
      }
      backgroundDrain();
    }
    return report;
  };

  const stop = async (): Promise<void> => {
    state = "stopped";
    clearTimeout(kickTimer);
    clearInterval(pollTimer);
    kickTimer = undefined;
    pollTimer = undefined;
    await loop?.catch(() => undefined);
  };

  const waitForIdle = async ({ deadlineMs }: { readonly deadlineMs: number }) => {
    const end = clock.now() + Math.max(0, deadlineMs);
    while (queue.hasPending()) {
      if (!writable || state === "stopped" || clock.now() >= end) return false;
      // Another process holding the lock (an import) ends the wait: the caller reports pending.
      if (tryDrainOnce() === null) return false;
      await yieldToEventLoop();
    }
    return true;
  };

  return {
    start,
    repair: () => (writable ? queue.repair(PROJECTION_VERSION) : noRepair),
    stop,
    kick,
    drainOnce,
    drainAll,
    waitForIdle,
    refreshTermStats: () => (writable ? refreshStats() : Promise.resolve(null)),
    pendingCount: (appId, pendingOptions) =>
      queue.pendingCount(appId, pendingOptions?.excludeChatId ?? null),
    [Symbol.asyncDispose]: stop,
  };
}
