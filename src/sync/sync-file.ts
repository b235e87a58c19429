/**
 * Syncs one history file into the store (issue 11 item 3). Per file, sync remembers the size and
 * mtime it saw, the byte offset of the complete records imported and a fingerprint of those bytes
 * (`store/catalog/source-files.ts`):
 *
 * - same size and mtime: unchanged, the file is not opened;
 * - the imported prefix still fingerprints the same and the file is longer: appended. An
 *   append-only JSON Lines log (`appendsLines`: Claude Code, Codex) is read only from the start of
 *   the last turn imported (`resumeBytes`, see `last-turn-start.ts`), and what that turn now holds
 *   beyond the stored messages is written; any other file is re-read and what differs is written;
 * - shorter, or the prefix differs (rewritten, or rewound and regrown past its old length): the
 *   file's chats are re-imported to match it exactly;
 * - a torn last JSONL line (being written) is left for the next sync, without an error;
 * - read by another parser version (`importers/parser-version.ts`), even unchanged: read again
 *   from its start and its chats made equal to what this build parses, so a store synced by an
 *   older release converges with a fresh sync;
 * - a database source (Cursor's `state.vscdb`) is never read as bytes: any change of its size or
 *   mtime, of its `-wal` beside it or of a companion file the format reads with it
 *   (`HistorySource.companionFiles`: Cursor's workspace folders), re-reads it through its format
 *   and makes each of its chats equal what the database now holds.
 *
 * The chat writes and the new state are one transaction: an interruption leaves the file either
 * fully synced or as it was.
 *
 * A file-system error on the file (EACCES, EISDIR, ELOOP, EIO, the file removed between the listing
 * and the read) is a `skipped` outcome naming its code, wherever it happens: nothing of the file
 * is written, the pass goes on, and the file is tried again on the next pass even unchanged (a
 * `chmod` does not change the mtime sync compares).
 */
import { type Stats, statSync } from "node:fs";
import { resolve } from "node:path";
import type Database from "better-sqlite3";
import { ImportFormatError } from "../errors/recollect-error.js";
import { completeJsonLines } from "../importers/formats/json-lines.js";
import type { ImportedChat, WriteCounts, WriteMode } from "../importers/index.js";
import { PARSER_VERSION } from "../importers/parser-version.js";
import { type ResolvedApp, resolveApp } from "../importers/resolve-app.js";
import { writeChats } from "../importers/write-chats.js";
import { externalIdsOfSourceFile } from "../store/catalog/chats.js";
import { type SourceFileState, saveSourceFileState } from "../store/catalog/source-files.js";
import { writeTransaction } from "../store/write-transaction.js";
import {
  newlinesBefore,
  prefixFingerprint,
  type RangeReader,
  snapshotReader,
} from "./file-bytes.js";
import { fileErrorCode } from "./fs-listing.js";
import type { HistorySource, SourceFile } from "./history-source.js";
import { lastTurnStart } from "./last-turn-start.js";
import { appendsLines, isDatabaseFormat, parseSourceBytes } from "./parse-source.js";
import { rootFolderName } from "./project-roots.js";

/** How a file's content related to what was imported before. */
export type FileChange = "new" | "appended" | "rewritten";

/** What syncing one file did. */
export type FileOutcome =
  | { readonly kind: "unchanged"; readonly chats: number; readonly projectRoot: string | null }
  | {
      readonly kind: "imported";
      readonly change: FileChange;
      readonly counts: WriteCounts;
      readonly projectRoot: string | null;
      /**
       * Project roots the file's chats went to (absolute, unique): a file of many projects (Cursor)
       * names them per chat. The project sources look in these too.
       */
      readonly chatRoots: readonly string[];
      /** A torn last line was left for the next sync. */
      readonly torn: boolean;
    }
  /** Only a torn (still being written) last line is new: nothing to import yet. */
  | { readonly kind: "waiting"; readonly projectRoot: string | null }
  | {
      readonly kind: "skipped";
      readonly reason: string;
      readonly projectRoot: string | null;
      /** Chats the store still holds from the file, as an earlier sync left them. */
      readonly chats: number;
    };

/** Inputs of {@link syncFile}. */
export interface SyncFileInput {
  readonly db: Database.Database;
  readonly source: HistorySource;
  readonly file: SourceFile;
  readonly previous: SourceFileState | undefined;
  /** When set, decide and report without writing anything. */
  readonly dryRun: boolean;
  readonly nowMs: number;
}

const NO_COUNTS: WriteCounts = {
  chats: 0,
  updated: 0,
  messages: 0,
  skipped: 0,
  messagesRemoved: 0,
};

