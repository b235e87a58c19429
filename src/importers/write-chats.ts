/**
 * Writes parsed chats to the store, all of one file inside one transaction: a failure leaves the
 * store exactly as before. A chat's identity is `(source, source file, external id)`: the same
 * session id read from two files is two chats (issue 11 item 2). A chat stored before files were
 * recorded (`source_file = ''`) is claimed by the first file that holds its id. In the default
 * `merge` mode:
 *
 * - new chat: inserted with all its messages;
 * - same messages and title as stored, or an older, shorter snapshot of what is stored: nothing
 *   is written (`skipped`); a snapshot never removes messages;
 * - stored messages are a prefix of the new ones (an append-only log grew): only the new tail
 *   is inserted (`updated`);
 * - otherwise (the source was edited): the stored messages are matched with the parsed ones by
 *   role and text in order (`message-alignment.ts`); the matched ones keep their rows and ids, so
 *   citations of them still open; an edited message is rewritten in its row, one the source
 *   dropped is deleted, and what cannot fit between kept rows is written again after them
 *   (`updated`); the stored ones the file no longer holds are counted (`messagesRemoved`).
 *
 * `exact` mode (a sync found the file rewritten) makes the stored messages equal the parsed ones,
 * shorter included. `tail` mode (a sync parsed only the end of a log, from the start of its last
 * turn): the parsed messages are the chat's from the last stored message equal to the first of
 * them (same role and content) onward; what differs from there is replaced, the rest appended
 * (all of them when none is equal), and the stored title is kept.
 *
 * A chat whose `keyScope` is `store` (generic JSONL: the person chose its `(app, chat)` key) is one
 * chat in the whole store, not one per file, and belongs to one file. Another file holding that
 * key may only continue it (`chats-of-other-files.ts`): then it takes the chat over and merges as
 * above (an export regenerated under a new name, or moved); an older, shorter copy is skipped and
 * leaves the chat with its file; a file that would change a stored message is refused whole
 * (`ChatKeyInAnotherFileError`) rather than replacing the chat's messages. Such a chat's
 * stored title is kept when the file gives none (a `title` is optional on every line; one made
 * from the first prompt, `ImportedChat.titleFromPrompt`, is no title of the file's own).
 *
 * A chat already stored stays in the app it was first imported into; re-importing with another
 * `--app` never moves it (and so never mixes apps): with {@link WriteChatsOptions.namedApp} set
 * such a chat refuses the whole write ({@link ChatsInAnotherAppError}), so the person learns
 * where the chats are instead of reading "unchanged". One exception to staying: a chat stored in its file's
 * fallback app (`resolve-app.ts` `fallbackApp`: no project was known, e.g. a Cursor composer
 * synced before its workspace listed it) moves, in the same transaction, to its project's app as
 * soon as a write resolves one by root; the fallback app is deleted once it holds nothing. A
 * chat in any other app is never moved.
 */
import type Database from "better-sqlite3";
import { ChatsInAnotherAppError } from "../errors/recollect-error.js";
import { type StoreApps, storeApps } from "../store/catalog/app-writes.js";
import {
  type FoundChat,
  prepareChatWrites,
  type StoredImportMessage,
} from "../store/catalog/chat-writes.js";
import { writeTransaction } from "../store/write-transaction.js";
import { chatsOfOtherFiles } from "./chats-of-other-files.js";
import type { ImportedChat, ImportedMessage } from "./imported-chat.js";
import { alignMessages } from "./message-alignment.js";
import {
  commonPrefixLength,
  removedMessageCount,
  sameMessage,
  sameText,
} from "./message-prefix.js";
import { fallbackApp, type ResolvedApp } from "./resolve-app.js";

/** How a chat's parsed messages relate to what is stored; see the module doc. */
export type WriteMode = "merge" | "exact" | "tail";

