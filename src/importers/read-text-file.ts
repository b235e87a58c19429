/**
 * Reads a history file as text through `decodeText()`, so every importer that opens a file of its
 * own (the one detected, or the message files an OpenCode session points to) decodes it the same
 * way and refuses bytes it would otherwise mangle.
 */
import { readFileSync } from "node:fs";
import { ImportFormatError } from "../errors/recollect-error.js";
import { type DecodedText, decodeText, invalidAfterBomReason } from "./decode-text.js";

/**
 * The decoded text of the file at `path` and the encoding assumed.
 *
 * @throws ImportFormatError when the file holds binary content (a NUL byte without a byte-order
 *   mark) or breaks the encoding its byte-order mark announces; the `fs` error when it cannot be
 *   read.
 */
export function readTextFile(path: string): DecodedText {
  const decoded = decodeText(readFileSync(path));
  if (decoded === null) {
    throw new ImportFormatError(path, undefined, "binary content (a NUL byte) in a text file");
  }
  if (!("text" in decoded)) {
    throw new ImportFormatError(path, undefined, invalidAfterBomReason(decoded.encoding));
  }
  return decoded;
}
