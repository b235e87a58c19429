/**
 * How a rewritten chat's stored messages map onto its parsed ones, so the messages that did not
 * change keep their rows (and ids: citations of them still open) instead of every message after
 * the first difference being written again. Messages are read in id order and ids are never
 * reused (migration 011), so a new message can only take the place of a stored row between the
 * same kept neighbours, or go after the last kept one. Pure.
 *
 * Stored and parsed messages are matched by role and text in order (the longest common
 * subsequence, after the common prefix and suffix); between two matched pairs:
 *
 * - as many or fewer parsed messages than stored rows: each parsed one is written into a stored
 *   row in place, the stored rows left over are deleted (a removed message's id reads as not
 *   found). An edited message between kept ones thus keeps its row and id and shows its new
 *   text: a fresh id would sort after the kept messages that follow it, and giving those fresh
 *   ids instead would break every citation of them;
 * - more parsed messages than stored rows: they cannot fit between kept rows, so from there on
 *   every stored row is deleted and every parsed message inserted after the rows kept before.
 *
 * After the last matched pair nothing follows, so there a changed message always takes a fresh
 * id: its stored row is deleted (an old citation of it reads as not found) and it is inserted.
 * A matched pair whose time or flags differ is rewritten in place (same text, same message).
 */
import type { StoredImportMessage } from "../store/catalog/chat-writes.js";
import type { ImportedMessage } from "./imported-chat.js";
import { type SameMessage, sameText } from "./message-prefix.js";

/**
 * Largest middle part (stored × parsed messages, after the common prefix and suffix) aligned
 * message by message: the alignment table costs one number a cell (4 M cells ≈ 32 MB at most).
 * Past it the middle is replaced whole, as an edit of everything.
 */
export const MAX_ALIGNED_CELLS = 4_000_000;

/** What to do with a chat's stored rows (indices into `stored` and `incoming`). */
export interface MessageAlignment {
  /** Stored rows rewritten in place with a parsed message (its id kept). */
  readonly update: readonly { readonly stored: number; readonly incoming: number }[];
  /** Stored rows deleted. */
  readonly remove: readonly number[];
  /** Parsed messages inserted after every kept row, in order. */
  readonly append: readonly number[];
}

/**
 * The alignment of `incoming` onto `stored`; `same` decides which pairs need no write at all
 * (default: every stored field equal).
 */
export function alignMessages(
  stored: readonly StoredImportMessage[],
  incoming: readonly ImportedMessage[],
  same: SameMessage,
): MessageAlignment {
  const pairs = matchedPairs(stored, incoming);
  const update: { stored: number; incoming: number }[] = [];
  const remove: number[] = [];
  const append: number[] = [];
  let lastStored = -1;
  let lastIncoming = -1;
  for (const [storedIndex, incomingIndex] of [
    ...pairs,
    [stored.length, incoming.length],
  ] as const) {
    const gapStored = range(lastStored + 1, storedIndex);
    const gapIncoming = range(lastIncoming + 1, incomingIndex);
    const end = storedIndex === stored.length && incomingIndex === incoming.length;
    if (!end && gapIncoming.length > gapStored.length) {
      // No room between kept rows: everything from here on is written again.
      remove.push(...range(lastStored + 1, stored.length));
      append.push(...range(lastIncoming + 1, incoming.length));
      return { update, remove, append };
    }
    if (end) {
      remove.push(...gapStored);
      append.push(...gapIncoming);
      break;
    }
    gapIncoming.forEach((index, offset) => {
      update.push({ stored: gapStored[offset]!, incoming: index });
    });
    remove.push(...gapStored.slice(gapIncoming.length));
    if (!same(stored[storedIndex]!, incoming[incomingIndex]!)) {
      update.push({ stored: storedIndex, incoming: incomingIndex });
    }
    lastStored = storedIndex;
    lastIncoming = incomingIndex;
  }
  return { update, remove, append };
}

/** Pairs `[stored, incoming]` equal by role and text, in order: prefix, aligned middle, suffix. */
function matchedPairs(
  stored: readonly StoredImportMessage[],
  incoming: readonly ImportedMessage[],
): [number, number][] {
  const limit = Math.min(stored.length, incoming.length);
  let prefix = 0;
  while (prefix < limit && sameText(stored[prefix]!, incoming[prefix]!)) prefix++;
  let suffix = 0;
  while (
    suffix < limit - prefix &&
    sameText(stored[stored.length - 1 - suffix]!, incoming[incoming.length - 1 - suffix]!)
  ) {
    suffix++;
  }
  const pairs: [number, number][] = range(0, prefix).map((index) => [index, index]);
  const middleStored = stored.slice(prefix, stored.length - suffix);
  const middleIncoming = incoming.slice(prefix, incoming.length - suffix);
  if (middleStored.length * middleIncoming.length <= MAX_ALIGNED_CELLS) {
    for (const [s, i] of longestCommonSubsequence(middleStored, middleIncoming)) {
      pairs.push([prefix + s, prefix + i]);
    }
  }
  for (let offset = suffix; offset > 0; offset--) {
    pairs.push([stored.length - offset, incoming.length - offset]);
  }
  return pairs;
}

/** The pairs of one longest common subsequence of `a` and `b` by role and text, in order. */
function longestCommonSubsequence(
  a: readonly StoredImportMessage[],
  b: readonly ImportedMessage[],
): [number, number][] {
  const width = b.length + 1;
  // lengths[i * width + j]: the LCS length of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] = sameText(a[i]!, b[j]!)
        ? lengths[(i + 1) * width + j + 1]! + 1
        : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (sameText(a[i]!, b[j]!)) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** The integers from `start` up to, not including, `end`. */
function range(start: number, end: number): number[] {
  return Array.from({ length: Math.max(0, end - start) }, (_, offset) => start + offset);
}
