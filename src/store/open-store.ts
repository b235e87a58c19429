import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { RecollectError } from "../errors/recollect-error.js";
import { migrate } from "./migrate.js";
import type { Migration } from "./migration.js";
import { MIGRATIONS } from "./migrations/index.js";

/** An open store. `close()` is idempotent; `using store = openStore(...)` closes it on scope exit. */
export interface Store extends Disposable {
  readonly db: Database.Database;
  /** The file path, or `":memory:"`. */
  readonly path: string;
  close(): void;
}

/** Options for {@link openStore}. */
export interface OpenStoreOptions {
  /** File path, or `":memory:"` for a private in-memory store (tests). Parent folders are created. */
  path: string;
  /** Defaults to every migration this build ships; tests may pass a prefix to test upgrades. */
  migrations?: readonly Migration[];
  /** Open without migrating or writing. Default false. */
  readonly?: boolean;
}

/**
 * Opens (creating if needed) the SQLite store in WAL mode with foreign keys on, and brings its
 * schema up to date.
 *
 * @throws RecollectError (`precondition`) when the file cannot be opened, is not a SQLite database,
 *   is read-only, fails with an I/O error, or is newer than this build.
 */
export function openStore(options: OpenStoreOptions): Store {
  const { path, migrations = MIGRATIONS, readonly = false } = options;
  let db: Database.Database;
  try {
    if (path !== ":memory:" && !readonly) mkdirSync(dirname(path), { recursive: true });
    db = new Database(path, { readonly, fileMustExist: readonly });
  } catch (error) {
    throw new RecollectError(
      "precondition",
      `Cannot open the store at ${path}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    if (!readonly) db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    if (!readonly) migrate(db, migrations);
  } catch (error) {
    db.close();
    if (RecollectError.isInstance(error)) throw error;
    // Not a database, read-only, or an I/O failure: the file is unusable as a store.
    throw new RecollectError(
      "precondition",
      `Cannot open the store at ${path}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    db.close();
  };
  return { db, path, close, [Symbol.dispose]: close };
}
