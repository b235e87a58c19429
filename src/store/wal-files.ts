/**
 * The `-wal` and `-shm` files SQLite creates beside a database it opens in WAL mode (even
 * read-only, when the file's header says WAL). An open that fails on an unusable file removes the
 * ones it created, so a corrupt store the person pointed at is left exactly as it was.
 */
import { existsSync, rmSync, statSync } from "node:fs";

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
