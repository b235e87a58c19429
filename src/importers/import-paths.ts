/**
 * The importer's entry point: expand paths, detect each file's format, parse it, resolve its app
 * and write it in one transaction per file. A malformed file is reported with file and line and
 * contributes nothing; the other files still import.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { ChatKeyInAnotherFileError } from "../errors/chat-key-in-another-file-error.js";
import {
  ChatsInAnotherAppError,
  ImportFormatError,
  InvalidInputError,
} from "../errors/recollect-error.js";
import type { Store } from "../store/open-store.js";
import { inspectStoreFile } from "../store/store-mark.js";
import { plural } from "../text/plural.js";
import {
  type CandidateFile,
  collectFiles,
  errorCode,
  type UnreadablePath,
} from "./collect-files.js";
import { decodeText, invalidAfterBomReason, isDecoded, type TextEncoding } from "./decode-text.js";
import { type DetectionHead, readDetectionHead } from "./detection-head.js";
import {
  detectFormatModule,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMATS,
  type ImportFormat,
  type RegisteredFormatModule,
} from "./format-registry.js";
import { LINE_TOO_LONG_REASON } from "./formats/json-lines.js";
import { importFile } from "./import-file.js";
import type { PathExclusion } from "./path-exclusion.js";
import type { WriteCounts } from "./write-chats.js";

/** Options of {@link importPaths}. */
export interface ImportPathsOptions {
  readonly store: Store;
  /** Files and/or folders (walked recursively). */
  readonly paths: readonly string[];
  /** Store every chat under this app instead of the derived one (`--app`). */
  readonly appName?: string;
  /** Paths kept out (`--exclude` and the `exclude` setting); nothing under them is read. */
  readonly exclusion?: PathExclusion;
  /** Called before and after each recognized file; carries counts only, never names or text. */
  readonly onProgress?: (event: ImportProgressEvent) => void;
}

/** Progress of a long import. `index` is 1-based over the recognized files. */
export type ImportProgressEvent =
  | {
      readonly type: "file-start";
      readonly index: number;
      readonly total: number;
      readonly format: ImportFormat;
    }
  | {
      readonly type: "file-end";
      readonly index: number;
      readonly total: number;
      readonly format: ImportFormat;
      readonly ok: boolean;
      readonly counts: WriteCounts;
    };

/** Result for one imported file. */
export interface FileImportResult extends WriteCounts {
  readonly file: string;
  readonly format: ImportFormat;
  /** The text encoding the file was read in; null for a database. */
  readonly encoding: TextEncoding | null;
  /**
   * 1-based number of a last line cut mid-record (an append-only log still being written), left
   * out of the import; null when every line was read.
   */
  readonly tornLine: number | null;
}

/** Totals over the files of one format. */
export interface FormatImportTotals extends WriteCounts {
  readonly format: ImportFormat;
  readonly files: number;
}

/**
 * A file that was rejected: nothing from it was written. `error` is why: the file is malformed
 * (`ImportFormatError`), `--app` names another app than the one holding its chats
 * (`ChatsInAnotherAppError`), or it would change a stored message of a generic JSONL chat another
 * file holds (`ChatKeyInAnotherFileError`); for the last two `reason` is the error's whole message.
 */
export interface ImportFailure {
  readonly file: string;
  readonly line: number | undefined;
  readonly reason: string;
  readonly error: ImportFormatError | ChatsInAnotherAppError | ChatKeyInAnotherFileError;
}

/**
 * Why a path under the given ones was left out without being an error: no known chat format
 * (inside a folder), kept out by an exclusion glob (never read; a folder stands for its files),
 * the store's own file (or its WAL/SHM companion), which import never reads, another Recollect
 * store (`recollect_store`: its tables look like Dyad's, and its chats came from histories of
 * their own), or a file or folder
 * inside a given folder that this user cannot read (permissions, a symlink loop).
 */
export type SkipReason =
  | "unknown_format"
  | "excluded"
  | "store_file"
  | "recollect_store"
  | "unreadable";

/** One path import left out, and why (never anything read from it). */
export interface SkippedPath {
  readonly path: string;
  readonly reason: SkipReason;
}

/** What {@link importPaths} did. */
export interface ImportReport {
  readonly files: readonly FileImportResult[];
  /** One entry per format that had at least one file, in {@link IMPORT_FORMATS} order. */
  readonly formats: readonly FormatImportTotals[];
  readonly totals: WriteCounts & { readonly files: number };
  /** Every path left out without an error: excluded ones first, then in the order met, unreadable last. */
  readonly skippedPaths: readonly SkippedPath[];
  readonly failures: readonly ImportFailure[];
  /**
   * Recognized files not imported because the run stopped before them ({@link startImport}); 0
   * for a run that imported every file.
   */
  readonly filesNotImported: number;
}

/**
 * An import begun by {@link startImport}, whose files are imported one at a time, so a caller can
 * stop between two of them (the CLI on SIGINT/SIGTERM) and still report what was done.
 */
