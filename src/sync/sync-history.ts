/**
 * `recollect sync`'s engine: discover every source's files, sync each (`sync-file.ts`), link
 * sub-agent chats to their parents, and summarize per source. `home` sources run first; the
 * project roots their files name (plus the roots the store already knows and `--project DIR`s)
 * are where the `project` sources look.
 */
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import type Database from "better-sqlite3";
import { quotedValue } from "../errors/quoted-value.js";
import { InvalidInputError } from "../errors/recollect-error.js";
import { NO_EXCLUSION, type PathExclusion } from "../importers/index.js";
import { linkChatsToParentFile } from "../store/catalog/chats.js";
import {
  forgetSourceFiles,
  knownProjectRoots,
  loadSourceFileStates,
  markSourceFilesSeen,
} from "../store/catalog/source-files.js";
import type { Store } from "../store/open-store.js";
import { writeTransaction } from "../store/write-transaction.js";
import { discoveredFiles, discoverSource } from "./discover.js";
import type { SkippedFolder } from "./fs-listing.js";
import type {
  HistorySource,
  SourceEnvironment,
  SourceFile,
  SourceScope,
} from "./history-source.js";
import { keptChatCount } from "./kept-chats.js";
import { configuredRootFolders, isLocalFolderPath, workingFolderRoots } from "./project-roots.js";
import { rootInProjects } from "./project-scope.js";
import { retentionWarning, type SourceRetentionWarning } from "./retention-warning.js";
import { HISTORY_SOURCE_NAMES, HISTORY_SOURCES } from "./sources/index.js";
import { checkRemembered, type FileChange, type FileOutcome, syncFile } from "./sync-file.js";

/**
 * Files synced per write transaction. A commit costs an fsync (milliseconds on a laptop disk),
 * which per file dominated a resync of 150 changed files in the sync bench.
 */
export const FILES_PER_TRANSACTION = 250;

/** Options of {@link syncHistory}. */
export interface SyncHistoryOptions {
  readonly store: Store;
  readonly environment: SourceEnvironment;
  /** Only these sources (names from the registry); all when absent or empty. */
  readonly sources?: readonly string[];
  /** Extra project roots to look in (absolute or relative to the working folder). */
  readonly projects?: readonly string[];
  /**
   * The folder the person runs sync in (absolute): it and its git root are project roots too, so
   * a project no other agent recorded is found (`project-roots.ts`). None when absent (the MCP
   * server's sync, limited to its client's project, passes none).
   */
  readonly workingFolder?: string;
  /** Decide and report without writing. */
  readonly dryRun?: boolean;
  /** Paths kept out (`--exclude` and the `exclude` setting): never read. */
  readonly exclusion?: PathExclusion;
  /**
   * Only files whose project root is one of these folders, inside one, or above one (not HOME or
   * `/`; `project-scope.ts`): the MCP server syncs its client's project this way. All files when absent; a file whose
   * root is unknown is then left out.
   */
  readonly onlyProjects?: readonly string[];
  /** Clock for `synced_at` (ms since the epoch); default `Date.now()`. */
  readonly nowMs?: number;
  /** Progress, counts and source names only (never paths or text). */
  readonly onProgress?: (event: SyncProgressEvent) => void;
}

/** Progress of a long sync: one event per file, 1-based `index` within the source. */
export interface SyncProgressEvent {
  readonly source: string;
  readonly index: number;
  readonly total: number;
}

/** A file that contributed nothing, and why. */
export interface SkippedFile {
  readonly file: string;
  readonly reason: string;
}

/** One folder a source searched. */
export interface SearchedFolder {
  readonly path: string;
  readonly exists: boolean;
  readonly files: number;
}

/** What one source's sync found and did. Chat counts are chats, `messages` message rows. */
export interface SourceSyncSummary {
  readonly source: string;
  readonly label: string;
  /** `project` for a source searched inside project roots (SpecStory, aider), else `home`. */
  readonly scope: SourceScope;
  readonly locations: readonly SearchedFolder[];
  /** Files seen (excluded ones not counted). */
  readonly files: number;
  /** Files an exclusion glob kept out, never read. */
  readonly excluded: number;
  /** Files by what changed since the last sync. */
  readonly changes: Readonly<Record<FileChange | "unchanged", number>>;
  readonly newChats: number;
  readonly updatedChats: number;
  readonly unchangedChats: number;
  /** Message rows written (dry run: messages the changed files hold). */
  readonly messages: number;
  /**
   * Stored messages deleted that the files no longer hold (a rewritten file dropped or changed
   * them; `WriteCounts.messagesRemoved`). 0 in a dry run, which compares nothing with the store.
   */
  readonly messagesRemoved: number;
  readonly skipped: readonly SkippedFile[];
  /**
   * Folders that exist (or may) but could not be stat-ed or listed (EACCES, ELOOP, EIO), with
   * their reason: what they hold was not seen, the rest of the source was synced.
   */
  readonly skippedFolders: readonly SkippedFolder[];
  /**
   * Chats the store keeps whose file is gone (the agent deleted it): still searchable and
   * readable, now only in Recollect.
   */
  readonly keptChats: number;
  /** Files the agent will delete soon by its own retention setting, or null (`retention-warning.ts`). */
  readonly retention: SourceRetentionWarning | null;
  /** Files whose last line is still being written; it is read by the next sync. */
  readonly waiting: readonly string[];
  /**
   * Files were found but none holds a chat Recollect could read, now or from an earlier sync (a
   * skipped file's stored chats count as unchanged): reported, never silent.
   */
  readonly noParsableChat: boolean;
}

