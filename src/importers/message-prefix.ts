/**
 * How far a chat's parsed messages agree with its stored ones, the comparison every merge rule of
 * `write-chats.ts` starts from. Pure; compares the stored form (`messages` rows) with the parsed
 * one, so what a parser drops or normalizes (a generic JSONL `system` line, an empty message, an
 * ISO time read as epoch ms) never counts as a difference.
 */
import type { StoredImportMessage } from "../store/catalog/chat-writes.js";
import type { ImportedMessage } from "./imported-chat.js";

/** Whether a stored message and a parsed one count as the same message. */
export type SameMessage = (stored: StoredImportMessage, incoming: ImportedMessage) => boolean;

/**
 * How many leading messages `stored` and `incoming` share in order (0 to the shorter length),
 * equal by `same` (default {@link sameMessage}: everything a message row stores).
 */
export function commonPrefixLength(
  stored: readonly StoredImportMessage[],
  incoming: readonly ImportedMessage[],
  same: SameMessage = sameMessage,
): number {
  const limit = Math.min(stored.length, incoming.length);
  let index = 0;
  while (index < limit && same(stored[index]!, incoming[index]!)) index++;
  return index;
}

/** Same role and text; times and flags aside (a source may derive them differently). */
export function sameText(stored: StoredImportMessage, incoming: ImportedMessage): boolean {
  return stored.role === incoming.role && stored.content === incoming.content;
}

/** Same in every stored field: role, text, time, AI SDK messages and compaction flag. */
export function sameMessage(stored: StoredImportMessage, incoming: ImportedMessage): boolean {
  return (
    stored.role === incoming.role &&
    stored.content === incoming.content &&
    stored.created_at === incoming.createdAtMs &&
    stored.ai_messages_json === incoming.aiMessagesJson &&
    stored.is_compaction_summary === (incoming.isCompactionSummary ? 1 : 0)
  );
}

/**
 * How many of `deleted` (stored messages a write deletes) no message of `inserted` (those it
 * writes in their place) holds again: the same role and text, each inserted message standing for
 * one deleted one, wherever it now stands. So a message the source dropped or changed counts
 * (edited `b` to `B`: `b` is gone), and one written again only because a time, a flag or an
 * earlier message changed, or moved up past a dropped one, does not. Pure; 0 to `deleted.length`.
 */
export function removedMessageCount(
  deleted: readonly StoredImportMessage[],
  inserted: readonly ImportedMessage[],
): number {
  const writtenAgain = new Map<string, number>();
  for (const message of inserted) {
    const key = textKey(message.role, message.content);
    writtenAgain.set(key, (writtenAgain.get(key) ?? 0) + 1);
  }
  let removed = 0;
  for (const message of deleted) {
    const key = textKey(message.role, message.content);
    const left = writtenAgain.get(key) ?? 0;
    if (left > 0) writtenAgain.set(key, left - 1);
    else removed++;
  }
  return removed;
}

/** One key per (role, text); a role is a word, so the NUL cannot be part of it. */
function textKey(role: string, content: string): string {
  return `${role}\u0000${content}`;
}
