import { closeSync, existsSync, openSync, readSync, statSync } from "node:fs";
import type { Remedy } from "../errors/remedy.js";
import type { StoreLocation } from "./store-location.js";
import { StorePathError } from "./store-path-error.js";

/**
 * How a store file is damaged: `truncated` (shorter than the page count its header records: a
 * copy or a disk that stopped part-way) or `malformed` (SQLite found a page it cannot read:
 * `SQLITE_CORRUPT`, or `SQLITE_NOTADB` behind a SQLite header).
 */
export type StoreDamage = "truncated" | "malformed";

/**
 * What gets past a damaged store once the file is moved aside: `sync` builds a new store at the
 * same path from the agents' histories on this machine (the message says to restore a backup
 * first when there is one).
 */
const REBUILD: Remedy = {
  args: ["sync"],
  purpose:
    "after moving the damaged file aside, to build a new store there from this machine's histories",
};

/** The histories a person imported by hand (`import`) are not found by `sync`: import them again. */
const REIMPORT: Remedy = {
  args: ["import", "<paths…>"],
  purpose: "for chat files you had imported by hand, which sync does not find",
};

/**
 * A store file (a SQLite file) that is damaged: it cannot be read as it is. Found while opening,
 * the file is left byte-for-byte unchanged; found by a later query (the CLI names the store then,
 * `cli/damaged-store.ts`), the command stops there. `damage` says how, `path` is the file and
 * `argument` where it came from, as every store path error. Kind `precondition` (exit 4), like any
 * store path that is there but unusable; its remedies rebuild the store with `sync`, then `import`
 * for chat files imported by hand.
 */
export class StoreDamagedError extends StorePathError {
  readonly damage: StoreDamage;
  constructor(location: StoreLocation, damage: StoreDamage, options: { cause?: unknown } = {}) {
    const how =
      damage === "truncated"
        ? "it is shorter than its own header says (cut off part-way)"
        : "SQLite finds parts of it unreadable";
    const from = location.origin === "default" ? "the default store path" : location.origin;
    super(
      location,
      `The store file at ${location.path} (${from}) is damaged: ${how}. Restore it from a backup, or move it aside and rebuild it.`,
      { ...options, remedies: [REBUILD, REIMPORT] },
    );
    this.name = "StoreDamagedError";
    this.damage = damage;
  }
}

/** The 16 bytes every SQLite database file starts with (sqlite.org/fileformat.html § 1.3). */
const SQLITE_MAGIC = Buffer.from("SQLite format 3\u0000", "latin1");

/** Bytes of the database header read to check it (the header is 100 bytes). */
const HEADER_BYTES = 100;

/** The first {@link HEADER_BYTES} of `path` (fewer for a shorter file). Throws what `fs` throws. */
function readHeader(path: string): Buffer {
  const fd = openSync(path, "r");
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const read = readSync(fd, header, 0, HEADER_BYTES, 0);
    return header.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * True when reading `path` yields at least one byte; false when it yields none or is unreadable.
 * Files under /proc and /sys report a size of 0 yet have content, which SQLite would open as an
 * empty database.
 */
export function yieldsBytes(path: string): boolean {
  try {
    return readHeader(path).length > 0;
  } catch {
    return false;
  }
}

/** True when `path` starts with the SQLite header's magic string; false when unreadable. */
export function hasSqliteHeader(path: string): boolean {
  try {
    return readHeader(path).subarray(0, 16).equals(SQLITE_MAGIC);
  } catch {
    return false;
  }
}

/**
 * True when the SQLite file at `path` is shorter than its header's page count times its page size
 * says (header offsets 16, 28, 24 and 92, sqlite.org/fileformat.html § 1.3): a copy cut off
 * part-way, whose missing pages SQLite would otherwise only notice when a query reaches them. The
 * count is used only where SQLite itself trusts it (non-zero, and the change counter equal to its
 * "version valid for"), and not while a non-empty `-wal` beside the file may hold the missing
 * pages. Reads 100 bytes; false for a non-SQLite or too short file. Throws what `fs` throws.
 */
export function isTruncatedSqliteFile(path: string): boolean {
  const header = readHeader(path);
  if (header.length < HEADER_BYTES || !header.subarray(0, 16).equals(SQLITE_MAGIC)) return false;
  const wal = `${path}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) return false;
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  const trusted = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92);
  return trusted && pages * pageSize > statSync(path).size;
}
