/**
 * `recollect sync --watch`: after a first pass, follows the sources' folders (chokidar) and runs
 * another pass once changes have been quiet for {@link WATCH_DEBOUNCE_MS}. Passes never overlap: a
 * change during a pass schedules one more after it. A slow fallback pass every
 * {@link WATCH_RESCAN_MS} catches what a watcher cannot see (a source folder created after the
 * start, a network file system without events); it costs one `stat` per known file.
 *
 * A pass that fails (the store busy or failing) never ends the watch: the sources' folders are
 * followed all the same, and the pass is retried after {@link WATCH_RETRY_FIRST_MS}, doubling per
 * failure up to {@link WATCH_RESCAN_MS}, until one succeeds; a change meanwhile runs one at once.
 *
 * Limited to some projects (`projects`, as `recollect mcp` follows its client's), it follows only
 * what those projects' sync reads: in a layout with one folder per project
 * (`HistorySource.projectFolderName`, Claude Code) only the projects' folders are watched at all,
 * and a burst of changes elsewhere (Codex's dated folders, which hold every project's sessions)
 * runs a pass only when a changed file's project root is in scope (`project-scope.ts`).
 */
import { relative, sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type FSWatcher, watch } from "chokidar";
import { fileErrorCode } from "./fs-listing.js";
import type { HistorySource, SourceEnvironment } from "./history-source.js";
import { enclosingRoots, isInside, rootInProjects } from "./project-scope.js";
import { HISTORY_SOURCES } from "./sources/index.js";

/** Quiet time after the last change before a pass runs, ms: an agent writes a turn in bursts. */
export const WATCH_DEBOUNCE_MS = 400;
/** Longest wait for quiet while changes keep coming, ms: a busy session still syncs this often. */
export const WATCH_MAX_WAIT_MS = 5_000;
/** Wait after adding folders to the watcher before the catch-up pass, ms (see `follow`). */
export const WATCH_SETTLE_MS = 250;
/** Fallback pass interval, ms; also the longest wait before retrying a failed pass. */
export const WATCH_RESCAN_MS = 60_000;
/**
 * Wait before retrying a failed pass, ms, doubled after each failure in a row up to
 * {@link WATCH_RESCAN_MS}: a store busy for a moment is retried soon, one that keeps failing
 * is not hammered.
 */
export const WATCH_RETRY_FIRST_MS = 1_000;

/**
 * The wait before retrying after `failures` (≥ 1) failures in a row, ms: {@link
 * WATCH_RETRY_FIRST_MS} doubled per further failure, at most {@link WATCH_RESCAN_MS}. Pure.
 */
export function watchRetryMs(failures: number): number {
  return Math.min(WATCH_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), WATCH_RESCAN_MS);
}

/** Options of {@link watchHistory}. */
export interface WatchHistoryOptions {
  readonly environment: SourceEnvironment;
  /** Source names to follow (all when empty). */
  readonly sources: readonly string[];
  /**
   * Follow only these projects (absolute folders): the files whose project root is one of them,
   * inside one, or above one, as `syncHistory`'s `onlyProjects`. All projects when absent.
   */
  readonly projects?: readonly string[];
  /**
   * Runs one sync pass (and drains the index) and returns the project roots now known, so the
   * project sources' folders inside them are followed too. Never called twice at once.
   */
  readonly pass: () => Promise<readonly string[]>;
  /**
   * Called when a pass throws, with the wait before its retry (ms); or when the watcher reports
   * an error (`retryMs` null). The watch goes on either way.
   */
  readonly onError: (error: unknown, retryMs: number | null) => void;
  /**
   * Keep the process alive while watching, even when nothing else would (a folder chokidar cannot
   * follow yet, a failed first pass): `recollect sync --watch` runs until it is stopped. Off for a
   * watch inside a server whose own input keeps it alive (`recollect mcp`).
   */
  readonly keepAlive?: boolean;
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
  /** Watched folders whose source's files lie at most this many levels below them. */
  const shallow = new Map<string, number>();
  /** Followed folders some source needs at the watcher's full depth. */
  const deep = new Set<string>();
  /**
   * True for a path deeper than its shallow folder's files can be (aider's project root: only its
   * direct entries), unless another followed folder holds it (SpecStory's `.specstory/history`
   * inside that root).
   */
  const tooDeep = (path: string): boolean => {
    for (const [folder, depth] of shallow) {
      if (path === folder || !isInside(path, folder)) continue;
      if (relative(folder, path).split(sep).length <= depth + 1) continue;
      const followed = [...watched].some(
        (other) => !shallow.has(other) && other !== folder && isInside(path, other),
      );
      if (!followed) return true;
    }
    return false;
  };
  /** Home sources' folders, for telling which source a changed path belongs to. */
  const homeFolders = new Map<string, HistorySource>();
  const scope = options.projects === undefined ? null : projectScope(options, homeFolders);
  /** Paths changed since the last scheduled pass (a scoped watch checks them before a pass). */
  const changed = new Set<string>();
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let debounce: NodeJS.Timeout | null = null;
  let firstChangeAt: number | null = null;
  /** Project roots the last successful pass returned: followed again after a failed one. */
  let knownRoots: readonly string[] = [];
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  /**
   * Follows the folders of `projectRoots` not yet followed. Resolves true when it added some, once
   * the watcher reports them: the caller then runs one more pass for changes made meanwhile.
   */
  const follow = async (projectRoots: readonly string[]): Promise<boolean> => {
    const folders = sources.flatMap((source) =>
      source.locations(options.environment, projectRoots).map((folder) => {
        if (source.scope === "home") homeFolders.set(folder, source);
        // A folder two sources follow is as deep as the deeper one needs.
        if (source.watchDepth === undefined) deep.add(folder);
        if (deep.has(folder)) shallow.delete(folder);
        else shallow.set(folder, Math.max(shallow.get(folder) ?? 0, source.watchDepth ?? 0));
        return folder;
      }),
    );
    const fresh = folders.filter((folder) => !watched.has(folder));
    for (const folder of fresh) watched.add(folder);
    if (fresh.length === 0 || stopped) return false;
    if (watcher) {
      watcher.add(fresh);
    } else {
      const created = watch(fresh, {
        ignoreInitial: true,
        persistent: true,
        depth: 4,
        ignored: (path: string) => tooDeep(path) || (scope?.ignores(path) ?? false),
      });
      watcher = created;
      created.on("all", (_event, path) => {
        if (!WATCHED_NAME.test(path)) return;
        if (scope) changed.add(path);
        schedule();
      });
      created.on("error", (error: unknown) => {
        // A folder the watcher cannot read (EACCES) is no failure: every pass names it as a
        // skipped folder, with its reason.
        if (fileErrorCode(error) === null) options.onError(error, null);
      });
      await new Promise<void>((resolve) => created.once("ready", () => resolve()));
    }
    // chokidar reports `ready` before every file's listener is live (measured: changes in the
    // first ~50 ms were missed); after this, a catch-up pass sees whatever changed meanwhile.
    await sleep(WATCH_SETTLE_MS);
    return true;
  };

