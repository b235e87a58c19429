/**
 * Turns a history file's bytes into text without silently mangling it. A byte-order mark decides
 * (UTF-8, UTF-16 LE, UTF-16 BE); without one the bytes must be valid UTF-8 (checked by the
 * platform's `TextDecoder` with `fatal: true`), and text that is not is read as Windows-1252, the
 * superset of Latin-1 that WHATWG decoders use for both labels. Which one was assumed is returned
 * so the import summary can say it.
 *
 * Windows-1252 goes through iconv-lite: Node 20's `TextDecoder("windows-1252")` decodes 0x80–0x9F
 * as Latin-1 control characters, which would turn `€`, `—` and curly quotes into invisible ones.
 * The five bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) become U+FFFD.
 */

import iconv from "iconv-lite";

/** The encodings a history file can be read in; `utf-8` is the usual case and has no BOM. */
export const TEXT_ENCODINGS = [
  "utf-8",
  "utf-8-bom",
  "utf-16le",
  "utf-16be",
  "windows-1252",
] as const;

/** One of {@link TEXT_ENCODINGS}. */
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** Decoded text and the encoding it was read in. */
export interface DecodedText {
  /** The text without its byte-order mark. */
  readonly text: string;
  readonly encoding: TextEncoding;
}

/** Why bytes could not be decoded: a BOM announced an encoding the bytes then break. */
export interface UndecodableText {
  readonly encoding: TextEncoding;
  readonly problem: "invalid-after-bom";
}

/** Byte-order marks, the encoding each announces and the `TextDecoder` label that reads it. */
const BOMS = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8-bom", label: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le", label: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be", label: "utf-16be" },
] as const;

/**
 * Decodes `bytes`. With `partial: true` the bytes are a file's head cut at an arbitrary byte, so a
 * multi-byte character split at the end is not an error (it is left out).
 *
 * Returns null for binary content: no BOM and a NUL byte (UTF-16 without a BOM is not guessed, it
 * cannot be told from binary reliably). Returns an {@link UndecodableText} when a BOM names an
 * encoding the rest of the bytes are not valid in. Never throws.
 */
export function decodeText(
  bytes: Uint8Array,
  options: { readonly partial?: boolean } = {},
): DecodedText | UndecodableText | null {
  const bom = BOMS.find((candidate) => candidate.bytes.every((byte, at) => bytes[at] === byte));
  if (bom) {
    const text = decodeStrict(bom.label, bytes.subarray(bom.bytes.length), options.partial);
    return text === null
      ? { encoding: bom.encoding, problem: "invalid-after-bom" }
      : { text, encoding: bom.encoding };
  }
  if (bytes.includes(0)) return null;
  const utf8 = decodeStrict("utf-8", bytes, options.partial);
  if (utf8 !== null) return { text: utf8, encoding: "utf-8" };
  // Windows-1252 maps every byte to a character, so this cannot fail.
  return { text: iconv.decode(Buffer.from(bytes), "windows-1252"), encoding: "windows-1252" };
}

/** True when {@link decodeText} returned text. */
export function isDecoded(value: DecodedText | UndecodableText | null): value is DecodedText {
  return value !== null && "text" in value;
}

/** The failure reason for bytes that break the encoding their byte-order mark announces. */
export function invalidAfterBomReason(encoding: TextEncoding): string {
  return `not valid ${encoding} text after its byte-order mark`;
}

function decodeStrict(
  label: "utf-8" | "utf-16le" | "utf-16be",
  bytes: Uint8Array,
  partial: boolean | undefined,
): string | null {
  // ignoreBOM: the mark was already checked and cut; a second one is content.
  const decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true });
  try {
    return decoder.decode(bytes, { stream: partial === true });
  } catch {
    return null;
  }
}
