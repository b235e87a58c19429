import { statSync } from "node:fs";
import { openReadOnly } from "./open-read-only.js";
import { choosePathSentence, type StoreLocation } from "./store-location.js";
import { StorePathError } from "./store-path-error.js";
import { absentWalFiles, releaseWalFiles } from "./wal-files.js";
import { storeBusyTimeoutMs } from "./write-transaction.js";

/**
 * What marks a SQLite file as a Recollect store: `PRAGMA application_id` (the 32-bit field at
 * offset 68 of the file header that SQLite reserves for this, see sqlite.org/fileformat.html) set
 * to ASCII "RcLt", plus the {@link MIGRATIONS_TABLE} that records every schema step applied.
 * Both are written in the same transaction as the first migration, so a file is either
 * unmarked and untouched, or a store.
 */
export const RECOLLECT_APPLICATION_ID = 0x52634c74;

/** The table recording each applied migration: version, name, time (ms, null when unknown). */
export const MIGRATIONS_TABLE = "recollect_migrations";

/** The tables every Recollect store has had since migration 1 (and 2 for `history_meta`). */
const STORE_TABLES_V1 = ["apps", "chats", "messages"] as const;

/**
 * What an existing path holds, as far as opening a store goes:
 * - `new`: missing, empty (0 bytes), or a SQLite database with no schema at all;
 * - `store`: marked as a Recollect store;
 * - `unmarked-store`: a store made before the mark existed (schema version 1 or more and the
 *   store's own tables, application id 0); adopted by `markStore()` on open;
 * - `foreign-chats`: another SQLite database with apps/chats/messages tables (e.g. Dyad's);
 * - `foreign`: any other SQLite database (e.g. a browser's cache).
 */
export type StoreFileKind = "new" | "store" | "unmarked-store" | "foreign" | "foreign-chats";

/** What a refused `--db` file holds: another SQLite database, one with chat tables (e.g. Dyad's), or not SQLite at all. */
export type ForeignFileKind = "sqlite" | "sqlite-chats" | "not-sqlite";

/**
 * A path that holds a file that is not a Recollect store — some other SQLite database, or no
 * SQLite database at all (a text file, an archive): opening it as a store would add tables and
 * switch its journal mode, or fail deep inside SQLite, so it is refused and left byte-for-byte
 * unchanged. `path` is the file, `argument` where it came from (`--db`, `RECOLLECT_DB`, `default`);
 * `holds` says what it is.
 */
export class NotAStoreError extends StorePathError {
  readonly holds: ForeignFileKind;
  /** `sqlite-chats`: the file has apps/chats/messages tables, so the message suggests importing it. */
  constructor(location: StoreLocation, holds: ForeignFileKind) {
    const { path } = location;
    const what =
      holds === "not-sqlite"
        ? "it is not a Recollect store (not a SQLite database at all)"
        : "it is a SQLite database but not a Recollect store";
    super(
      location,
      `Cannot open the store at ${path}: ${what}, so it was left unchanged. ${choosePathSentence(location.origin, "the path of a Recollect store, or of a file not there yet")}`,
      {
        remedies:
          holds === "sqlite-chats"
            ? [{ args: ["import", path], purpose: "to import its chats", sameStore: false }]
            : [],
      },
    );
    this.name = "NotAStoreError";
    this.holds = holds;
  }
}

interface FileFacts {
  readonly applicationId: number;
  readonly userVersion: number;
  readonly tables: ReadonlySet<string>;
  readonly schemaObjects: number;
}

/**
 * Reads the header fields and table names through a read-only connection; writes nothing, and
 * leaves no `-wal`/`-shm` it created beside the file.
 */
function readFacts(path: string): FileFacts {
  const created = absentWalFiles(path);
  const db = openReadOnly(path);
  try {
    db.pragma(`busy_timeout = ${storeBusyTimeoutMs()}`);
    const names = db.prepare("SELECT type, name FROM sqlite_master").all() as {
      type: string;
      name: string;
    }[];
    return {
      applicationId: Number(db.pragma("application_id", { simple: true })),
      userVersion: Number(db.pragma("user_version", { simple: true })),
      tables: new Set(names.filter((row) => row.type === "table").map((row) => row.name)),
      schemaObjects: names.length,
    };
  } finally {
    db.close();
    releaseWalFiles(path, created);
  }
}

/**
 * Classifies what `path` holds without changing it (see {@link StoreFileKind}). `:memory:` and a
 * missing or 0-byte file are `new`.
 *
 * @throws SqliteError (e.g. `SQLITE_NOTADB`) when the file exists but is not a SQLite database;
 *   `openStore()` classifies it.
 */
export function inspectStoreFile(path: string): StoreFileKind {
  if (path === ":memory:") return "new";
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return "new";
  }
  if (size === 0) return "new";
  const facts = readFacts(path);
  if (facts.applicationId === RECOLLECT_APPLICATION_ID) return "store";
  if (facts.schemaObjects === 0 && facts.userVersion === 0 && facts.applicationId === 0) {
    return "new";
  }
  const hasCore = STORE_TABLES_V1.every((table) => facts.tables.has(table));
  const hasIndexMeta = facts.userVersion < 2 || facts.tables.has("history_meta");
  if (facts.applicationId === 0 && facts.userVersion >= 1 && hasCore && hasIndexMeta) {
    return "unmarked-store";
  }
  return hasCore ? "foreign-chats" : "foreign";
}