  const runPass = async () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        if (retry) clearTimeout(retry);
        retry = null;
        try {
          knownRoots = await options.pass();
          failures = 0;
        } catch (error) {
          failures++;
          const retryMs = watchRetryMs(failures);
          options.onError(error, retryMs);
          if (!stopped) retry = setTimeout(() => void runPass(), retryMs);
        }
        // Followed whether or not the pass succeeded: a change is what a failed watch waits for.
        try {
          if ((await follow(knownRoots)) && failures === 0) again = true;
        } catch (error) {
          options.onError(error, null);
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
      const burst = [...changed];
      changed.clear();
      if (scope && !scope.anyInScope(burst)) return;
      void runPass();
    }, wait);
  };

  const rescan = setInterval(() => void runPass(), WATCH_RESCAN_MS);
  if (options.keepAlive !== true) rescan.unref();
  const ready = runPass();

  return {
    ready,
    async stop() {
      stopped = true;
      clearInterval(rescan);
      if (debounce) clearTimeout(debounce);
      if (retry) clearTimeout(retry);
      await ready;
      if (running) await running;
      await (watcher as FSWatcher | null)?.close();
    },
  };
}

/**
 * The innermost home source folder holding `path`, with its source; undefined for a path in a
 * project source's folder.
 */
function folderOf(
  homeFolders: ReadonlyMap<string, HistorySource>,
  path: string,
): { readonly location: string; readonly source: HistorySource } | undefined {
  // The innermost: Cline's tasks folder under Cursor's `globalStorage` is Cline's, not Cursor's.
  let found: { location: string; source: HistorySource } | undefined;
  for (const [location, source] of homeFolders) {
    if (isInside(path, location) && location.length > (found?.location.length ?? -1)) {
      found = { location, source };
    }
  }
  return found;
}

/** What a watch limited to `options.projects` follows. */
interface ProjectScope {
  /**
   * True for a folder directly under a location of a per-project layout that belongs to no
   * project in scope, and for everything inside one: the watcher never opens it.
   */
  ignores(path: string): boolean;
  /**
   * True when a burst of changed paths touched a file of a project in scope: one in a per-project
   * layout's followed folder, in a project source's folder (those follow only the projects in
   * scope), or elsewhere a file whose project root is in scope.
   */
  anyInScope(paths: readonly string[]): boolean;
}

function projectScope(
  options: WatchHistoryOptions,
  homeFolders: ReadonlyMap<string, HistorySource>,
): ProjectScope {
  const projects = options.projects ?? [];
  const { home } = options.environment;
  const folderNames = new Map<HistorySource, { exact: Set<string>; inside: string[] }>();
  /** The folder names a per-project layout gives the projects in scope and folders inside them. */
  const namesOf = (source: HistorySource, name: (root: string) => string) => {
    let names = folderNames.get(source);
    if (!names) {
      const roots = projects.flatMap((project) => [project, ...enclosingRoots(project, home)]);
      names = {
        exact: new Set(roots.map(name)),
        inside: projects.map((project) => name(`${project}${sep}`)),
      };
      folderNames.set(source, names);
    }
    return names;
  };
  const fileInScope = (path: string) => {
    const folder = folderOf(homeFolders, path);
    if (!folder || folder.source.projectFolderName) return true;
    const file = folder.source.listFiles(folder.location).find((listed) => listed.path === path);
    const root = file ? folder.source.projectRootOf(file) : null;
    return root !== null && rootInProjects(root, projects, home);
  };
  return {
    ignores(path) {
      const folder = folderOf(homeFolders, path);
      const name = folder?.source.projectFolderName;
      if (!folder || !name) return false;
      const first = relative(folder.location, path).split(sep)[0];
      if (!first) return false;
      const names = namesOf(folder.source, name);
      const own = name(first);
      return !names.exact.has(own) && !names.inside.some((prefix) => own.startsWith(prefix));
    },
    anyInScope: (paths) => paths.some(fileInScope),
  };
}
