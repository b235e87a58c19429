/**
 * Loads a suite into a store through the production path: the suite is written out as the
 * generic JSONL import format (docs/IMPORT-FORMATS.md), imported with `importPaths()`, and indexed
 * by the real indexer. Chats marked `index_state: "pending"` are imported after the drain, so they
 * sit in the dirty queue exactly like messages written while the indexer is behind.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { RecollectError } from "../../errors/recollect-error.js";
import { createIndexer } from "../../history/index.js";
import { importPaths } from "../../importers/index.js";
import { findAppByName } from "../../store/catalog/apps.js";
import { findChatByExternalId } from "../../store/catalog/chats.js";
import { messageIdsOfChat } from "../../store/catalog/messages.js";
import type { Store } from "../../store/open-store.js";
import type { EvalSuite, MessageRef, SuiteApp, SuiteChat } from "../suite/suite-schema.js";

/** Store ids of the loaded suite, by suite-local key. */
export interface LoadedSuite {
  /** App key → app id. */
  readonly appIds: ReadonlyMap<string, number>;
  /** Chat key → chat id. */
  readonly chatIds: ReadonlyMap<string, number>;
  /** Chat key → its message ids, in suite order. */
  readonly messageIds: ReadonlyMap<string, readonly number[]>;
  /** Messages left in the dirty queue (from pending chats). */
  readonly pendingMessages: number;
}

/** Generic JSONL lines for `chats` of `app`, one message a line. */
export function suiteChatsToJsonl(app: SuiteApp, chats: readonly SuiteChat[]): string {
  const lines: string[] = [];
  for (const chat of chats) {
    for (const message of chat.messages) {
      lines.push(
        JSON.stringify({
          app: app.name,
          chat: chat.key,
          ...(chat.title !== undefined ? { title: chat.title } : {}),
          role: message.role,
          content: message.content,
          created_at: message.created_at,
          ...(message.is_compaction_summary ? { is_compaction_summary: true } : {}),
        }),
      );
    }
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

/**
 * Writes the suite into `store` (which should be empty) via JSONL files in `workDir`, drains the
 * index for the indexed chats, then imports the pending chats without draining.
 *
 * @throws RecollectError (`internal`) when the importer rejects the generated files or the stored
 *   rows do not match the suite (a bug in this module or the importer).
 */
export async function loadSuiteIntoStore(options: {
  readonly store: Store;
  readonly suite: EvalSuite;
  readonly workDir: string;
}): Promise<LoadedSuite> {
  const { store, suite, workDir } = options;
  const indexedPath = join(workDir, "suite-indexed.jsonl");
  const pendingPath = join(workDir, "suite-pending.jsonl");
  const part = (pending: boolean) =>
    suite.apps
      .map((app) =>
        suiteChatsToJsonl(
          app,
          app.chats.filter((chat) => (chat.index_state === "pending") === pending),
        ),
      )
      .join("");
  writeFileSync(indexedPath, part(false));
  const pendingText = part(true);
  writeFileSync(pendingPath, pendingText);

  importOrThrow(store, indexedPath);
  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  try {
    indexer.start();
    await indexer.drainAll();
  } finally {
    await indexer.stop();
  }
  if (pendingText !== "") importOrThrow(store, pendingPath);
  return resolveIds(store, suite);
}

function importOrThrow(store: Store, path: string): void {
  const report = importPaths({ store, paths: [path] });
  const failure = report.failures[0];
  if (failure) {
    throw new RecollectError("internal", `The suite could not be imported: ${failure.reason}`);
  }
}

function resolveIds(store: Store, suite: EvalSuite): LoadedSuite {
  const appIds = new Map<string, number>();
  const chatIds = new Map<string, number>();
  const messageIds = new Map<string, number[]>();
  let pendingMessages = 0;
  for (const app of suite.apps) {
    const appId = findAppByName(store.db, app.name)?.id;
    if (appId === undefined) throw mismatch(`app ${app.key}`);
    appIds.set(app.key, appId);
    for (const chat of app.chats) {
      const externalId = JSON.stringify([app.name, chat.key]);
      const chatId = findChatByExternalId(store.db, { appId, source: "jsonl", externalId });
      if (chatId === null) throw mismatch(`chat ${chat.key}`);
      const ids = messageIdsOfChat(store.db, chatId);
      if (ids.length !== chat.messages.length) throw mismatch(`messages of chat ${chat.key}`);
      chatIds.set(chat.key, chatId);
      messageIds.set(chat.key, ids);
      if (chat.index_state === "pending") pendingMessages += ids.length;
    }
  }
  return { appIds, chatIds, messageIds, pendingMessages };
}

function mismatch(what: string): RecollectError {
  return new RecollectError("internal", `The imported store does not match the suite: ${what}.`);
}

/** The store message id of a suite reference. @throws RecollectError (`internal`) if unknown. */
export function messageIdOf(loaded: LoadedSuite, ref: MessageRef): number {
  const id = loaded.messageIds.get(ref.chat)?.[ref.message_index];
  if (id === undefined) throw mismatch(`message ${ref.chat}#${ref.message_index}`);
  return id;
}
