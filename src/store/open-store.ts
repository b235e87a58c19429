import { constants, existsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { isDamagedDatabaseError, RecollectError } from "../errors/recollect-error.js";
import { canAccess } from "./can-access.js";
import { migrate } from "./migrate.js";
import type { Migration } from "./migration.js";
import { MIGRATIONS } from "./migrations/index.js";
import { openReadOnly } from "./open-read-only.js";
import {
  hasSqliteHeader,
  isTruncatedSqliteFile,
  StoreDamagedError,
  yieldsBytes,
} from "./store-damaged-error.js";
import { createStoreFolders, removeStoreFolders } from "./store-folders.js";
import type { StoreLocation, StorePathOrigin } from "./store-location.js";
import { inspectStoreFile, NotAStoreError, type StoreFileKind } from "./store-mark.js";
import { requireCreatableStorePath, StoreNotCreatableError } from "./store-not-creatable-error.js";
import {
  StoreNotOpenableError,
  type StorePathError,
  StorePathNotAFileError,
} from "./store-path-error.js";
import { absentWalFiles, releaseWalFiles, removeCreatedWalFiles } from "./wal-files.js";
import { storeBusyTimeoutMs } from "./write-transaction.js";

/** An open store. `close()` is idempotent; `using store = openStore(...)` closes it on scope exit. */
export interface Store extends Disposable {
  readonly db: Database.Database;
  /** The file path, or `":memory:"`. */
  readonly path: string;
  /**
   * False when the store was opened read-only (asked for, or the file or its folder is not
   * writable): search, read and explore work from what is indexed; nothing is written, so the
   * indexer drains nothing and reports what stays queued.
   */
  readonly writable: boolean;
  close(): void;
}

/** Options for {@link openStore}. */
export interface OpenStoreOptions {
  /**
   * File path, or `":memory:"` for a private in-memory store (tests). A missing file becomes a new
   * store, and its missing parent folders are created (removed again if the open fails).
   */
  path: string;
  /**
   * Where `path` came from, named by every error about it (`argument`): default `--db`, the flag
   * a library caller's own path stands for.
   */
  origin?: StorePathOrigin;
  /** Defaults to every migration this build ships; tests may pass a prefix to test upgrades. */
  migrations?: readonly Migration[];
  /** Open without migrating or writing. Default false (read-only only when the file system says so). */
  readonly?: boolean;
}

/**
 * What the file system refused, in words, for its error codes a person can act on; other errors
 * (SQLite's own words) as they are. The raw message stays the error's `cause`.
 */
function openFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM")
    return "this user may not read or write it (permission denied). Check the file's owner and mode.";
  if (code === "EIO") return "the disk reported an I/O error reading it.";
  return (error as Error).message;
}

/** The error for a store file SQLite failed on: damaged (`isDamagedDatabaseError`), else not openable. */
function cannotOpen(location: StoreLocation, error: unknown): StorePathError {
  if (isDamagedDatabaseError(error))
    return new StoreDamagedError(location, "malformed", { cause: error });
  return new StoreNotOpenableError(location, openFailure(error), { cause: error });
}

const canWrite = (path: string) => canAccess(path, constants.W_OK);

/**
 * True when an existing store file can be written in WAL mode: the file itself, and its folder
 * (SQLite creates the `-wal` and `-shm` files beside it).
 */
function isWritableFile(path: string): boolean {
  return canWrite(path) && canWrite(dirname(path));
}

/**
 * Classifies what `path` holds (see `inspectStoreFile`) and refuses anything that is not, or
 * cannot become, a Recollect store — without changing the file. Used by `openStore()` and by
 * everything that writes beside a store (its settings file), so no command treats a foreign file
 * as a store.
 *
 * Every error names the path and, as `argument` and in its message, where it came from.
 *
 * @returns `"new"`, `"store"` or `"unmarked-store"`.
 * @throws StorePathNotAFileError (`precondition`) when the path is a directory or another file
 *   that is not a regular one (FIFO, device); StoreNotOpenableError (`precondition`) when it
 *   cannot be read.
 * @throws NotAStoreError (`precondition`) for a file that is not a Recollect store: another SQLite
 *   database, or no SQLite database at all (e.g. a text file).
 * @throws StoreNotCreatableError (`precondition`) when there is no file at the path and none
 *   could be created: a file stands where one of its folders should be, or the folder it would go
 *   in takes no new files (`requireCreatableStorePath`); nothing is created to find out.
 */
