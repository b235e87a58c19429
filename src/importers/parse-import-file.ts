/**
 * Reads one recognized file with its format module: a database is handed over by path (the module
 * opens it read-only); a text file is read whole and decoded by `decodeText()`, and the encoding
 * it was read in comes back with the chats so the import summary can say it.
 */
import { readFileSync, statSync } from "node:fs";
import { ImportFormatError } from "../errors/recollect-error.js";
import { decodeText, invalidAfterBomReason, type TextEncoding } from "./decode-text.js";
import type { ImportFormatModule } from "./format-module.js";
import type { ImportedChat } from "./imported-chat.js";

/** The chats of one file and the text encoding assumed for it (null for a database). */
export interface ParsedImportFile {
  readonly chats: ImportedChat[];
  readonly encoding: TextEncoding | null;
}

/**
 * Parses the file at `path` as `module`'s format.
 *
 * @throws ImportFormatError when the file is malformed for the format (file and line named), holds
 *   binary content, or breaks the encoding its byte-order mark announces; the `fs` error when it
 *   cannot be read.
 */
export function parseImportFile(path: string, module: ImportFormatModule): ParsedImportFile {
  if (module.input === "database") return { chats: module.parse(path), encoding: null };
  return parseImportBytes(path, module, readFileSync(path), Math.round(statSync(path).mtimeMs));
}

/**
 * Parses `bytes`, read from `path` (the whole file, or the part of an append-only log after what
 * was imported: sync reads only that), as `module`'s text format. `fallbackTimeMs` dates formats
 * that record no time (the file's mtime). A database format ignores `bytes` and reads `path`.
 *
 * @throws ImportFormatError as {@link parseImportFile}.
 */
export function parseImportBytes(
  path: string,
  module: ImportFormatModule,
  bytes: Buffer,
  fallbackTimeMs: number,
): ParsedImportFile {
  if (module.input === "database") return { chats: module.parse(path), encoding: null };
  const decoded = decodeText(bytes);
  if (decoded === null) {
    throw new ImportFormatError(path, undefined, "binary content (a NUL byte) in a text file");
  }
  if (!("text" in decoded)) {
    throw new ImportFormatError(path, undefined, invalidAfterBomReason(decoded.encoding));
  }
  const chats = module.parse({ path, text: decoded.text, fallbackTimeMs });
  return { chats, encoding: decoded.encoding };
}
