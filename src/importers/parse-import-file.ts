/**
 * Reads one recognized file with its format module: a database is handed over by path (the module
 * opens it read-only); a text file is read whole and decoded by `readTextFile()`, and the encoding
 * it was read in comes back with the chats so the import summary can say it.
 */
import { statSync } from "node:fs";
import type { TextEncoding } from "./decode-text.js";
import type { ImportFormatModule } from "./format-module.js";
import type { ImportedChat } from "./imported-chat.js";
import { readTextFile } from "./read-text-file.js";

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
  const decoded = readTextFile(path);
  const fallbackTimeMs = Math.round(statSync(path).mtimeMs);
  const chats = module.parse({ path, text: decoded.text, fallbackTimeMs });
  return { chats, encoding: decoded.encoding };
}
