/**
 * Byte-level reads of a history file for incremental sync: a fingerprint of the prefix already
 * imported, and the complete records appended after it.
 */
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";

/**
 * Bytes hashed at each end of the imported prefix. A rewrite that keeps the length (or a rewind
 * regrown past the old length, deja-vu #453) changes bytes near the rewind point and shifts every
 * later line, so both windows of an append-only log catch it without re-reading a long file; a
 * same-length edit confined to the middle of a file more than twice this size is not seen.
 */
export const FINGERPRINT_WINDOW_BYTES = 64 * 1024;

/** Reads `length` bytes of `path` from `position` (fewer at the end of the file). */
export function readRange(path: string, position: number, length: number): Buffer {
  const descriptor = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const read = readSync(descriptor, buffer, filled, length - filled, position + filled);
      if (read === 0) break;
      filled += read;
    }
    return buffer.subarray(0, filled);
  } finally {
    closeSync(descriptor);
  }
}

/** Bytes read at a time by {@link newlinesBefore}: bounds its memory on a long file. */
const COUNT_CHUNK_BYTES = 1024 * 1024;

/**
 * How many newline bytes (0x0A) the first `length` bytes of `path` hold (fewer bytes at the end of
 * the file), read {@link COUNT_CHUNK_BYTES} at a time. For a `length` at a line start, that count
 * plus 1 is the 1-based line number there.
 */
export function newlinesBefore(path: string, length: number): number {
  let count = 0;
  for (let position = 0; position < length; position += COUNT_CHUNK_BYTES) {
    const chunk = readRange(path, position, Math.min(COUNT_CHUNK_BYTES, length - position));
    for (let index = chunk.indexOf(0x0a); index !== -1; index = chunk.indexOf(0x0a, index + 1)) {
      count++;
    }
    if (chunk.length < COUNT_CHUNK_BYTES) break;
  }
  return count;
}

/**
 * Fingerprint of the first `length` bytes of a file whose bytes are read by `read`: sha256 of the
 * length, the first and the last {@link FINGERPRINT_WINDOW_BYTES} of that prefix (hex). Equal
 * fingerprints at the same length mean "the prefix is as imported".
 */
export function prefixFingerprint(
  path: string,
  length: number,
  read: RangeReader = (position, bytes) => readRange(path, position, bytes),
): string {
  const hash = createHash("sha256").update(`${length}\n`);
  const head = Math.min(length, FINGERPRINT_WINDOW_BYTES);
  // An empty prefix is never read: the file may be one that cannot be opened.
  if (head > 0) hash.update(read(0, head));
  if (length > head) {
    const tailStart = Math.max(head, length - FINGERPRINT_WINDOW_BYTES);
    hash.update(read(tailStart, length - tailStart));
  }
  return hash.digest("hex");
}

/** Reads `length` bytes from `position` (fewer at the end of the file). */
export type RangeReader = (position: number, length: number) => Buffer;

/**
 * Files up to this size are read whole, once, by {@link snapshotReader}: a grown file is read three
 * times in a sync (the old prefix's fingerprint, the new records, the new prefix's fingerprint),
 * each time opening it, which for a small file costs more than the bytes.
 */
export const WHOLE_READ_MAX_BYTES = 256 * 1024;

/**
 * A reader of the first `size` bytes of `path` (its size when it was stat-ed): a file of at most
 * {@link WHOLE_READ_MAX_BYTES} is read whole on the first call and served from memory after; a
 * larger one is read range by range. Either way no byte past `size` is returned.
 */
export function snapshotReader(path: string, size: number): RangeReader {
  if (size > WHOLE_READ_MAX_BYTES) {
    return (position, length) =>
      readRange(path, position, Math.max(0, Math.min(length, size - position)));
  }
  let whole: Buffer | null = null;
  return (position, length) => {
    whole ??= readRange(path, 0, size);
    return whole.subarray(position, Math.min(position + length, whole.length));
  };
}
