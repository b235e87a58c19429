/**
 * The seam between sync and the import formats: parse bytes sync read from a source file (whole,
 * or only what was appended) with the format module its source names.
 */
import {
  IMPORT_FORMAT_MODULES,
  type ImportFormat,
  type ParsedImportFile,
  parseImportBytes,
} from "../importers/index.js";

/**
 * The chats in `bytes` read as `format` from `path`, with the encoding assumed.
 * `fallbackTimeMs` (the file's mtime) dates formats that record no time.
 *
 * @throws ImportFormatError (`file:line`) when the bytes are malformed for the format.
 */
export function parseSourceBytes(
  format: ImportFormat,
  path: string,
  bytes: Buffer,
  fallbackTimeMs: number,
): ParsedImportFile {
  const module = IMPORT_FORMAT_MODULES.find((candidate) => candidate.format === format);
  if (!module) throw new Error(`no import format module named ${format}`);
  return parseImportBytes(path, module, bytes, fallbackTimeMs);
}

/**
 * True when `format` reads a database by path (Cursor's `state.vscdb`): sync then never reads its
 * bytes (such a file can be gigabytes), and any change of the file or its `-wal` re-reads it.
 */
export function isDatabaseFormat(format: ImportFormat): boolean {
  return (
    IMPORT_FORMAT_MODULES.find((candidate) => candidate.format === format)?.input === "database"
  );
}

/**
 * True when `format`'s files are append-only JSON Lines logs, one session a file (Claude Code,
 * Codex: the format module's `appendOnlyLines`): an append is read from the last imported turn
 * alone, and a torn last line waits for the next sync. Any other file is re-read whole when it
 * changes, and only what differs from the stored chats is written.
 */
export function appendsLines(format: ImportFormat): boolean {
  const module = IMPORT_FORMAT_MODULES.find((candidate) => candidate.format === format);
  return module?.input === "text" && module.appendOnlyLines === true;
}
