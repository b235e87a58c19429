/**
 * Reads one recognized file with its format module: a database is handed over by path (the module
 * opens it read-only); a text file is read whole and decoded by `decodeText()`, and the encoding
 * it was read in comes back with the chats so the import summary can say it.
 */
import { readFileSync, statSync } from "node:fs";
import { ImportFormatError } from "../errors/recollect-error.js";
import { decodeText, invalidAfterBomReason, type TextEncoding } from "./decode-text.js";
import type { ImportFormatModule } from "./format-module.js";
import { completeJsonLinesText } from "./formats/json-lines.js";
import type { ImportedChat } from "./imported-chat.js";
import { isStorableTimeMs, STORED_TIME_RANGE } from "./timestamps.js";

/** The chats of one file and the text encoding assumed for it (null for a database). */
export interface ParsedImportFile {
  readonly chats: ImportedChat[];
  readonly encoding: TextEncoding | null;
}

/** A whole file's {@link ParsedImportFile}, and the line an import left out. */
export interface ParsedWholeFile extends ParsedImportFile {
  /**
   * 1-based number of the last line when it was cut mid-record in an append-only log
   * (`TextFormatModule.appendOnlyLines`) and left out; null when every line was read.
   */
  readonly tornLine: number | null;
}

/**
 * Parses the file at `path` as `module`'s format. In an append-only log
 * (`TextFormatModule.appendOnlyLines`) a last line cut mid-record is a session still being
 * written: the complete lines are parsed and the cut one is named in `tornLine`, as sync leaves it
 * for its next pass.
 *
 * @throws ImportFormatError when the file is malformed for the format (file and line named), holds
 *   binary content, breaks the encoding its byte-order mark announces, or records a time outside
 *   {@link STORED_TIME_RANGE} (field `created_at`); the `fs` error when it cannot be read.
 */
export function parseImportFile(path: string, module: ImportFormatModule): ParsedWholeFile {
  if (module.input === "database") {
    return { ...storable(path, { chats: module.parse(path), encoding: null }), tornLine: null };
  }
  const { text, encoding } = decodedText(path, readFileSync(path));
  const fallbackTimeMs = Math.round(statSync(path).mtimeMs);
  // Cut in the decoded text, not the bytes: a UTF-16 file's newline is two bytes.
  const kept =
    module.appendOnlyLines === true ? completeJsonLinesText(text) : { text, tornLine: null };
  const chats = module.parse({ path, text: kept.text, fallbackTimeMs });
  return { ...storable(path, { chats, encoding }), tornLine: kept.tornLine };
}

/**
 * `bytes` of `path` decoded (`decodeText`), with the encoding assumed.
 *
 * @throws ImportFormatError for binary content or bytes that break the encoding a byte-order mark
 *   announces.
 */
function decodedText(path: string, bytes: Buffer): { text: string; encoding: TextEncoding } {
  const decoded = decodeText(bytes);
  if (decoded === null) {
    throw new ImportFormatError(path, undefined, "binary content (a NUL byte) in a text file");
  }
  if (!("text" in decoded)) {
    throw new ImportFormatError(path, undefined, invalidAfterBomReason(decoded.encoding));
  }
  return { text: decoded.text, encoding: decoded.encoding };
}

/**
 * `parsed` when every time in it is storable. The last guard before the store, for every format:
 * a time `Date` cannot represent would make every later read of the store fail. A format parser
 * names the line itself where it can (generic JSONL); a time only a faulty file of another format
 * could hold is refused here, for the whole file.
 *
 * @throws ImportFormatError (no line; field `created_at`) naming the chat's message.
 */
function storable(path: string, parsed: ParsedImportFile): ParsedImportFile {
  for (const chat of parsed.chats) {
    const index = chat.messages.findIndex((message) => !isStorableTimeMs(message.createdAtMs));
    if (index < 0 && isStorableTimeMs(chat.createdAtMs)) continue;
    const where = index < 0 ? "its start" : `message ${index + 1}`;
    throw new ImportFormatError(
      path,
      undefined,
      `chat ${chat.externalId}: the time of ${where} is outside ${STORED_TIME_RANGE}`,
      { field: "created_at", allowed: `a time from ${STORED_TIME_RANGE}` },
    );
  }
  return parsed;
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
  if (module.input === "database")
    return storable(path, { chats: module.parse(path), encoding: null });
  const { text, encoding } = decodedText(path, bytes);
  const chats = module.parse({ path, text, fallbackTimeMs });
  return storable(path, { chats, encoding });
}