/**
 * Stored messages beyond the parsed tail's length read from a chat's end to find where the tail
 * starts (`tail` mode): a turn's first message is its prompt, normally among the last few stored.
 */
const TAIL_MATCH_WINDOW = 64;

/** A parsed chat with its app decided. */
export interface ChatToWrite {
  readonly chat: ImportedChat;
  readonly app: ResolvedApp;
  /**
   * Absolute path of the file the chat was read from; part of its identity unless `keyScope` is
   * `store`. Absent or `''` for chats that belong to no file (demo, web).
   */
  readonly sourceFile?: string;
  /**
   * Where `chat.externalId` is unique. `file` (default): within `sourceFile`, so the same id in
   * two files is two chats. `store`: in the whole store (generic JSONL's `(app, chat)` key), the
   * chat belonging to one file; another file holding it takes it over when it continues the
   * stored messages and refuses the write when it would change one (see the module doc).
   */
  readonly keyScope?: "file" | "store";
  /** Default `merge`. */
  readonly mode?: WriteMode;
}

/** Options of {@link writeChats}. */
export interface WriteChatsOptions {
  /**
   * Every chat's app was named by the person (`--app`): `name` is that app's name (each
   * `ChatToWrite.app` names it too) and `file` the file the chats were read from, for the error.
   * A chat already stored under another app then refuses the write.
   */
  readonly namedApp?: { readonly name: string; readonly file: string };
}

/** What {@link writeChats} did, plus the id of every chat written, in input order. */
export interface WriteResult extends WriteCounts {
  readonly chatIds: readonly number[];
}

/** What one write did. `messages` counts message rows inserted, `messagesRemoved` rows lost. */
export interface WriteCounts {
  /** Chats inserted. */
  readonly chats: number;
  /** Chats already stored whose messages or title changed. */
  readonly updated: number;
  /** Message rows inserted (new chats, appended tails and replacements). */
  readonly messages: number;
  /** Chats already stored exactly as read. */
  readonly skipped: number;
  /**
   * Stored messages deleted that the source no longer holds: replaced by an edit (the stored
   * text is gone) or dropped. A message deleted and written again with the same role and text
   * (its time changed, or an earlier message was dropped) is not counted; see
   * `removedMessageCount` in `message-prefix.ts`. Never more than the rows deleted.
   */
  readonly messagesRemoved: number;
}

/**
 * Writes `chats` in one transaction and returns the counts. `nowMs` is not used for message or
 * chat times (those come from the source); apps get the earliest chat time as `created_at`.
 *
 * @throws ChatKeyInAnotherFileError when a chat of `keyScope` `store` is already stored from
 *   another file than its `sourceFile` and would have a stored message changed or dropped
 *   (nothing was written).
 * @throws ChatsInAnotherAppError with `options.namedApp` when a chat is already stored under
 *   another app than the named one (nothing was written).
 * @throws the SQLite error unchanged (the transaction is rolled back; nothing was written).
 */
