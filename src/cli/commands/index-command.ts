/**
 * `recollect index status|rebuild`: the on-device search index. `status` shows, per app, how many
 * messages are still queued (search reports `indexing` until they are drained); `rebuild` queues
 * every message again and drains the queue, e.g. after a projection change.
 */

import type { Command } from "commander";
import { RecollectError } from "../../errors/recollect-error.js";
import type { Remedy } from "../../errors/remedy.js";
import {
  createIndexer,
  PROJECTION_VERSION,
  requeueAllMessages,
  storedProjectionVersion,
} from "../../history/index.js";
import { listAppActivity } from "../../store/catalog/apps.js";
import type { Store } from "../../store/open-store.js";
import { StoreDamagedError } from "../../store/store-damaged-error.js";
import { plural } from "../../text/plural.js";
import {
  type GlobalOptions,
  globalOptions,
  openCliStore,
  openExistingCliStore,
  storeLocationFor,
} from "../cli-context.js";
import { cliRemedyWriter } from "../remedy-writer.js";
import { handleStopSignals } from "../stop-signals.js";
import { writeAnswer } from "../write-answer.js";

/** Index state of one app. */
export interface AppIndexStatus {
  readonly app: string;
  readonly messages: number;
  readonly pending: number;
  /** `stale`: messages are queued but the store is read-only, so nothing will index them here. */
  readonly status: "ready" | "indexing" | "stale";
}

/** What `recollect index status` reports. */
export interface IndexStatusReport {
  /** The projection version of this build: what the index rows should have been built with. */
  readonly projection_version: number;
  /**
   * The version the store's index rows were built with (`history_meta`), or null when this store
   * was never indexed yet.
   */
  readonly store_projection_version: number | null;
  /**
   * True when the two differ on a store holding messages: its rows hold another build's text. A
   * writable store re-queues every message the next time an indexer starts on it (import, sync,
   * search, explore, serve) or at once with `index rebuild`; a read-only one never does here.
   */
  readonly reindex_pending: boolean;
  readonly pending: number;
  /** False for a read-only store: its queue cannot be drained by this process. */
  readonly writable: boolean;
  readonly apps: readonly AppIndexStatus[];
}

/** Reads the index state without changing anything. */
export function indexStatus(store: Store): IndexStatusReport {
  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  const apps = listAppActivity(store.db).map((app): AppIndexStatus => {
    const pending = indexer.pendingCount(app.id);
    return {
      app: app.name,
      messages: app.messageCount,
      pending,
      status: pending === 0 ? "ready" : store.writable ? "indexing" : "stale",
    };
  });
  const stored = storedProjectionVersion(store.db);
  const hasMessages = apps.some((app) => app.messages > 0);
  return {
    projection_version: PROJECTION_VERSION,
    store_projection_version: stored,
    reindex_pending: hasMessages && stored !== PROJECTION_VERSION,
    pending: apps.reduce((total, app) => total + app.pending, 0),
    writable: store.writable,
    apps,
  };
}

/** Options of {@link drainIndex}. */
export interface DrainIndexOptions {
  /** Queue every message and run the full repair first (a rebuild). */
  readonly requeueAll: boolean;
  /**
   * The run's stop signal: when it aborts, the drain stops after the batch in progress (each batch
   * is one transaction) and throws, leaving the rest queued for the next drain.
   */
  readonly signal?: AbortSignal;
}

/**
 * Drains the index queue to empty, batch after batch. Without `requeueAll` (after an import or a
 * sync) only a projection-version bump is repaired first, so the drain costs what was written
 * (the full repair's orphan and missing-row scans read every message: measured 7.3 s for a
 * 150-row drain at 1M messages). With `requeueAll` (a rebuild) every message is queued and the
 * full repair runs. Returns the number of queued rows handled.
 *
 * @throws RecollectError (`aborted`) when `signal` aborted before the queue was empty; the
 *   batches done stay indexed, the rest stays queued, the indexer is stopped.
 */
