/**
 * What format detectors look at: a file's first bytes, read once and offered in the shapes the
 * detectors need (decoded text, leading JSON Lines records, a SQLite database's table names), so
 * each format's `detect` stays a cheap pure check.
 */
import { closeSync, openSync, readSync } from "node:fs";
import Database from "better-sqlite3";
import { absentWalFiles, releaseWalFiles } from "../store/wal-files.js";
import { decodeText, isDecoded, type TextEncoding } from "./decode-text.js";
import { MAX_JSON_LINE_BYTES, tryParseJson } from "./formats/json-lines.js";

/**
 * How many leading bytes detection reads: enough for several long JSONL lines. A file that starts
 * with `{` and has no newline in them is read on to the end of its first line, up to
 * {@link MAX_JSON_LINE_BYTES}, so a JSON Lines file whose line 1 is larger is still recognized.
 */
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
  /**
   * The text starts with `{` and its first line runs past {@link MAX_JSON_LINE_BYTES}: no JSON
   * Lines format can read it (`readJsonLines` would refuse the line).
   */
  readonly firstLineTooLong: boolean;
}

/**
 * Reads the head of the file at `path`.
 *
 * @throws the `fs` error when the file cannot be opened or read.
 */
export function readDetectionHead(path: string): DetectionHead {
  const descriptor = openSync(path, "r");
  try {
    const head = readBytes(descriptor, 0, DETECT_HEAD_BYTES);
    if (head.length < DETECT_HEAD_BYTES || !opensUnendedJsonLine(head)) {
      return detectionHeadOf(path, head);
    }
    // Line 1 of what may be JSON Lines has not ended: read on to its end, within the line bound.
    const chunks = [head];
    let total = head.length;
    let atEnd = false;
    while (total <= MAX_JSON_LINE_BYTES) {
      const chunk = readBytes(descriptor, total, DETECT_HEAD_BYTES);
      if (chunk.length === 0) {
        atEnd = true;
        break;
      }
      chunks.push(chunk);
      total += chunk.length;
      if (chunk.includes(NEWLINE)) break;
    }
    return detectionHeadOf(path, Buffer.concat(chunks), { cut: !atEnd });
  } finally {
    closeSync(descriptor);
  }
}

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** `length` bytes (fewer at the end of the file) from `position` of the open file. */
function readBytes(descriptor: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  return buffer.subarray(0, readSync(descriptor, buffer, 0, length, position));
}

/** True when `bytes` (UTF-8, BOM or not) start with `{` after white space and hold no newline. */
function opensUnendedJsonLine(bytes: Buffer): boolean {
  if (bytes.includes(NEWLINE)) return false;
  let at = UTF8_BOM.every((byte, index) => bytes[index] === byte) ? UTF8_BOM.length : 0;
  while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0d)) {
    at += 1;
  }
  return bytes[at] === OPEN_BRACE;
}

/** Options of {@link detectionHeadOf}. */
export interface DetectionHeadOptions {
  /**
   * The file goes on past `bytes`, so the last line may be cut. Default: `bytes` is
   * {@link DETECT_HEAD_BYTES} long or longer.
   */
  readonly cut?: boolean;
}

/**
 * The head of the file at `path` whose first bytes are `bytes` (pure except for opening a SQLite
 * file read-only to list its tables). Never throws.
 */
export function detectionHeadOf(
  path: string,
  bytes: Uint8Array,
  options: DetectionHeadOptions = {},
): DetectionHead {
  const cut = options.cut ?? bytes.length >= DETECT_HEAD_BYTES;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(0, SQLITE_HEADER.length).toString("latin1") === SQLITE_HEADER) {
    return {
      path,
      bytes,
      sqliteTables: listTables(path),
      text: null,
      encoding: null,
      jsonRecords: [],
      firstLineTooLong: false,
    };
  }
  const decoded = bytes.length === 0 ? null : decodeText(bytes, { partial: true });
  if (!isDecoded(decoded)) {
    return {
      path,
      bytes,
      sqliteTables: null,
      text: null,
      encoding: null,
      jsonRecords: [],
      firstLineTooLong: false,
    };
  }
  const { text, encoding } = decoded;
  const json = text.trimStart().startsWith("{");
  return {
    path,
    bytes,
    sqliteTables: null,
    text,
    encoding,
    jsonRecords: json ? leadingRecords(text, cut) : [],
    firstLineTooLong: json && cut && bytes.length > MAX_JSON_LINE_BYTES && !text.includes("\n"),
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
  // A read-only look at a WAL database leaves -wal/-shm files beside it; the person's folder is
  // left as it was.
  const created = absentWalFiles(path);
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
  } finally {
    releaseWalFiles(path, created);
  }
}
