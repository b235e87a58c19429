/**
 * `recollect import <paths…> [--app NAME] [--exclude GLOB…]`: imports chat histories (files or folders, recursive)
 * and then drains the search index so `search` works right away. Prints counts per file and per
 * format (stdout), progress on stderr (counts only, never file names or text), and exits non-zero
 * with the first rejected file's `file:line: reason` when any file was malformed (every other
 * rejected file on a stderr line of its own, `import-failures.ts`), or the
 * `ChatsInAnotherAppError` when `--app` names another app than the one holding a file's chats
 * (the `ChatKeyInAnotherFileError` when a generic JSONL file would change a chat another file
 * holds); {@link SKIPPED_EXIT_CODE} (12) when it imported the rest but skipped a file or folder it
 * could not read. A
 * stop signal ends the import after the file in progress and the drain after its batch; the
 * summary of what was done is printed, then the root writes the stop line.
 */

import type { Command } from "commander";
import {
  combineExclusions,
  createPathExclusion,
  IMPORT_FORMAT_LABELS,
  type ImportProgressEvent,
  type ImportReport,
  type ImportRun,
  type SkipReason,
  settingsExclusion,
  startImport,
  type WriteCounts,
} from "../../importers/index.js";
import { settingsStoreForStorePath } from "../../settings/index.js";
import { existingAppName } from "../../store/catalog/app-lookup.js";
import { requireStoreFile, type Store } from "../../store/open-store.js";
import { plural } from "../../text/plural.js";
import {
  globalOptions,
  printJson,
  setOutcomeExitCode,
  storeLocationFor,
  storePathFor,
  withCliStore,
} from "../cli-context.js";
import { SKIPPED_EXIT_CODE } from "../exit-codes.js";
import { onceOnlyApp } from "../once-only-option.js";
import { handleStopSignals, hearPendingSignals, writeFinalAnswer } from "../stop-signals.js";
import { writeTerminalText } from "../terminal-text.js";
import { requireNewAppName } from "./apps.js";
import { throwImportFailures } from "./import-failures.js";
import { drainIndex } from "./index-command.js";

/** On a non-terminal stderr, one progress line per this many files (a terminal gets every file). */
const PROGRESS_EVERY_FILES = 25;

/**
 * The `--json` shape: the import report without error objects (each file's `torn_line`: the cut
 * last line of a log still being written, left out, or null), plus what the index drained
 * (`indexed`; null when a stop signal ended the run before its drain did) and how many files the
 * stop left unimported (`files_not_imported`, 0 for a run that imported every file). Every
 * file, format and total record carries `messages_removed` (`WriteCounts.messagesRemoved`), 0
 * included.
 */
export function importReportJson(report: ImportReport, indexed: number | null) {
  return {
    files: report.files.map(({ tornLine, ...file }) => ({
      ...countsJson(file),
      torn_line: tornLine,
    })),
    formats: report.formats.map(countsJson),
    totals: countsJson(report.totals),
    skipped_paths: report.skippedPaths.map(({ path, reason }) => ({ file: path, reason })),
    failures: report.failures.map(({ file, line, reason }) => ({
      file,
      line: line ?? null,
      reason,
    })),
    files_not_imported: report.filesNotImported,
    indexed,
  };
}

/** A record of the report with its counts as `--json` names them (snake_case). */
function countsJson<Counts extends WriteCounts>({ messagesRemoved, ...rest }: Counts) {
  return { ...rest, messages_removed: messagesRemoved };
}

/** How the text summary names each reason class (`--json` gives the class itself). */
const SKIP_REASON_TEXT: Readonly<Record<SkipReason, string>> = {
  unknown_format: "no known format",
  excluded: "excluded",
  store_file: "the store's own file",
  recollect_store: "another Recollect store",
  unreadable: "cannot be read",
};

/**
 * Human summary: one line per file, one per format, totals (each saying the stored messages an
 * edited file's import removed, when any), one per skipped path, failures, then
 * what a stop left undone (files not imported; `indexed` null: the index drain did not finish)
 * or the messages indexed.
 */