/**
 * A size no file has: the state of a file that could not be read is remembered with it, so the
 * next pass never finds the file "unchanged" and tries it again.
 */
const UNREAD_SIZE = -1;

/**
 * Syncs `file`. Format errors become a `skipped` outcome with its reason (remembered, so the file
 * is retried only once it changes); a file-system error on the file becomes a `skipped` outcome
 * `cannot read the file (CODE)`, remembered for `recollect sources` and retried every pass; other
 * errors (the store failing) propagate.
 */
export function syncFile(input: SyncFileInput): FileOutcome {
  try {
    return readAndSyncFile(input);
  } catch (error) {
    const code = fileErrorCode(error);
    if (code === null) throw error;
    return unreadableFile(input, code);
  }
}

/** The outcome of a file that a file-system error (`code`) kept from being read. */
function unreadableFile(input: SyncFileInput, code: string): FileOutcome {
  const { previous } = input;
  const reason = `cannot read the file (${code})`;
  const projectRoot = previous?.projectRoot ?? input.file.projectRoot;
  // A file gone since it was listed has nothing to remember: the next listing will not name it.
  if (!input.dryRun && code !== "ENOENT") {
    saveSourceFileState(input.db, {
      ...stateBase(input, UNREAD_SIZE, previous?.mtimeMs ?? 0, projectRoot),
      importedBytes: previous?.importedBytes ?? 0,
      prefixHash: previous?.prefixHash ?? prefixFingerprint(input.file.path, 0),
      resumeBytes: previous?.resumeBytes ?? 0,
      chats: previous?.chats ?? 0,
      skipReason: reason,
    });
  }
  return { kind: "skipped", reason, projectRoot, chats: previous?.chats ?? 0 };
}

/** What one `stat` tells of a file against its remembered state ({@link checkRemembered}). */
export interface RememberedCheck {
  /** The outcome when the file is as remembered (nothing to read or write); null otherwise. */
  readonly outcome: FileOutcome | null;
  /** The file's own mtime (ms), or null when it could not be stat-ed (then `outcome` is null). */
  readonly fileMtimeMs: number | null;
}

/**
 * The outcome of a file whose size and mtime (a database source: its signature) are as
 * remembered and that this parser version read: unchanged, or skipped again for its remembered
 * reason. One `stat` (plus the companions' of a database source), no read and no write, so a
 * pass can settle the unchanged files of a large history outside any write transaction. Any
 * other file (new, changed, read by another parser, unreadable) gets a null outcome and is
 * {@link syncFile}'s to decide. Never throws.
 */
export function checkRemembered(
  input: Omit<SyncFileInput, "db" | "dryRun" | "nowMs">,
): RememberedCheck {
  let stats: Stats;
  try {
    stats = statSync(input.file.path);
  } catch {
    return { outcome: null, fileMtimeMs: null };
  }
  if (!stats.isFile()) return { outcome: null, fileMtimeMs: null };
  const fileMtimeMs = stats.mtimeMs;
  return { outcome: rememberedOutcome(input, stats), fileMtimeMs };
}

/** {@link checkRemembered}'s outcome for `stats`; null when the file must be read. */
function rememberedOutcome(
  input: Pick<SyncFileInput, "source" | "file" | "previous">,
  stats: Stats,
): FileOutcome | null {
  const { previous } = input;
  // What an older parser stored may differ from what this one parses: read it all again, once.
  if (previous === undefined || previous.parserVersion !== PARSER_VERSION) return null;
  const { size, mtimeMs } = signatureOf(input, stats);
  if (previous.size !== size || previous.mtimeMs !== mtimeMs) return null;
  return previous.skipReason !== null
    ? {
        kind: "skipped",
        reason: previous.skipReason,
        projectRoot: previous.projectRoot,
        chats: previous.chats,
      }
    : { kind: "unchanged", chats: previous.chats, projectRoot: previous.projectRoot };
}

/** The size and mtime (ms, rounded) a file is remembered by: a database source's signature. */
function signatureOf(
  input: Pick<SyncFileInput, "source" | "file">,
  stats: Stats,
): { size: number; mtimeMs: number } {
  return isDatabaseFormat(input.source.format)
    ? databaseSignature(input.file.path, stats, input.source.companionFiles?.(input.file) ?? [])
    : { size: stats.size, mtimeMs: Math.round(stats.mtimeMs) };
}