export function writeChats(
  db: Database.Database,
  chats: readonly ChatToWrite[],
  options: WriteChatsOptions = {},
): WriteResult {
  const apps = storeApps(db);
  const writes = prepareChatWrites(db);
  const insertAll = (chatId: number, messages: readonly ImportedMessage[]) => {
    for (const message of messages) writes.insertMessage(chatId, message);
  };
  /**
   * Keeps the chat's first `keep` stored rows (ids and index rows kept), deletes the rest and
   * inserts `tail` after them; returns how many of the deleted ones `tail` does not hold again.
   */
  const replaceAfter = (
    chatId: number,
    stored: readonly StoredImportMessage[],
    keep: number,
    tail: readonly ImportedMessage[],
    /** Stored rows before `stored[0]` (when `stored` is only the chat's end). */
    before = 0,
  ): number => {
    if (keep < stored.length) writes.deleteMessagesAfter(chatId, before + keep);
    insertAll(chatId, tail);
    return removedMessageCount(stored.slice(keep), tail);
  };
  /**
   * Makes chat `chatId`'s stored rows equal `incoming`, keeping the rows of the messages that did
   * not change (`alignMessages`); returns the rows written (inserted or rewritten) and how many
   * stored messages `incoming` no longer holds.
   */
  const rewriteAligned = (
    chatId: number,
    stored: readonly StoredImportMessage[],
    incoming: readonly ImportedMessage[],
  ): { written: number; removed: number } => {
    const plan = alignMessages(stored, incoming, sameMessage);
    for (const index of plan.remove) writes.deleteMessage(stored[index]!.id);
    for (const pair of plan.update)
      writes.updateMessage(stored[pair.stored]!.id, incoming[pair.incoming]!);
    const appended = plan.append.map((index) => incoming[index]!);
    insertAll(chatId, appended);
    const replaced = plan.update.filter(
      (pair) => !sameText(stored[pair.stored]!, incoming[pair.incoming]!),
    );
    const removed = removedMessageCount(
      [
        ...plan.remove.map((index) => stored[index]!),
        ...replaced.map((pair) => stored[pair.stored]!),
      ],
      [...appended, ...replaced.map((pair) => incoming[pair.incoming]!)],
    );
    return { written: plan.update.length + appended.length, removed };
  };
  const findExisting = (chat: ImportedChat, sourceFile: string) => {
    const own = writes.findChat(chat.source, sourceFile, chat.externalId);
    if (own || sourceFile === "") return own;
    const legacy = writes.findChat(chat.source, "", chat.externalId);
    if (legacy) writes.claimChat(sourceFile, legacy.id);
    return legacy;
  };

  /** `tail` mode: messages inserted and removed, or null when nothing changed. */
  const writeTail = (
    chatId: number,
    incoming: readonly ImportedMessage[],
  ): { inserted: number; removed: number } | null => {
    const first = incoming[0];
    if (!first) return null;
    const lastAt = (rows: readonly StoredImportMessage[]) => {
      let at = rows.length - 1;
      while (at >= 0 && !(rows[at]!.role === first.role && rows[at]!.content === first.content)) {
        at--;
      }
      return at;
    };
    // The tail starts at the last turn imported: near the chat's end, so only its end is read;
    // the whole chat only when the turn's first message is not there.
    let { before, messages: stored } = writes.lastStoredMessages(
      chatId,
      incoming.length + TAIL_MATCH_WINDOW,
    );
    let from = lastAt(stored);
    if (from < 0 && before > 0) {
      stored = writes.storedMessages(chatId);
      before = 0;
      from = lastAt(stored);
    }
    if (from < 0) from = stored.length;
    // Times of a turn parsed on its own may be derived differently; the text decides.
    const prefix = commonPrefixLength(stored.slice(from), incoming, sameText);
    if (from + prefix === stored.length && prefix === incoming.length) return null;
    const tail = incoming.slice(prefix);
    return {
      inserted: tail.length,
      removed: replaceAfter(chatId, stored, from + prefix, tail, before),
    };
  };

  const run = writeTransaction(db, (): WriteResult => {
    const ofOtherFiles = chatsOfOtherFiles(writes, chats);
    if (options.namedApp) {
      const existingOf = (entry: ChatToWrite) =>
        ofOtherFiles.get(entry) ?? findExisting(entry.chat, entry.sourceFile ?? "");
      refuseChatsInOtherApps(apps, chats, options.namedApp, existingOf);
    }
    let inserted = 0;
    let updated = 0;
    let messages = 0;
    let skipped = 0;
    let messagesRemoved = 0;
    const chatIds: number[] = [];
    for (const entry of chats) {
      const { chat, app, sourceFile = "", keyScope = "file", mode = "merge" } = entry;
      const other = ofOtherFiles.get(entry);
      // An older copy of a chat another file holds adds nothing, and the chat stays with it.
      if (other && !other.continues) {
        chatIds.push(other.id);
        skipped++;
        continue;
      }
      // A file continuing a chat another file holds takes it over: later imports of this file
      // are then the same file's (idempotent, appending its growth).
      if (other) writes.claimChat(sourceFile, other.id);
      const existing: FoundChat | undefined = other ?? findExisting(chat, sourceFile);
      if (!existing) {
        const appId = apps.idFor(app, chat.createdAtMs);
        const chatId = writes.insertChat({
          appId,
          title: chat.title,
          createdAtMs: chat.createdAtMs,
          source: chat.source,
          sourceFile,
          externalId: chat.externalId,
        });
        chatIds.push(chatId);
        insertAll(chatId, chat.messages);
        inserted++;
        messages += chat.messages.length;
        continue;
      }
      chatIds.push(existing.id);
      // A chat moved out of its fallback app counts as updated even when its messages are not.
      let moved = false;
      if (app.origin === "root" && app.path !== null && sourceFile !== "") {
        const { name } = fallbackApp(sourceFile);
        if (apps.isFallbackApp(existing.appId, name)) {
          writes.moveChat(existing.id, existing.appId, apps.idFor(app, chat.createdAtMs));
          apps.dropIfEmptyFallback(existing.appId, name);
          moved = true;
        }
      }
      if (mode === "tail") {
        const written = writeTail(existing.id, chat.messages);
        if (written === null) {
          if (moved) updated++;
          else skipped++;
        } else {
          messages += written.inserted;
          messagesRemoved += written.removed;
          updated++;
        }
        continue;
      }
      const stored = writes.storedMessages(existing.id);
      const prefix = commonPrefixLength(stored, chat.messages);
      // A store-keyed chat keeps its stored title when the file gives none of its own.
      const fileTitle = chat.titleFromPrompt ? null : chat.title;
      const title = keyScope === "store" ? (fileTitle ?? existing.title ?? chat.title) : chat.title;
      const titleChanged = existing.title !== title;
      const sameMessages =
        prefix === chat.messages.length && (mode === "merge" || prefix === stored.length);
      // Same messages, or (merge) an older snapshot of a log already stored longer (Entire
      // checkpoints of one session are cumulative prefixes): nothing to write.
      if (sameMessages && !titleChanged) {
        if (moved) updated++;
        else skipped++;
        continue;
      }
      if (titleChanged) writes.setChatTitle(existing.id, title);
      if (!sameMessages) {
        // Rows of the messages that did not change stay, with their ids; the rest is rewritten.
        const written = rewriteAligned(existing.id, stored, chat.messages);
        messagesRemoved += written.removed;
        messages += written.written;
      }
      updated++;
    }
    return { chats: inserted, updated, messages, skipped, messagesRemoved, chatIds };
  });
  return run();
}

/**
 * Throws when a chat of `chats` is stored under another app than `namedApp.name` (see
 * {@link WriteChatsOptions.namedApp}); runs inside the write's transaction, before any write.
 */
function refuseChatsInOtherApps(
  apps: StoreApps,
  chats: readonly ChatToWrite[],
  namedApp: NonNullable<WriteChatsOptions["namedApp"]>,
  existingOf: (entry: ChatToWrite) => { readonly appId: number } | undefined,
): void {
  const namedId = apps.namedAppId(namedApp.name);
  const holding = new Map<number, number>();
  for (const entry of chats) {
    const existing = existingOf(entry);
    if (existing && existing.appId !== namedId) {
      holding.set(existing.appId, (holding.get(existing.appId) ?? 0) + 1);
    }
  }
  if (holding.size === 0) return;
  throw new ChatsInAnotherAppError({
    file: namedApp.file,
    appName: namedApp.name,
    heldBy: [...holding.keys()].map((appId) => apps.nameOf(appId) ?? `#${appId}`),
    chats: [...holding.values()].reduce((sum, count) => sum + count, 0),
  });
}