export function formatImportReport(report: ImportReport, indexed: number | null): string {
  // Messages an edit made the store lose are said whenever there are any, never left implied.
  const counts = (entry: WriteCounts) =>
    `${plural(entry.chats, "new chat")}, ${entry.updated} updated, ${plural(entry.messages, "message")}${entry.messagesRemoved > 0 ? `, ${plural(entry.messagesRemoved, "message")} removed` : ""}, ${entry.skipped} unchanged`;
  // Plain UTF-8 is the norm; any other encoding assumed is said, so no file is read silently wrong.
  // A log cut mid-line (a session still being written) says which line waits for the next import.
  const notes = (file: ImportReport["files"][number]) =>
    [
      file.encoding && file.encoding !== "utf-8" ? `read as ${file.encoding}` : null,
      file.tornLine === null ? null : `line ${file.tornLine} cut off, left for the next import`,
    ].filter((note) => note !== null);
  const lines = report.files.map((file) => {
    const said = notes(file);
    return `${file.format.padEnd(11)} ${counts(file)}  ${file.file}${said.length > 0 ? ` (${said.join("; ")})` : ""}`;
  });
  if (lines.length > 0) lines.push("");
  for (const format of report.formats) {
    lines.push(`${format.format.padEnd(11)} ${plural(format.files, "file")}: ${counts(format)}`);
  }
  lines.push(
    `${"total".padEnd(11)} ${plural(report.totals.files, "file")}: ${counts(report.totals)}`,
  );
  // Each skipped path by name with its reason class (a path only: nothing read from it is shown).
  for (const { path, reason } of report.skippedPaths) {
    lines.push(`skipped    ${SKIP_REASON_TEXT[reason].padEnd(20)} ${path}`);
  }
  for (const failure of report.failures) lines.push(`rejected ${failure.error.message}`);
  if (report.filesNotImported > 0) {
    lines.push(`stopped    ${plural(report.filesNotImported, "file")} not imported`);
  }
  lines.push(
    indexed === null
      ? `indexing stopped: ${INDEX_LEFT_QUEUED}`
      : `indexed ${plural(indexed, "message")}`,
  );
  return `${lines.join("\n")}\n`;
}

/** What a stopped drain leaves, as the summary says it. */
const INDEX_LEFT_QUEUED =
  "what is still queued is indexed by the next import, sync, search or index rebuild";

/** The stderr progress of an import: `onProgress` for `startImport`, `end` once it stops. */
interface ProgressReporter {
  readonly onProgress: (event: ImportProgressEvent) => void;
  /** Ends a terminal's progress line left open by a run that stopped before its last file. */
  end(): void;
}

function progressReporter(): ProgressReporter {
  const interactive = process.stderr.isTTY === true;
  let lineOpen = false;
  return {
    onProgress(event) {
      if (event.type !== "file-end" || event.total < 2) return;
      const last = event.index === event.total;
      if (interactive) {
        process.stderr.write(`\rimporting ${event.index}/${event.total} files…${last ? "\n" : ""}`);
        lineOpen = !last;
      } else if (last || event.index % PROGRESS_EVERY_FILES === 0) {
        process.stderr.write(`importing ${event.index}/${event.total} files…\n`);
      }
    },
    end() {
      if (lineOpen) process.stderr.write("\n");
      lineOpen = false;
    },
  };
}

/**
 * Imports `run`'s files one by one until none is left or `signal` aborts: before each file the
 * event loop polls, so a stop signal that came during the file before is heard; a file begun is
 * finished (its one transaction commits or rolls back whole).
 */
async function importUntilStopped(run: ImportRun, signal: AbortSignal): Promise<ImportReport> {
  do await hearPendingSignals();
  while (!signal.aborted && run.importNext());
  return run.report();
}