export async function drainIndex(store: Store, options: DrainIndexOptions): Promise<number> {
  const { signal } = options;
  if (options.requeueAll) {
    // The dirty queue is the index's public input (DESIGN.md § Index): queueing every message is
    // exactly what the triggers would have done for fresh rows.
    requeueAllMessages(store.db);
  }
  const indexer = createIndexer({
    store,
    pollIntervalMs: 0,
    repairOnStart: options.requeueAll ? "full" : "projection-version",
  });
  const stop = () => void indexer.stop();
  signal?.addEventListener("abort", stop, { once: true });
  try {
    indexer.start();
    let handled = await indexer.drainAll();
    if (signal?.aborted) throw drainStopped();
    // start() may have begun a drain that finished before drainAll() joined it.
    for (let count = indexer.drainOnce(); count > 0; count = indexer.drainOnce()) handled += count;
    return handled;
  } finally {
    signal?.removeEventListener("abort", stop);
    await indexer.stop();
  }
}

/** The stop of a drain its signal ended (the CLI reports the signal itself). */
function drainStopped(): RecollectError {
  return new RecollectError(
    "aborted",
    "The index drain was stopped; what is still queued is indexed by the next import, sync, search or index rebuild.",
  );
}

/** The version pair of the head line: the store's rows beside this build's rules. */
function versionText(report: IndexStatusReport): string {
  const stored = report.store_projection_version;
  const store = stored === null ? "store not indexed yet" : `store v${stored}`;
  return `projection: ${store}, this build v${report.projection_version}`;
}

/**
 * The human view: a head line (state, both projection versions, the queue, and what a pending
 * re-index waits for), then one line per app. `rebuild` is the command written for this shell.
 */
function formatStatus(report: IndexStatusReport, rebuild: string): string {
  const lines = report.apps.map(
    (app) => `${app.app}  ${app.status}  ${plural(app.messages, "message")}, ${app.pending} queued`,
  );
  const state =
    report.pending === 0 && !report.reindex_pending
      ? "ready"
      : report.writable
        ? "indexing"
        : "stale";
  const readOnly = report.writable ? "" : "; the store is read-only, so nothing queued is indexed";
  const reindex = !report.reindex_pending
    ? ""
    : report.writable
      ? `; re-index pending: the next import, sync, search, explore or serve re-queues every message, \`${rebuild}\` does it now`
      : "; re-index pending, but not on a read-only store";
  const head = `index ${state} (${versionText(report)}), ${plural(report.pending, "message")} queued${readOnly}${reindex}`;
  return `${[head, ...lines].join("\n")}\n`;
}

/**
 * A rebuild rewrites every index row, so it first reads the whole file (`PRAGMA quick_check`,
 * linear in its size, as the rebuild is): a damaged page found only part-way through would leave
 * the queue rewritten in a file that is already damaged (a newcomer's check: 5 pages changed before
 * the refusal). Nothing is written when the check fails.
 *
 * @throws StoreDamagedError (`malformed`, exit 4) naming the store when the check finds a problem;
 *   SQLite's own error when the check cannot read the file at all (the CLI names the store then).
 */
function refuseDamaged(store: Store, global: GlobalOptions): void {
  const verdict = store.db.pragma("quick_check", { simple: true });
  if (verdict !== "ok") throw new StoreDamagedError(storeLocationFor(global), "malformed");
}

/** `index rebuild` as the person runs it here (program name and `--db`, as remedies are). */
const REBUILD: Remedy = { args: ["index", "rebuild"], purpose: "to re-index now" };

/** Registers `recollect index status` and `recollect index rebuild`. */
export function registerIndexCommand(program: Command): void {
  const index = program.command("index").description("inspect or rebuild the search index");
  index
    .command("status")
    .description("show per-app index state")
    .action(async (_options: unknown, command: Command) => {
      const global = globalOptions(command);
      using store = openExistingCliStore(global);
      const report = indexStatus(store);
      await writeAnswer(command, report, () =>
        formatStatus(report, cliRemedyWriter(global)(REBUILD)),
      );
    });
  index
    .command("rebuild")
    .description("re-index every message now")
    .action(async (_options: unknown, command: Command) => {
      const global = globalOptions(command);
      const { signal } = handleStopSignals(command);
      using store = openCliStore(global);
      refuseDamaged(store, global);
      const handled = await drainIndex(store, { requeueAll: true, signal });
      const report = indexStatus(store);
      await writeAnswer(
        command,
        { rebuilt: handled, ...report },
        () =>
          `Re-indexed ${plural(handled, "message")}.\n${formatStatus(report, cliRemedyWriter(global)(REBUILD))}`,
      );
    });
}
