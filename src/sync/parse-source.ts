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