/** {@link syncFile} without its guard: file-system errors propagate. */
function readAndSyncFile(input: SyncFileInput): FileOutcome {
  const { source, file, previous } = input;
  const stats = statSync(file.path);
  if (!stats.isFile()) return unreadableFile(input, stats.isDirectory() ? "EISDIR" : "not a file");
  const database = isDatabaseFormat(source.format);
  const appendOnly = appendsLines(source.format);
  const { size, mtimeMs } = signatureOf(input, stats);
  const remembered = rememberedOutcome(input, stats);
  if (remembered !== null) return remembered;
  const reread = previous !== undefined && previous.parserVersion !== PARSER_VERSION;
  const projectRoot = previous?.projectRoot ?? source.projectRootOf(file);
  // The file's bytes as stat-ed, read once for a small file: the fingerprints and the records.
  const bytesOf = snapshotReader(file.path, size);
  const change =
    database || reread
      ? previous
        ? "rewritten"
        : "new"
      : classify(file.path, size, previous, bytesOf);
  if (change === "unchanged") {
    if (!input.dryRun && previous) saveSourceFileState(input.db, { ...previous, mtimeMs });
    return { kind: "unchanged", chats: previous?.chats ?? 0, projectRoot };
  }
  // Only a log already holding its one chat is read from its last turn: the tail alone may lack
  // the session's id and cwd (Codex writes them on the first line only).
  const tailOnly = change === "appended" && appendOnly && previous?.chats === 1;
  const from = tailOnly && previous ? previous.resumeBytes : 0;
  let read: { bytes: Buffer; consumed: number; torn: boolean };
  let chats: ImportedChat[];
  try {
    const bytes = database ? Buffer.alloc(0) : bytesOf(from, size - from);
    read = appendOnly
      ? completeJsonLines(bytes)
      : { bytes, consumed: database ? size : bytes.length, torn: false };
    if (tailOnly && previous && from + read.consumed <= previous.importedBytes) {
      return { kind: "waiting", projectRoot };
    }
    chats = parseSourceBytes(source.format, file.path, read.bytes, mtimeMs).chats;
  } catch (error) {
    const reason = skipReason(error, file.path, from);
    if (!input.dryRun) {
      // Remembered with the old offsets: the next change is read again from the same place.
      saveSourceFileState(input.db, {
        ...stateBase(input, size, mtimeMs, projectRoot),
        importedBytes: previous?.importedBytes ?? 0,
        prefixHash: previous?.prefixHash ?? prefixFingerprint(file.path, 0),
        resumeBytes: previous?.resumeBytes ?? 0,
        chats: previous?.chats ?? 0,
        skipReason: reason,
      });
    }
    return { kind: "skipped", reason, projectRoot, chats: previous?.chats ?? 0 };
  }
  const importedBytes = from + read.consumed;
  const turnStart = appendOnly ? lastTurnStart(source.format, file.path, read.bytes) : null;
  const resumeBytes = turnStart === null ? from : from + turnStart;
  if (chats.length === 0 && !tailOnly && (previous?.chats ?? 0) === 0) {
    const reason = "no prompt or reply in the file";
    if (!input.dryRun) {
      saveSourceFileState(input.db, {
        ...stateBase(input, size, mtimeMs, projectRoot),
        importedBytes,
        prefixHash: prefixFingerprint(file.path, importedBytes, bytesOf),
        resumeBytes,
        chats: 0,
        skipReason: read.torn ? null : reason,
      });
    }
    return read.torn
      ? { kind: "waiting", projectRoot }
      : { kind: "skipped", reason, projectRoot, chats: 0 };
  }
  const apps = chats.map((chat) => appOf(file.path, chat, projectRoot));
  const chatRoots = [
    ...new Set(apps.flatMap((app) => (app.origin === "root" && app.path ? [app.path] : []))),
  ];
  if (input.dryRun) {
    const messages = chats.reduce((total, chat) => total + chat.messages.length, 0);
    const counts =
      change === "new"
        ? { ...NO_COUNTS, chats: chats.length, messages }
        : { ...NO_COUNTS, updated: chats.length, messages };
    return { kind: "imported", change, counts, projectRoot, chatRoots, torn: read.torn };
  }
  const counts = writeTransaction(input.db, () => {
    const written = writeFileChats(input, chats, apps, change, tailOnly);
    saveSourceFileState(input.db, {
      ...stateBase(input, size, mtimeMs, projectRoot),
      importedBytes,
      prefixHash: prefixFingerprint(file.path, importedBytes, bytesOf),
      resumeBytes,
      chats: written.fileChats,
      skipReason: null,
    });
    return written.counts;
  })();
  return { kind: "imported", change, counts, projectRoot, chatRoots, torn: read.torn };
}

/**
 * Size and mtime of a database together with its write-ahead log: a database in WAL mode takes
 * new rows into `<file>-wal` and changes the main file only at a checkpoint. Size is the sum,
 * mtime the later of the two (ms, rounded).
 */
