/**
 * One recognized file of an import: parsed whole, its apps resolved, written in one transaction
 * (`write-chats.ts`), so a failure leaves nothing of it in the store.
 */
import { resolve } from "node:path";
import { InvalidInputError } from "../errors/recollect-error.js";
import type { Store } from "../store/open-store.js";
import type { TextEncoding } from "./decode-text.js";
import type { RegisteredFormatModule } from "./format-registry.js";
import type { ImportedChat } from "./imported-chat.js";
import { parseImportFile } from "./parse-import-file.js";
import { resolveApp } from "./resolve-app.js";
import { type WriteCounts, writeChats } from "./write-chats.js";

/** What {@link importFile} wrote of one file, and the encoding it was read in (null: a database). */
export interface ImportedFile extends WriteCounts {
  readonly encoding: TextEncoding | null;
  /** The cut last line of an append-only log, left out (`ParsedWholeFile.tornLine`); or null. */
  readonly tornLine: number | null;
}

/**
 * Parses `path` with `module` and writes its chats, under `appName` when given (`--app`), else
 * each under the app it resolves to.
 *
 * @throws ImportFormatError when the file is malformed (nothing written).
 * @throws ChatKeyInAnotherFileError when it would change a stored message of a generic JSONL chat
 *   another file holds.
 * @throws ChatsInAnotherAppError when `appName` names another app than one holding its chats.
 * @throws InvalidInputError (`--app`) when `appName` would merge a Dyad database's several apps.
 * @throws the store's errors unchanged (the file's transaction is rolled back).
 */
export function importFile(
  store: Store,
  path: string,
  module: RegisteredFormatModule,
  appName: string | undefined,
): ImportedFile {
  const { chats, encoding, tornLine } = parseImportFile(path, module);
  if (appName !== undefined && module.input === "database") guardAppOverride(chats);
  const sourceFile = resolve(path);
  // A generic JSONL chat's (app, chat) key is the person's, unique in the store, and the chat
  // belongs to the file that first imported it; other formats' ids are per file.
  const keyScope = module.format === "jsonl" ? "store" : "file";
  const { chatIds: _written, ...counts } = writeChats(
    store.db,
    chats.map((chat) => ({ chat, app: resolveApp(path, chat, appName), sourceFile, keyScope })),
    appName === undefined ? {} : { namedApp: { name: appName, file: path } },
  );
  return { encoding, tornLine, ...counts };
}

/** `--app` would put a database's several apps into one: refuse rather than mix apps. */
function guardAppOverride(chats: readonly ImportedChat[]): void {
  const names = new Set(chats.map((chat) => chat.appHint?.name));
  if (names.size > 1) {
    throw new InvalidInputError(
      "--app",
      "no --app for a database holding several apps (each keeps its own name)",
      `the database holds ${names.size} apps`,
    );
  }
}
