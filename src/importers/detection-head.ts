/**
 * What format detectors look at: a file's first bytes, read once and offered in the shapes the
 * detectors need (decoded text, leading JSON Lines records, a SQLite database's table names), so
 * each format's `detect` stays a cheap pure check.
 */
import { closeSync, openSync, readSync } from "node:fs";
import Database from "better-sqlite3";
import { decodeText, isDecoded, type TextEncoding } from "./decode-text.js";
import { tryParseJson } from "./formats/json-lines.js";

/** How many leading bytes detection reads: enough for several long JSONL lines. */
export const DETECT_HEAD_BYTES = 1024 * 1024;
/** JSONL detection looks at up to this many complete leading lines. */
const DETECT_MAX_LINES = 20;

/** The 16-byte header every SQLite 3 database file starts with. */
export const SQLITE_HEADER = "SQLite format 3\u0000";

/** A file's head as detectors see it. */
export interface DetectionHead {
  readonly path: string;
  /** The first ≤ {@link DETECT_HEAD_BYTES} bytes. */
  readonly bytes: Uint8Array;
  /** Table names when the file is a SQLite database that opens read-only; null otherwise. */
  readonly sqliteTables: ReadonlySet<string> | null;
  /** The head decoded (BOM removed); null for empty, binary, SQLite or undecodable bytes. */
  readonly text: string | null;
  /** The encoding `text` was read in; null when `text` is. */
  readonly encoding: TextEncoding | null;
  /**
   * Up to 20 leading complete lines that parse as JSON, when the text starts with `{` (a JSON
   * Lines file or one JSON object); empty otherwise. Lines that are not JSON are left out.
   */
  readonly jsonRecords: readonly unknown[];
}

/**
 * Reads the head of the file at `path`.
 *
 * @throws the `fs` error when the file cannot be opened or read.
 */
export function readDetectionHead(path: string): DetectionHead {
  const descriptor = openSync(path, "r");
  let bytes: Uint8Array;
  try {
    const buffer = Buffer.alloc(DETECT_HEAD_BYTES);
    const length = readSync(descriptor, buffer, 0, DETECT_HEAD_BYTES, 0);
    bytes = buffer.subarray(0, length);
  } finally {
    closeSync(descriptor);
  }
  return detectionHeadOf(path, bytes);
}

/**
 * The head of the file at `path` whose first bytes are `bytes` (pure except for opening a SQLite
 * file read-only to list its tables). Never throws.
 */
export function detectionHeadOf(path: string, bytes: Uint8Array): DetectionHead {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, SQLITE_HEADER.length).toString("latin1") === SQLITE_HEADER) {
    return {
      path,
      bytes,
      sqliteTables: listTables(path),
      text: null,
      encoding: null,
      jsonRecords: [],
    };
  }
  const decoded = bytes.length === 0 ? null : decodeText(bytes, { partial: true });
  if (!isDecoded(decoded)) {
    return { path, bytes, sqliteTables: null, text: null, encoding: null, jsonRecords: [] };
  }
  const { text, encoding } = decoded;
  return {
    path,
    bytes,
    sqliteTables: null,
    text,
    encoding,
    jsonRecords: text.trimStart().startsWith("{")
      ? leadingRecords(text, bytes.length >= DETECT_HEAD_BYTES)
      : [],
  };
}

function leadingRecords(text: string, cut: boolean): unknown[] {
  const lines = text.split("\n");
  // The last piece may be cut by the head limit; only complete lines are parsed.
  const complete = cut ? lines.slice(0, -1) : lines;
  const records: unknown[] = [];
  let checked = 0;
  for (const line of complete) {
    if (checked >= DETECT_MAX_LINES) break;
    if (line.trim() === "") continue;
    checked++;
    const record = tryParseJson(line);
    if (record !== undefined) records.push(record);
  }
  return records;
}

function listTables(path: string): ReadonlySet<string> | null {
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return new Set(
        db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all(),
      );
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}