/**
 * True when a pass skipped any file or folder (`recollect sync` then exits with its "done with
 * skips" code): the pass went on, but something on disk was not read.
 */
export function reportHasSkips(report: SyncReport): boolean {
  return report.sources.some(
    (summary) => summary.skipped.length > 0 || summary.skippedFolders.length > 0,
  );
}

/** What {@link syncHistory} did. */
export interface SyncReport {
  readonly dryRun: boolean;
  readonly sources: readonly SourceSyncSummary[];
  /** Project roots the project sources searched, sorted. */
  readonly projectRoots: readonly string[];
}

/**
 * Syncs the histories on this machine into the store.
 *
 * @throws InvalidInputError (`--source`) for an unknown source name; (`--project`) for a folder
 *   that does not exist. Store errors propagate (each file's write is its own transaction, so
 *   files synced before the error stay synced).
 */
export function syncHistory(options: SyncHistoryOptions): SyncReport {
  const { store, environment } = options;
  const dryRun = options.dryRun ?? false;
  const nowMs = options.nowMs ?? Date.now();
  const selected = selectSources(options.sources ?? []);
  const projects = projectFolders(options.projects ?? []);
  const roots = new Set<string>([
    ...knownProjectRoots(store.db),
    ...projects,
    ...(options.workingFolder === undefined
      ? []
      : workingFolderRoots(options.workingFolder, environment.home)),
    ...configuredRootFolders(environment.syncRoots ?? []),
  ]);
  // Only this system's folders are searched: a recorded `c:/Users/…` is an app's text, not a path.
  const searchable = () => [...roots].filter(isLocalFolderPath).sort();
  const summaries: SourceSyncSummary[] = [];
  let projectRoots: string[] = [];

  for (const source of selected) {
    if (source.scope === "project" && projectRoots.length === 0) projectRoots = searchable();
    const summary = syncSource(store.db, source, environment, projectRoots, {
      dryRun,
      nowMs,
      onProgress: options.onProgress,
      onRoot: (root) => roots.add(root),
      exclusion: options.exclusion ?? NO_EXCLUSION,
      onlyProjects: options.onlyProjects?.map((project) => resolve(project)) ?? null,
    });
    summaries.push(summary);
  }
  if (projectRoots.length === 0) projectRoots = searchable();
  return { dryRun, sources: summaries, projectRoots };
}

/**
 * The `--project` folders, absolute. Callers that open a store check them first with this, so bad
 * input changes nothing.
 *
 * @throws InvalidInputError (`--project`) naming the first that is not an existing folder.
 */
export function projectFolders(projects: readonly string[]): string[] {
  return projects.map(existingFolder);
}

function existingFolder(project: string): string {
  const path = resolve(project);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory() !== true) {
    throw new InvalidInputError(
      "--project",
      "an existing project folder",
      `${project} is not a folder`,
    );
  }
  return path;
}

/**
 * The registered sources named by `names` (all when empty), in registry order.
 *
 * @throws InvalidInputError (`--source`) naming the unknown name and every known one.
 */
export function selectSources(names: readonly string[]): HistorySource[] {
  for (const name of names) {
    if (!HISTORY_SOURCE_NAMES.includes(name)) {
      throw new InvalidInputError(
        "--source",
        `one of ${HISTORY_SOURCE_NAMES.join(", ")}`,
        `got ${quotedValue(name)}`,
      );
    }
  }
  return HISTORY_SOURCES.filter((source) => names.length === 0 || names.includes(source.name));
}

interface SourceRun {
  readonly dryRun: boolean;
  readonly nowMs: number;
  readonly onProgress: ((event: SyncProgressEvent) => void) | undefined;
  readonly onRoot: (root: string) => void;
  readonly exclusion: PathExclusion;
  readonly onlyProjects: readonly string[] | null;
}