export function requireStoreFile(location: StoreLocation): StoreFileKind {
  const { path } = location;
  let kind: StoreFileKind;
  try {
    const stats = path !== ":memory:" && existsSync(path) ? statSync(path) : null;
    if (stats && !stats.isFile()) {
      // A FIFO or device would block or fail deep inside SQLite with "disk I/O error".
      throw new StorePathNotAFileError(
        location,
        stats.isDirectory() ? "directory" : "not_regular_file",
      );
    }
    // A /proc file reports 0 bytes and SQLite would take it for an empty, new database.
    if (stats && stats.size === 0 && yieldsBytes(path)) {
      throw new NotAStoreError(location, "not-sqlite");
    }
    // Checked before SQLite reads it: a cut-off copy can open fine and fail only on a later query.
    if (stats && stats.size > 0 && isTruncatedSqliteFile(path)) {
      throw new StoreDamagedError(location, "truncated");
    }
    kind = inspectStoreFile(path);
  } catch (error) {
    if (RecollectError.isInstance(error)) throw error;
    // SQLite's own "file is not a database": a text file or any other non-SQLite file. Behind a
    // SQLite header it is a damaged database instead (`cannotOpen`).
    if ((error as { code?: unknown }).code === "SQLITE_NOTADB" && !hasSqliteHeader(path)) {
      throw new NotAStoreError(location, "not-sqlite");
    }
    throw cannotOpen(location, error);
  }
  if (kind === "foreign" || kind === "foreign-chats") {
    throw new NotAStoreError(location, kind === "foreign-chats" ? "sqlite-chats" : "sqlite");
  }
  // A path where no store is and none could ever be made is refused here, for the commands that
  // only read too: their "no store yet, import first" would send the person to an import that
  // cannot work.
  if (kind === "new" && path !== ":memory:" && !existsSync(path)) {
    requireCreatableStorePath(location);
  }
  return kind;
}

/**
 * Opens (creating if needed) the SQLite store in WAL mode with foreign keys on and a busy
 * timeout of `storeBusyTimeoutMs()` (15 s unless `RECOLLECT_BUSY_TIMEOUT_MS` says), and brings its schema up to date.
 *
 * Only Recollect's own files are opened: a missing or empty file becomes a new store; a store
 * made before the store mark existed is marked (`store-mark.ts`); any other SQLite database is
 * refused before anything is written to it. A store whose file or folder is not writable opens
 * read-only (`writable: false`) when its schema is current.
 *
 * Every error about the path itself names it and, as `argument` and in its message, where it came
 * from (`options.origin`).
 *
 * @throws NotAStoreError (`precondition`) for a file that is not a Recollect store (another
 *   SQLite database, a text file, …); the file is left byte-for-byte unchanged.
 * @throws StorePathNotAFileError (`precondition`) for a directory, FIFO or device.
 * @throws StoreNotCreatableError (`precondition`) naming the path and the folder when a new store
 *   would go in a folder that cannot be written; nothing is created.
 * @throws InvalidConfigurationError (`precondition`) for a `RECOLLECT_BUSY_TIMEOUT_MS` that is not
 *   an integer from 0 to 600,000; nothing is opened.
 * @throws StoreDamagedError (`precondition`) for a store file that is cut off or that SQLite
 *   reports damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB` behind a SQLite header); nothing is written.
 * @throws StoreNotOpenableError (`precondition`) when the file cannot be opened, fails with an
 *   I/O error, or holds no store and cannot be created read-only; RecollectError (`precondition`)
 *   when the store is newer than this build, or is read-only and older.
 */
export function openStore(options: OpenStoreOptions): Store {
  const { path, migrations = MIGRATIONS } = options;
  const location: StoreLocation = { path, origin: options.origin ?? "--db" };
  // Read first: a bad RECOLLECT_BUSY_TIMEOUT_MS is refused before anything is opened or created.
  const busyTimeoutMs = storeBusyTimeoutMs();
  let writable = !options.readonly;
  let db: Database.Database;
  const created = absentWalFiles(path);
  // A new store's file and the folders made for it, removed again if the open fails.
  let creating = false;
  let madeFolders: string[] = [];
  try {
    const kind = requireStoreFile(location);
    if (path !== ":memory:" && existsSync(path) && !isWritableFile(path)) writable = false;
    if (!writable && kind === "new") {
      throw new StoreNotOpenableError(
        location,
        "there is no store there and it cannot be created read-only.",
      );
    }
    creating = writable && kind === "new" && path !== ":memory:" && !existsSync(path);
    if (creating) madeFolders = createStoreFolders(location);
    db = writable ? new Database(path) : openReadOnly(path);
  } catch (error) {
    removeStoreFolders(madeFolders);
    if (RecollectError.isInstance(error)) throw error;
    // The folder passed the permission check (root does, even on /sys) but takes no new file.
    if (creating)
      throw new StoreNotCreatableError(location, dirname(path), "folder_not_writable", {
        cause: error,
      });
    throw cannotOpen(location, error);
  }
  try {
    // The busy timeout comes first: switching a new file to WAL takes a lock too.
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    if (writable) db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    if (writable) migrate(db, migrations);
    else requireCurrentSchema(db, path, migrations);
  } catch (error) {
    db.close();
    removeCreatedWalFiles(created);
    if (RecollectError.isInstance(error)) throw error;
    // Not a database, or an I/O failure: the file is unusable as a store.
    throw cannotOpen(location, error);
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    db.close();
    // A read-only connection cannot delete the WAL files it made; a look leaves no trace.
    if (!writable) releaseWalFiles(path, created);
  };
  return { db, path, writable, close, [Symbol.dispose]: close };
}

/** A read-only store cannot be migrated: it must already be at this build's version. */
function requireCurrentSchema(
  db: Database.Database,
  path: string,
  migrations: readonly Migration[],
): void {
  const current = Number(db.pragma("user_version", { simple: true }));
  const latest = migrations.at(-1)?.version ?? 0;
  if (current === latest) return;
  throw new RecollectError(
    "precondition",
    current > latest
      ? `The store is at schema version ${current}, newer than this Recollect (${latest}). Upgrade Recollect.`
      : `Cannot open the store at ${path}: it is read-only and needs an upgrade (schema ${current} → ${latest}). Open it once with write access.`,
  );
}
