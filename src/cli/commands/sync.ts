/**
 * `recollect sync [--dry-run] [--watch] [--source NAME…] [--project DIR…]`: finds the chat
 * histories agents write on this machine (under `HOME`; see `docs/SYNC.md`), imports what is new
 * or changed since the last sync, and drains the search index. Prints one block per source
 * (stdout, or `--json`); progress goes to stderr as counts only. Exits 0 when everything was
 * read, {@link SKIPPED_EXIT_CODE} (12) when the pass finished but skipped a file or folder.
 */

import type { Command } from "commander";
import { InvalidInputError, toRecollectError } from "../../errors/recollect-error.js";
import type { PathExclusion } from "../../importers/index.js";
import { settingsStoreForStorePath } from "../../settings/index.js";
import { openStore, requireStoreFile, type Store } from "../../store/open-store.js";
import {
  HISTORY_SOURCE_NAMES,
  projectFolders,
  reportHasSkips,
  type SyncProgressEvent,
  type SyncReport,
  selectSources,
  syncEnvironment,
  syncHistory,
  watchHistory,
} from "../../sync/index.js";
import {
  globalOptions,
  openCliStore,
  printJson,
  setOutcomeExitCode,
  storeLocationFor,
} from "../cli-context.js";
import { SKIPPED_EXIT_CODE } from "../exit-codes.js";
import { handleStopSignals, writeFinalAnswer } from "../stop-signals.js";
import { writeTerminalText } from "../terminal-text.js";
import { importExclusion } from "./import.js";
import { drainIndex } from "./index-command.js";
import { formatSyncPassLine, formatSyncReport } from "./sync-report-text.js";

/** On a non-terminal stderr, one progress line per this many files of a source. */
const PROGRESS_EVERY_FILES = 500;

/** Options of `recollect sync`. */
export interface SyncCommandOptions {
  readonly dryRun?: boolean;
  readonly watch?: boolean;
  readonly source?: string[];
  readonly project?: string[];
  readonly exclude?: string[];
}

/** Progress on stderr: `syncing claude-code 120/4000 files…`, counts only. */
export function syncProgressReporter(): (event: SyncProgressEvent) => void {
  const interactive = process.stderr.isTTY === true;
  return (event) => {
    if (event.total < 2) return;
    const last = event.index === event.total;
    const line = `syncing ${event.source} ${event.index}/${event.total} files…`;
    if (interactive) process.stderr.write(`\r${line}${last ? "\n" : ""}`);
    else if (last || event.index % PROGRESS_EVERY_FILES === 0) process.stderr.write(`${line}\n`);
  };
}

/**
 * One sync pass: sync, then drain the index (not for a dry run). `signal` stops the drain between
 * its transactions (`drainIndex` then throws `aborted`); without it the pass runs to its end.
 */
export async function runSyncPass(
  store: Store,
  options: SyncCommandOptions,
  exclusion: PathExclusion,
  settingsPath: string = store.path,
  signal?: AbortSignal,
): Promise<{ report: SyncReport; indexed: number | null }> {
  const report = syncHistory({
    store,
    exclusion,
    environment: syncEnvironment(settingsStoreForStorePath(settingsPath)),
    sources: options.source ?? [],
    projects: options.project ?? [],
    workingFolder: process.cwd(),
    dryRun: options.dryRun === true,
    onProgress: syncProgressReporter(),
  });
  const indexed = report.dryRun
    ? null
    : await drainIndex(store, {
        requeueAll: false,
        ...(signal === undefined ? {} : { signal }),
      });
  return { report, indexed };
}

/** Prints one pass's report as text or JSON. */
export function printSyncReport(
  json: boolean | undefined,
  report: SyncReport,
  indexed: number | null,
): void {
  if (json) printJson({ ...report, indexed });
  else writeTerminalText(formatSyncReport(report, indexed));
}

