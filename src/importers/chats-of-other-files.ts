/**
 * The append-only rule for generic JSONL chats held by another file. A chat keyed store-wide
 * (`keyScope` `store`: the person's own `(app, chat)` pair) belongs to one file, the one that
 * imported it or last continued it. Another file holding that key may take it over only by
 * continuing it: its chat begins with the stored messages, same role and text, in order (an
 * export regenerated under a new name with new messages, or the same file moved). A file whose
 * chat is an older, shorter copy of the stored one adds nothing and leaves the chat where it is.
 * A file that would change or drop a stored message is refused whole, before anything is written.
 */
import { ChatKeyInAnotherFileError } from "../errors/chat-key-in-another-file-error.js";
import type { ChatWrites, FoundChat, StoredImportMessage } from "../store/catalog/chat-writes.js";
import { genericChatKeyPair } from "./generic-chat-key.js";
import type { ImportedChat, ImportedMessage } from "./imported-chat.js";
import { commonPrefixLength, sameText } from "./message-prefix.js";

/** What this rule reads of a chat to write (`write-chats.ts`' `ChatToWrite` is one). */
export interface KeyedChatToWrite {
  readonly chat: ImportedChat;
  /** Absolute path of its file; `''` or absent for a chat of no file (never checked). */
  readonly sourceFile?: string;
  /** Only `store` keys are checked; default `file`. */
  readonly keyScope?: "file" | "store";
}

/**
 * How a file's chat relates to the stored chat of its key, by role and text (times and flags
 * aside: a regenerated export may render them anew, and the merge then takes the file's):
 * `continues` when the stored messages are its first (all of them, or more), `older` when its
 * messages are the stored ones' first and fewer, else `differs` at the 1-based position of the
 * first message that differs.
 */
export type StoredChatRelation =
  | { readonly kind: "continues" }
  | { readonly kind: "older" }
  | { readonly kind: "differs"; readonly differsAtMessage: number };

/** Relates a file's parsed messages to a chat's stored ones (see {@link StoredChatRelation}). */
export function relateToStored(
  stored: readonly StoredImportMessage[],
  incoming: readonly ImportedMessage[],
): StoredChatRelation {
  const prefix = commonPrefixLength(stored, incoming, sameText);
  if (prefix === stored.length) return { kind: "continues" };
  if (prefix === incoming.length) return { kind: "older" };
  return { kind: "differs", differsAtMessage: prefix + 1 };
}

/** A stored chat another file holds, and whether the file being written continues it. */
export interface ChatOfOtherFile extends FoundChat {
  /** The file holding it now. */
  readonly sourceFile: string;
  /** True: take it over and merge; false: an older copy, nothing to write. */
  readonly continues: boolean;
}

/**
 * Finds, for each chat of `chats` whose key is the store's, the stored chat another file holds,
 * if any, and whether `chats` continues it. Reads only; run it inside the write's transaction,
 * before any write.
 *
 * @throws ChatKeyInAnotherFileError when some of them would change a stored message, naming the
 *   first (its key, holding file and where it differs) and counting them all.
 */
export function chatsOfOtherFiles<T extends KeyedChatToWrite>(
  writes: ChatWrites,
  chats: readonly T[],
): ReadonlyMap<T, ChatOfOtherFile> {
  const held = new Map<T, ChatOfOtherFile>();
  let first: ConstructorParameters<typeof ChatKeyInAnotherFileError>[0] | null = null;
  let refused = 0;
  for (const entry of chats) {
    const { chat, sourceFile = "", keyScope = "file" } = entry;
    if (keyScope !== "store" || sourceFile === "") continue;
    const other = writes.findChatOfOtherFile(chat.source, sourceFile, chat.externalId);
    if (!other) continue;
    const stored = writes.storedMessages(other.id);
    const relation = relateToStored(stored, chat.messages);
    if (relation.kind !== "differs") {
      held.set(entry, { ...other, continues: relation.kind === "continues" });
      continue;
    }
    refused++;
    first ??= {
      file: sourceFile,
      chatKey: genericChatKeyPair(chat.externalId) ?? [chat.externalId],
      heldBy: other.sourceFile,
      chats: 0,
      differsAtMessage: relation.differsAtMessage,
      storedMessages: stored.length,
      fileMessages: chat.messages.length,
    };
  }
  if (first) throw new ChatKeyInAnotherFileError({ ...first, chats: refused });
  return held;
}
