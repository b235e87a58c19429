/**
 * The `-wal` and `-shm` files SQLite creates beside a database it opens in WAL mode (even
 * read-only, when the file's header says WAL). An open that fails on an unusable file removes the
 * ones it created, so a corrupt store the person pointed at is left exactly as it was; a
 * read-only look at a store that succeeds removes them too ({@link releaseWalFiles}).
 */
import { existsSync, rmSync, statSync } from "node:fs";
import Database from "better-sqlite3";

/** The WAL files of `path` that do not exist yet (none for `:memory:`). */
export function absentWalFiles(path: string): string[] {
  if (path === ":memory:") return [];
  return [`${path}-wal`, `${path}-shm`].filter((file) => !existsSync(file));
}

/**
 * Deletes `files` (from {@link absentWalFiles}, taken before a failed open), but only while the
 * `-wal` is empty: a log with content holds another process's commits (it opened the store in
 * between), and deleting it would lose them. Never throws.
 */
export function removeCreatedWalFiles(files: readonly string[]): void {
  try {
    const wal = files.find((file) => file.endsWith("-wal"));
    if (wal && existsSync(wal) && statSync(wal).size > 0) return;
    for (const file of files) rmSync(file, { force: true });
  } catch {
    // Left in place: a leftover empty log is harmless, a crash on a failed open is not.
  }
}

/**
 * After a read-only connection to `path` closed, removes the `-wal` and `-shm` files that
 * connection created (`created`, from {@link absentWalFiles} taken before it opened). SQLite's
 * last *writable* connection to a WAL database deletes both on close; a read-only one cannot, and
 * leaves them beside the store. So a writable connection is opened, reads one row (which attaches
 * it to the log) and closes: SQLite itself then checks that no other process has the database
 * open (an exclusive lock) before it checkpoints and deletes, so a concurrent process's log is
 * never lost. Acts only when neither file existed before: the log can then hold nothing but a
 * concurrent writer's commits, which stay while that writer is connected. Never throws.
 */
export function releaseWalFiles(path: string, created: readonly string[]): void {
  if (created.length < 2 || !created.some((file) => existsSync(file))) return;
  try {
    const db = new Database(path, { fileMustExist: true });
    try {
      // No waiting: another process holding the store open keeps its files, as it should.
      db.pragma("busy_timeout = 0");
      db.prepare("SELECT count(*) FROM sqlite_master").get();
    } finally {
      db.close();
    }
  } catch {
    // Left in place: leftover empty WAL files are harmless, a crash on a read is not.
  }
}
