/**
 * Seeds the built-in demo history through the production write path (`writeChats`, the same
 * transaction and idempotence rules as `recollect import`). Safe to call on every start: chats
 * already stored are skipped, so a store that has the demo is left exactly as it was.
 */
import { RecollectError } from "../errors/recollect-error.js";
import { type ImportedChat, importedChatFromDatedTurns, writeChats } from "../importers/index.js";
import { findAppByName } from "../store/catalog/apps.js";
import type { Store } from "../store/open-store.js";
import { DEMO_APP_NAME, DEMO_CHATS } from "./demo-chats.js";

/** `chats.source` and external-id prefix of demo rows; `(source, external_id)` keeps it idempotent. */
const DEMO_SOURCE = "jsonl";
const DEMO_EXTERNAL_PREFIX = "recollect-demo/";

/** What {@link seedDemoHistory} did. */
export interface DemoSeedResult {
  readonly appId: number;
  readonly appName: string;
  /** Chats written now (0 when the demo was already stored). */
  readonly chatsWritten: number;
  /** Message rows written now. */
  readonly messagesWritten: number;
}

/** The demo chats as importer output (pure). */
export function demoImportedChats(): ImportedChat[] {
  return DEMO_CHATS.map((chat) =>
    importedChatFromDatedTurns({
      source: DEMO_SOURCE,
      externalId: `${DEMO_EXTERNAL_PREFIX}${chat.key}`,
      title: chat.title,
      turns: chat.messages,
    }),
  );
}

/**
 * Writes the demo app's chats unless they are already stored (one transaction; nothing partial).
 *
 * @throws the SQLite error unchanged when the write fails (rolled back).
 */
export function seedDemoHistory(store: Store): DemoSeedResult {
  const app = { name: DEMO_APP_NAME, path: null };
  const counts = writeChats(
    store.db,
    demoImportedChats().map((chat) => ({ chat, app })),
  );
  const appId = findAppByName(store.db, DEMO_APP_NAME)?.id;
  if (appId === undefined)
    throw new RecollectError("internal", "The demo app is missing after seeding.");
  return {
    appId,
    appName: DEMO_APP_NAME,
    chatsWritten: counts.chats + counts.updated,
    messagesWritten: counts.messages,
  };
}