export interface ImportRun {
  /** How many files were recognized (the files to import). */
  readonly total: number;
  /**
   * Imports the next file in one transaction and returns true, or returns false when none is
   * left. A malformed or refused file becomes a failure of the report, not an error.
   * @throws the store's errors (e.g. busy) unchanged; the file's transaction was rolled back.
   */
  importNext(): boolean;
  /** What the files imported so far wrote, and how many are left (`filesNotImported`). */
  report(): ImportReport;
}

/**
 * Imports every chat-history file under `paths`.
 *
 * - A file named explicitly that is no known format is a failure; inside a folder it is listed
 *   in `skippedPaths` as `unknown_format` (folders hold READMEs, statistics, metadata, other SQLite files…).
 * - The store's own file is never read, even when a walked folder contains it (`store_file`);
 *   another Recollect store is not imported either (`recollect_store` in a folder, a failure
 *   when named).
 * - A file or folder inside a given folder that cannot be read is listed as `unreadable` and the
 *   rest still imports; a path given by name that cannot be read is invalid input.
 * - Each file is parsed fully before anything is written and written in one transaction, so a
 *   failure leaves nothing of that file in the store.
 * - A generic JSONL chat (by its `(app, chat)` key) belongs to one file. Another file holding it
 *   updates and takes it over when its chat begins with the stored messages (a regenerated or
 *   moved export), leaves it when it holds only their first ones, and is a failure
 *   (`ChatKeyInAnotherFileError`) when it would change one. The same file imported again updates
 *   its chats.
 * - With `appName`, a file some of whose chats are already stored under another app is a failure
 *   (`ChatsInAnotherAppError`): a chat stays in the app it was first imported into, and the
 *   person is told so rather than shown the file as unchanged.
 *
 * @throws InvalidInputError (`paths`) when a path does not exist or cannot be read, or the
 *   folders hold no chat history file at all (naming the first unreadable path when some were); (`--app`) when `appName` is blank or would merge a Dyad database's
 *   several apps. Errors other than format errors (e.g. the store failing) propagate.
 */
export function importPaths(options: ImportPathsOptions): ImportReport {
  const run = startImport(options);
  while (run.importNext());
  return run.report();
}

/**
 * Begins {@link importPaths}: expands the paths and detects every file's format now (throwing
 * what `importPaths` throws before anything is written), and returns the run, which imports the
 * recognized files one per `importNext()` call, in order.
 */
export function startImport(options: ImportPathsOptions): ImportRun {
  const { store, paths, onProgress } = options;
  const appName = options.appName?.trim();
  if (options.appName !== undefined && !appName) {
    throw new InvalidInputError("--app", "a non-empty app name");
  }
  const { files: candidates, excluded, unreadable } = collectFiles(paths, options.exclusion);
  const recognized: { file: CandidateFile; module: RegisteredFormatModule }[] = [];
  const skippedPaths: SkippedPath[] = excluded.map((path) => ({ path, reason: "excluded" }));
  const unreadableFound: UnreadablePath[] = [...unreadable];
  const failures: ImportFailure[] = [];
  const storeFiles = storeFilePaths(store.path);
  for (const file of candidates) {
    // Never read the store being written (a folder walk may contain it, and it looks like Dyad).
    if (storeFiles.has(resolve(file.path))) {
      skippedPaths.push({ path: file.path, reason: "store_file" });
      continue;
    }
    let head: DetectionHead;
    try {
      head = readDetectionHead(file.path);
    } catch (error) {
      // A named file was checked readable by collectFiles; failing now, it changed meanwhile.
      if (file.explicit) failures.push(failure(unreadableError(file.path, error)));
      else unreadableFound.push({ path: file.path, code: errorCode(error) });
      continue;
    }
    // Another store's apps/chats/messages tables read as a Dyad database: its chats would come
    // in a second time beside the histories they were imported from (a newcomer's check).
    if (isRecollectStore(head)) {
      if (file.explicit) failures.push(failure(recollectStoreError(file.path)));
      else skippedPaths.push({ path: file.path, reason: "recollect_store" });
      continue;
    }
    const module = detectFormatModule(head);
    if (module) recognized.push({ file, module });
    else if (file.explicit) failures.push(failure(unknownFormatError(head)));
    else skippedPaths.push({ path: file.path, reason: "unknown_format" });
  }
  skippedPaths.push(
    ...unreadableFound.map(({ path }) => ({ path, reason: "unreadable" as const })),
  );
  const [firstUnreadable] = unreadableFound;
  if (recognized.length === 0 && failures.length === 0 && excluded.length === 0) {
    if (firstUnreadable) {
      const { path, code } = firstUnreadable;
      const detail = `no chat history file found that could be read; ${path} cannot be read (${code})`;
      throw new InvalidInputError("paths", "existing files or folders", detail);
    }
    // What was passed by, counted by class: a folder of READMEs and a folder of nothing differ.
    const counted = (reason: SkipReason) =>
      skippedPaths.filter((skipped) => skipped.reason === reason).length;
    const [passed, stores] = [counted("unknown_format"), counted("recollect_store")];
    const classes = [
      ...(passed > 0 ? [`${plural(passed, "file")} of no known format`] : []),
      ...(stores > 0 ? [plural(stores, "other Recollect store", "other Recollect stores")] : []),
    ];
    const walked = classes.length === 0 ? "" : `: ${classes.join(", ")}`;
    throw new InvalidInputError(
      "paths",
      `files or folders holding chat histories (${IMPORT_FORMAT_LABELS})`,
      `no chat history file found in ${paths.join(", ")}${walked}`,
    );
  }

  const results: FileImportResult[] = [];
  const total = recognized.length;
  let done = 0;
  const importNext = (): boolean => {
    const next = recognized[done];
    if (!next) return false;
    const { file, module } = next;
    const { format } = module;
    const index = ++done;
    onProgress?.({ type: "file-start", index, total, format });
    try {
      const { encoding, tornLine, ...counts } = importFile(store, file.path, module, appName);
      results.push({ file: file.path, format, encoding, tornLine, ...counts });
      onProgress?.({ type: "file-end", index, total, format, ok: true, counts });
    } catch (error) {
      if (error instanceof ChatsInAnotherAppError || error instanceof ChatKeyInAnotherFileError) {
        failures.push({ file: file.path, line: undefined, reason: error.message, error });
      } else if (error instanceof ImportFormatError) failures.push(failure(error));
      else throw error;
      onProgress?.({ type: "file-end", index, total, format, ok: false, counts: ZERO });
    }
    return true;
  };
  return {
    total,
    importNext,
    report: () => ({
      files: [...results],
      formats: totalsByFormat(results),
      totals: { files: results.length, ...sum(results) },
      skippedPaths,
      failures: [...failures],
      filesNotImported: total - done,
    }),
  };
}

