/**
 * `recollect sync --watch`: after a first pass, follows the sources' folders (chokidar) and runs
 * another pass once changes have been quiet for {@link WATCH_DEBOUNCE_MS}. Passes never overlap: a
 * change during a pass schedules one more after it. A slow fallback pass every
 * {@link WATCH_RESCAN_MS} catches what a watcher cannot see (a source folder created after the
 * start, a network file system without events); it costs one `stat` per known file.
 */
import { type FSWatcher, watch } from "chokidar";
import type { SourceEnvironment } from "./history-source.js";
import { HISTORY_SOURCES } from "./sources/index.js";

/** Quiet time after the last change before a pass runs, ms: an agent writes a turn in bursts. */
export const WATCH_DEBOUNCE_MS = 400;
/** Longest wait for quiet while changes keep coming, ms: a busy session still syncs this often. */
export const WATCH_MAX_WAIT_MS = 5_000;
/** Fallback pass interval, ms. */
export const WATCH_RESCAN_MS = 60_000;

/** Options of {@link watchHistory}. */
export interface WatchHistoryOptions {
  readonly environment: SourceEnvironment;
  /** Source names to follow (all when empty). */
  readonly sources: readonly string[];
  /**
   * Runs one sync pass (and drains the index) and returns the project roots now known, so the
   * project sources' folders inside them are followed too. Never called twice at once.
   */
  readonly pass: () => Promise<readonly string[]>;
  /** Called when a pass throws; the watch goes on. */
  readonly onError: (error: unknown) => void;
}

/** A running watch. `stop()` waits for a pass in progress, then closes the watcher. */
export interface HistoryWatch {
  /** Resolves once the first pass is done and the folders are followed. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

const WATCHED_NAME = /\.(?:jsonl|md|json)$/;

/** Starts watching: runs a first pass at once, then one after each burst of changes. */
export function watchHistory(options: WatchHistoryOptions): HistoryWatch {
  const sources = HISTORY_SOURCES.filter(
    (source) => options.sources.length === 0 || options.sources.includes(source.name),
  );
  let watcher: FSWatcher | null = null;
  const watched = new Set<string>();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let debounce: NodeJS.Timeout | null = null;
  let firstChangeAt: number | null = null;

  const follow = (projectRoots: readonly string[]) => {
    const folders = sources.flatMap((source) =>
      source.locations(options.environment, projectRoots),
    );
    const fresh = folders.filter((folder) => !watched.has(folder));
    for (const folder of fresh) watched.add(folder);
    if (fresh.length === 0 || stopped) return;
    if (watcher) {
      watcher.add(fresh);
      return;
    }
    watcher = watch(fresh, { ignoreInitial: true, persistent: true, depth: 4 });
    watcher.on("all", (_event, path) => {
      if (WATCHED_NAME.test(path)) schedule();
    });
    watcher.on("error", options.onError);
  };

  const runPass = async () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          follow(await options.pass());
        } catch (error) {
          options.onError(error);
        }
      } while (again && !stopped);
    })();
    try {
      await running;
    } finally {
      running = null;
    }
  };

  const schedule = () => {
    if (stopped) return;
    const now = Date.now();
    firstChangeAt ??= now;
    if (debounce) clearTimeout(debounce);
    const wait = Math.max(0, Math.min(WATCH_DEBOUNCE_MS, firstChangeAt + WATCH_MAX_WAIT_MS - now));
    debounce = setTimeout(() => {
      debounce = null;
      firstChangeAt = null;
      void runPass();
    }, wait);
  };

  const rescan = setInterval(() => void runPass(), WATCH_RESCAN_MS);
  rescan.unref();
  const ready = runPass();

  return {
    ready,
    async stop() {
      stopped = true;
      clearInterval(rescan);
      if (debounce) clearTimeout(debounce);
      await ready;
      if (running) await running;
      await (watcher as FSWatcher | null)?.close();
    },
  };
}
