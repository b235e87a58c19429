import { existsSync, readFileSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import { RecollectError } from "../errors/recollect-error.js";
import { absentWalFiles, removeCreatedWalFiles } from "./wal-files.js";

/**
 * Largest store read into memory when its folder is read-only, bytes (1 GiB): SQLite cannot share a
 * WAL store's `-shm` index there, so the file is read whole instead (see {@link openReadOnly}).
 */
export const MAX_IN_MEMORY_STORE_BYTES = 1024 ** 3;

/**
 * A read-only connection. In a read-only folder SQLite cannot create the `-shm` file a WAL store
 * needs (`SQLITE_READONLY_DIRECTORY`); the store is then read into memory with its header's
 * journal-mode bytes set back to rollback (offsets 18–19, sqlite.org/fileformat.html), which is
 * exact as long as no `-wal` file holds commits the main file lacks.
 */
export function openReadOnly(path: string): Database.Database {
  try {
    const created = absentWalFiles(path);
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      db.prepare("SELECT count(*) FROM sqlite_master").get();
    } catch (error) {
      db.close();
      removeCreatedWalFiles(created);
      throw error;
    }
    return db;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== "SQLITE_READONLY_DIRECTORY" && code !== "SQLITE_CANTOPEN") throw error;
    const wal = `${path}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) {
      throw new RecollectError(
        "precondition",
        `Cannot open the store at ${path}: its folder is read-only and its write-ahead log holds unfinished writes. Open it once with write access.`,
      );
    }
    if (statSync(path).size > MAX_IN_MEMORY_STORE_BYTES) {
      throw new RecollectError(
        "precondition",
        `Cannot open the store at ${path}: its folder is read-only and the store is larger than 1 GiB. Make the folder writable.`,
      );
    }
    const image = readFileSync(path);
    if (image[18] === 2 && image[19] === 2) image.fill(1, 18, 20);
    return new Database(image, { readonly: true });
  }
}