const ZERO: WriteCounts = { chats: 0, updated: 0, messages: 0, skipped: 0, messagesRemoved: 0 };

/** The store file and its WAL/SHM companions, resolved; empty for an in-memory store. */
function storeFilePaths(storePath: string): ReadonlySet<string> {
  if (storePath === ":memory:") return new Set();
  const base = resolve(storePath);
  return new Set([base, `${base}-wal`, `${base}-shm`, `${base}-journal`]);
}

/**
 * The head is a Recollect store's, marked or made before the mark, as the store itself classifies
 * a file (`inspectStoreFile`). Only a SQLite file with a `messages` table is asked: another kind
 * cannot be one, and the question opens the file again.
 */
function isRecollectStore(head: DetectionHead): boolean {
  if (head.sqliteTables?.has("messages") !== true) return false;
  try {
    const kind = inspectStoreFile(head.path);
    return kind === "store" || kind === "unmarked-store";
  } catch {
    return false;
  }
}

function recollectStoreError(path: string): ImportFormatError {
  return new ImportFormatError(
    path,
    undefined,
    "a Recollect store, not a chat history: import its chats' own history files instead, or open it with --db",
  );
}

function unreadableError(path: string, error: unknown): ImportFormatError {
  return new ImportFormatError(path, undefined, `cannot read the file (${errorCode(error)})`);
}

function unknownFormatError(head: DetectionHead): ImportFormatError {
  const { path } = head;
  if (statSync(path).size === 0) return new ImportFormatError(path, undefined, "empty file");
  if (head.sqliteTables !== null) {
    return new ImportFormatError(
      path,
      undefined,
      "a SQLite database of no known chat history shape (Dyad needs apps/chats/messages tables, Cursor a cursorDiskKV table; see docs/IMPORT-FORMATS.md)",
    );
  }
  if (head.firstLineTooLong) return new ImportFormatError(path, 1, LINE_TOO_LONG_REASON);
  const decoded = decodeText(head.bytes, { partial: true });
  if (decoded !== null && !isDecoded(decoded)) {
    return new ImportFormatError(path, undefined, invalidAfterBomReason(decoded.encoding));
  }
  return new ImportFormatError(
    path,
    undefined,
    `not a recognized chat history format (${IMPORT_FORMAT_LABELS}; see docs/IMPORT-FORMATS.md)`,
  );
}

function failure(error: ImportFormatError): ImportFailure {
  const reason = error.message.slice(error.message.indexOf(": ") + 2);
  return { file: error.file, line: error.line, reason, error };
}

function sum(counts: readonly WriteCounts[]): WriteCounts {
  return counts.reduce(
    (total, next) => ({
      chats: total.chats + next.chats,
      updated: total.updated + next.updated,
      messages: total.messages + next.messages,
      skipped: total.skipped + next.skipped,
      messagesRemoved: total.messagesRemoved + next.messagesRemoved,
    }),
    ZERO,
  );
}

function totalsByFormat(results: readonly FileImportResult[]): FormatImportTotals[] {
  return IMPORT_FORMATS.flatMap((format) => {
    const files = results.filter((result) => result.format === format);
    return files.length === 0 ? [] : [{ format, files: files.length, ...sum(files) }];
  });
}