function syncSource(
  db: Database.Database,
  source: HistorySource,
  environment: SourceEnvironment,
  projectRoots: readonly string[],
  run: SourceRun,
): SourceSyncSummary {
  const discovery = discoverSource(source, environment, projectRoots);
  const found = discoveredFiles(discovery);
  const states = loadSourceFileStates(db, source.name);
  const inScope = (file: SourceFile) => {
    if (run.onlyProjects === null) return true;
    const root = states.get(file.path)?.projectRoot ?? source.projectRootOf(file);
    return root !== null && rootInProjects(root, run.onlyProjects, environment.home);
  };
  const files = found.filter((file) => !run.exclusion.excludes(file.path) && inScope(file));
  const changes = { new: 0, appended: 0, rewritten: 0, unchanged: 0 };
  let newChats = 0;
  let updatedChats = 0;
  let unchangedChats = 0;
  let messages = 0;
  let messagesRemoved = 0;
  const skipped: SkippedFile[] = [];
  const waiting: string[] = [];
  let done = 0;
  const record = (file: SourceFile, outcome: FileOutcome) => {
    if (outcome.projectRoot) run.onRoot(outcome.projectRoot);
    switch (outcome.kind) {
      case "unchanged":
        changes.unchanged++;
        unchangedChats += outcome.chats;
        break;
      case "waiting":
        changes.unchanged++;
        waiting.push(file.path);
        break;
      case "skipped":
        skipped.push({ file: file.path, reason: outcome.reason });
        // What an earlier sync stored from the file stays, readable and searchable, as it was.
        unchangedChats += outcome.chats;
        break;
      case "imported":
        for (const root of outcome.chatRoots) run.onRoot(root);
        changes[outcome.change]++;
        newChats += outcome.counts.chats;
        updatedChats += outcome.counts.updated;
        unchangedChats += outcome.counts.skipped;
        messages += outcome.counts.messages;
        messagesRemoved += outcome.counts.messagesRemoved;
        if (outcome.torn) waiting.push(file.path);
        break;
    }
    done++;
    run.onProgress?.({ source: source.name, index: done, total: files.length });
  };
  // A file as remembered (one `stat`) is settled without a write transaction: a resync of a large
  // history then commits only for the files that changed, not once for every batch of files.
  const mtimes = new Map<string, number>();
  const toSync: SourceFile[] = [];
  for (const file of files) {
    const check = checkRemembered({ source, file, previous: states.get(file.path) });
    if (check.fileMtimeMs !== null) mtimes.set(file.path, check.fileMtimeMs);
    if (check.outcome === null) toSync.push(file);
    else record(file, check.outcome);
  }
  // Each file is its own savepoint inside a batch transaction: one commit (and fsync) per batch
  // instead of per file, and an interruption still leaves every file synced or untouched.
  for (let start = 0; start < toSync.length; start += FILES_PER_TRANSACTION) {
    const batch = toSync.slice(start, start + FILES_PER_TRANSACTION);
    writeTransaction(db, () => {
      for (const file of batch) {
        const previous = states.get(file.path);
        record(
          file,
          syncFile({ db, source, file, previous, dryRun: run.dryRun, nowMs: run.nowMs }),
        );
      }
    })();
  }
  // Reported in the order the files were found, whichever loop settled them.
  const position = new Map(files.map((file, index) => [file.path, index]));
  const byPosition = (a: string, b: string) => (position.get(a) ?? 0) - (position.get(b) ?? 0);
  skipped.sort((a, b) => byPosition(a.file, b.file));
  waiting.sort(byPosition);
  const listed = new Set(found.map((file) => file.path));
  if (!run.dryRun) {
    linkSubagents(db, source, files);
    writeTransaction(db, () => {
      // A remembered file gone from disk is forgotten; the chats stored from it stay.
      const gone =
        run.onlyProjects === null
          ? [...states.keys()].filter((path) => !listed.has(path) && !existsSync(path))
          : [];
      forgetSourceFiles(db, source.name, gone);
      // `synced_at` says when a pass last looked at a file, changed or not (`recollect sources`):
      // one statement when the pass read every remembered file of the source (the common case).
      const seen = new Set(files.map((file) => file.path));
      const forgotten = new Set(gone);
      const sawAll = [...states.keys()].every((path) => seen.has(path) || forgotten.has(path));
      markSourceFilesSeen(db, source.name, sawAll ? "all" : [...seen], run.nowMs);
    })();
  }
  return {
    source: source.name,
    label: source.label,
    scope: source.scope,
    locations: discovery.locations.map((location) => ({
      path: location.path,
      exists: location.exists,
      files: location.files.length,
    })),
    files: files.length,
    excluded: found.filter((file) => run.exclusion.excludes(file.path)).length,
    changes,
    newChats,
    updatedChats,
    unchangedChats,
    messages,
    messagesRemoved,
    skipped,
    skippedFolders: discovery.locations.flatMap((location) => location.skipped),
    keptChats: keptChatCount(db, source, environment, listed),
    retention: retentionWarning(source, environment, files, run.nowMs, mtimes),
    waiting,
    noParsableChat:
      files.length > 0 &&
      waiting.length === 0 &&
      newChats + updatedChats + unchangedChats === 0 &&
      changes.new + changes.appended + changes.rewritten === 0,
  };
}

/** Links each sub-agent file's chat to its parent session's chat (both stay separate chats). */
function linkSubagents(
  db: Database.Database,
  source: HistorySource,
  files: readonly { path: string; parentPath: string | null }[],
): void {
  for (const file of files) {
    if (file.parentPath === null) continue;
    linkChatsToParentFile(db, {
      source: source.format,
      sourceFile: resolve(file.path),
      parentFile: resolve(file.parentPath),
    });
  }
}