/** Registers `recollect sync`. */
export function registerSyncCommand(program: Command): void {
  program
    .command("sync")
    .description("find agents' chat histories on this machine and import what is new or changed")
    .option("--dry-run", "show what would be imported, write nothing")
    .option("--watch", "keep running: sync again when a history file changes (Ctrl-C stops)")
    .option("--source <names...>", `only these sources (${HISTORY_SOURCE_NAMES.join(", ")})`)
    .option("--project <dirs...>", "also look in these project folders (SpecStory, aider)")
    .option(
      "--exclude <globs...>",
      "leave out files and folders matching these globs (added to the `exclude` setting)",
    )
    .action(async (options: SyncCommandOptions, command: Command) => {
      const global = globalOptions(command);
      if (options.watch && options.dryRun) {
        throw new InvalidInputError("--watch", "either --watch or --dry-run, not both");
      }
      // Every argument is checked before the store is opened: bad input creates or changes nothing.
      selectSources(options.source ?? []);
      projectFolders(options.project ?? []);
      const location = storeLocationFor(global);
      const storePath = location.path;
      // A dry run on a machine that has no store yet (or only an empty file) decides against an
      // empty one in memory, so "nothing was written" holds for the store file too. The path is
      // still checked as the reading commands check it: one where no store could ever be made
      // (under /proc, through a file) is refused (exit 4), not reported as a harmless dry run.
      // Checked before the settings file beside it is read: a store this user may not open is
      // what to name, not its settings file.
      const dryRunWithoutStore = requireStoreFile(location) === "new" && options.dryRun === true;
      const exclusion = importExclusion(global, options);
      const { signal, stopped } = handleStopSignals(command);
      using store = dryRunWithoutStore ? openStore({ path: ":memory:" }) : openCliStore(global);
      if (!options.watch) {
        const { report, indexed } = await runSyncPass(store, options, exclusion, storePath, signal);
        if (reportHasSkips(report)) setOutcomeExitCode(command, SKIPPED_EXIT_CODE);
        await writeFinalAnswer(command, () => printSyncReport(global.json, report, indexed));
        return;
      }
      await watchUntilInterrupted(store, options, exclusion, global.json === true, stopped);
    });
}

/**
 * `--watch`: the first pass prints the full report, later passes one line each when something
 * changed (one JSON object per line with `--json`). SIGINT/SIGTERM (`stopped`) stop it after the
 * pass in progress, so every file is either synced or untouched and the index has drained; the
 * run then ends with 130/143 (`stop-signals.ts`).
 */
async function watchUntilInterrupted(
  store: Store,
  options: SyncCommandOptions,
  exclusion: PathExclusion,
  json: boolean,
  stopped: Promise<unknown>,
): Promise<void> {
  let first = true;
  const watch = watchHistory({
    environment: syncEnvironment(settingsStoreForStorePath(store.path)),
    sources: options.source ?? [],
    pass: async () => {
      const { report, indexed } = await runSyncPass(store, options, exclusion);
      // After the first pass, only a pass that changed something is printed.
      const line = formatSyncPassLine(report, indexed ?? 0, new Date());
      if (json && (first || line)) {
        process.stdout.write(`${JSON.stringify({ ...report, indexed })}\n`);
      } else if (first) writeTerminalText(formatSyncReport(report, indexed));
      else if (line) writeTerminalText(line);
      first = false;
      return report.projectRoots;
    },
    onError: (error: unknown, retryMs: number | null) => {
      const retrying = retryMs === null ? "" : `; retrying in ${Math.round(retryMs / 1000)} s`;
      writeTerminalText(
        `recollect: sync failed: ${toRecollectError(error).message}${retrying}\n`,
        process.stderr,
      );
    },
    // Runs until stopped, even when a failed first pass left nothing else to wait for.
    keepAlive: true,
  });
  await watch.ready;
  process.stderr.write("watching for changes (Ctrl-C stops)\n");
  await stopped;
  await watch.stop();
}