/**
 * The size and mtime a database source is remembered by: the sum of the sizes and the latest
 * mtime of the file, its `-wal` and its companion files (those that exist), so a write to any of
 * them (a commit, a WAL append, a workspace's new composer list) reads as a change.
 */
function databaseSignature(
  path: string,
  stats: Stats,
  companions: readonly string[],
): { size: number; mtimeMs: number } {
  let size = stats.size;
  let mtimeMs = stats.mtimeMs;
  for (const other of [`${path}-wal`, ...companions]) {
    const found = statIfReadable(other);
    if (!found?.isFile()) continue;
    size += found.size;
    mtimeMs = Math.max(mtimeMs, found.mtimeMs);
  }
  return { size, mtimeMs: Math.round(mtimeMs) };
}

/** `stat` of `path`, or undefined when it is missing or cannot be reached (EACCES…). */
function statIfReadable(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The app a chat of `filePath` goes to: its file's project root, else what the chat tells. */
function appOf(filePath: string, chat: ImportedChat, projectRoot: string | null): ResolvedApp {
  return projectRoot
    ? { name: rootFolderName(projectRoot), path: projectRoot, origin: "root" }
    : resolveApp(filePath, chat, undefined);
}

function classify(
  path: string,
  size: number,
  previous: SourceFileState | undefined,
  read: RangeReader,
): FileChange | "unchanged" {
  if (!previous) return "new";
  if (size < previous.importedBytes) return "rewritten";
  if (prefixFingerprint(path, previous.importedBytes, read) !== previous.prefixHash) {
    return "rewritten";
  }
  // A remembered failure is retried in full once the file changes.
  if (previous.skipReason !== null) return "rewritten";
  return size === previous.importedBytes ? "unchanged" : "appended";
}

function stateBase(
  input: SyncFileInput,
  size: number,
  mtimeMs: number,
  projectRoot: string | null,
): Omit<SourceFileState, "importedBytes" | "prefixHash" | "resumeBytes" | "chats" | "skipReason"> {
  return {
    source: input.source.name,
    path: input.file.path,
    format: input.source.format,
    projectRoot,
    size,
    mtimeMs,
    syncedAtMs: input.nowMs,
    parserVersion: PARSER_VERSION,
  };
}

/**
 * Writes the parsed chats of one file. An appended tail of a one-chat log is added to the chat
 * the file already holds (the tail alone may lack the session id, as Codex records it only on the
 * first line). Returns the write counts and how many chats the file now holds.
 */
function writeFileChats(
  input: SyncFileInput,
  chats: readonly ImportedChat[],
  apps: readonly ResolvedApp[],
  change: FileChange,
  tailOnly: boolean,
): { counts: WriteCounts; fileChats: number } {
  const { db, source, file } = input;
  const sourceFile = resolve(file.path);
  const stored = externalIdsOfSourceFile(db, source.format, sourceFile);
  const mode: WriteMode = change === "rewritten" ? "exact" : "merge";
  const appendTo = tailOnly && stored.length === 1 ? stored[0]! : null;
  const toWrite = chats.map((chat, index) => {
    const target = appendTo !== null ? { ...chat, externalId: appendTo } : chat;
    return {
      chat: target,
      app: apps[index]!,
      sourceFile,
      mode: appendTo !== null ? ("tail" as const) : mode,
    };
  });
  const { chatIds: _ids, ...counts } = writeChats(db, toWrite);
  const fileChats = externalIdsOfSourceFile(db, source.format, sourceFile).length;
  return { counts, fileChats };
}

/**
 * The reason a file at `path` is skipped; `from` > 0 when only the part after that byte (a line
 * start) was parsed. A line is numbered in the whole file, whichever part was read, so the same bad
 * line is named the same way by every sync and is the line an editor shows.
 */
function skipReason(error: unknown, path: string, from: number): string {
  if (error instanceof ImportFormatError) {
    const prefix = `${error.file}${error.line !== undefined ? `:${error.line}` : ""}: `;
    const reason = error.message.startsWith(prefix)
      ? error.message.slice(prefix.length)
      : error.message;
    if (error.line === undefined) return reason;
    const line = error.line + (from > 0 ? newlinesBefore(path, from) : 0);
    return `line ${line}: ${reason}`;
  }
  // A file-system error is `syncFile`'s to report (retried every pass, not remembered as a parse
  // failure); another coded error here is the other tool's database refusing to open (Cursor).
  if (
    fileErrorCode(error) === null &&
    typeof error === "object" &&
    error !== null &&
    "code" in error
  ) {
    return `cannot read the file (${String(error.code)})`;
  }
  throw error;
}