/**
 * Drains the index after an import, or returns null when `signal` stopped the run before the
 * drain or during it (the batches done stay indexed, the rest queued).
 * @throws what `drainIndex` throws otherwise.
 */
async function drainUnlessStopped(store: Store, signal: AbortSignal): Promise<number | null> {
  if (signal.aborted) return null;
  try {
    return await drainIndex(store, { requeueAll: false, signal });
  } catch (error) {
    if (signal.aborted) return null;
    throw error;
  }
}

/** The options of `recollect import` besides the paths. */
interface ImportOptions {
  readonly app?: string;
  readonly exclude?: string[];
}

/**
 * The exclusion in force for `import` and `sync`: the `exclude` setting's globs, then
 * `--exclude`'s.
 *
 * @throws InvalidInputError (`--exclude`) for an empty, negated or unbalanced glob given there;
 *   InvalidStoredSettingError (exit 4, naming the settings file) for one stored in the setting.
 */
export function importExclusion(
  global: ReturnType<typeof globalOptions>,
  options: Pick<ImportOptions, "exclude">,
) {
  return combineExclusions(
    settingsExclusion(settingsStoreForStorePath(storePathFor(global))),
    createPathExclusion(options.exclude ?? [], "--exclude"),
  );
}

/** Registers `recollect import`. */
export function registerImportCommand(program: Command): void {
  program
    .command("import")
    .description(`import chat histories (${IMPORT_FORMAT_LABELS})`)
    .argument("<paths...>", "files or folders (walked recursively)")
    .option(
      "--app <name>",
      "store every chat under this app instead of the derived one (an existing app named so but for case or accents is reused)",
      onceOnlyApp,
    )
    .option(
      "--exclude <globs...>",
      "leave out files and folders matching these globs (added to the `exclude` setting)",
    )
    .action(async (paths: string[], options: ImportOptions, command: Command) => {
      const global = globalOptions(command);
      // A signal stops the import between files and the index drain between its transactions;
      // what was written stays, what is queued stays queued.
      const { signal } = handleStopSignals(command);
      // The store comes before the settings file beside it: when this user may open neither,
      // the store is what to name (the settings error said nothing of the store).
      requireStoreFile(storeLocationFor(global));
      const exclusion = importExclusion(global, options);
      const typed = options.app === undefined ? undefined : requireNewAppName(options.app, "--app");
      // An import that failed (no history in the paths, a malformed file) or found nothing to
      // import (every file excluded) leaves no new empty store.
      await withCliStore(
        global,
        async (store) => {
          // An existing app named the same but for case, accents or spacing is the one meant.
          const appName =
            typed === undefined ? undefined : (existingAppName(store.db, typed) ?? typed);
          const progress = progressReporter();
          const run = startImport({
            store,
            paths,
            exclusion,
            ...(appName !== undefined ? { appName } : {}),
            onProgress: progress.onProgress,
          });
          // A stop prints what was done before the root's stop line: the files imported, how
          // many were not, and whether the index drain finished.
          const report = await importUntilStopped(run, signal);
          progress.end();
          if (report.totals.messages > 0 && process.stderr.isTTY && !signal.aborted) {
            process.stderr.write("indexing…\n");
          }
          const indexed = await drainUnlessStopped(store, signal);
          // The summary is the whole answer (a stop's too): a signal after it is no stop.
          await writeFinalAnswer(command, () => {
            if (global.json) printJson(importReportJson(report, indexed));
            else writeTerminalText(formatImportReport(report, indexed));
          });
          // `--app` naming another app than the one holding a file's chats: its own class (exit
          // 2) with its remedy, which the one-line report above leaves out.
          throwImportFailures(report.failures, global.json === true);
          // Done, but a file or folder it could not read is left out: the code sync gives it.
          if (report.skippedPaths.some(({ reason }) => reason === "unreadable"))
            setOutcomeExitCode(command, SKIPPED_EXIT_CODE);
        },
        { removeUnused: "always" },
      );
    });
}
