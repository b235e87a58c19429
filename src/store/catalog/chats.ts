/**
 * The `chats` rows as the surfaces and host tools read and write them (DESIGN.md § Store): listing,
 * the header of one chat, the in-app check, the web's new chat and the summary tool's write. Values
 * always travel as parameters; times are integer ms since the epoch. Imported chats are written by
 * the import path (`importers/write-chats.ts`).
 */
import type Database from "better-sqlite3";
import { preparedOnce } from "../prepared-statements.js";

/** One chat with its message count. */
export interface ChatRow {
  readonly id: number;
  readonly appId: number;
  readonly title: string | null;
  /** Where it came from: an importer's format name, `web`, `demo`… */
  readonly source: string;
  /** `created_at`, ms since the epoch. */
  readonly createdAtMs: number;
  readonly messageCount: number;
  /** The file it was synced or imported from (absolute), `''` for a chat of no file. */
  readonly sourceFile: string;
}

const CHAT_COLUMNS = `c.id AS id, c.app_id AS appId, c.title AS title, c.source AS source,
  c.created_at AS createdAtMs, c.source_file AS sourceFile, (SELECT COUNT(*) FROM messages m WHERE m.chat_id = c.id) AS messageCount`;

/** The chats of `appId`, newest first (ties by id, newest first), at most `limit` when given. */
export function listChats(
  db: Database.Database,
  appId: number,
  options: { readonly limit?: number } = {},
): ChatRow[] {
  return db
    .prepare<[number, number], ChatRow>(
      `SELECT ${CHAT_COLUMNS} FROM chats c WHERE c.app_id = ?
        ORDER BY c.created_at DESC, c.id DESC LIMIT ?`,
    )
    .all(appId, options.limit ?? -1);
}

/** One chat's header, or null when there is no chat with that id (in any app). */
export function findChat(db: Database.Database, chatId: number): ChatRow | null {
  return (
    db
      .prepare<[number], ChatRow>(`SELECT ${CHAT_COLUMNS} FROM chats c WHERE c.id = ?`)
      .get(chatId) ?? null
  );
}

/** True when chat `chatId` exists and belongs to app `appId`. */
export function isChatOfApp(db: Database.Database, chatId: number, appId: number): boolean {
  return (
    db
      .prepare<[number, number], 1>("SELECT 1 FROM chats WHERE id = ? AND app_id = ?")
      .get(chatId, appId) !== undefined
  );
}

/**
 * The id of the chat of `appId` imported from `source` with that `externalId` (e.g. a Claude Code
 * session id), or null when it was never imported.
 */
export function findChatByExternalId(
  db: Database.Database,
  key: { readonly appId: number; readonly source: string; readonly externalId: string },
): number | null {
  return (
    db
      .prepare<[number, string, string], number>(
        "SELECT id FROM chats WHERE app_id = ? AND source = ? AND external_id = ?",
      )
      .pluck()
      .get(key.appId, key.source, key.externalId) ?? null
  );
}

/** How many chats of import format `source` each source file holds (files of no chat left out). */
export function chatCountsBySourceFile(
  db: Database.Database,
  source: string,
): { readonly sourceFile: string; readonly chats: number }[] {
  return db
    .prepare<[string], { sourceFile: string; chats: number }>(
      `SELECT source_file AS sourceFile, count(*) AS chats FROM chats
        WHERE source = ? AND source_file <> '' GROUP BY source_file ORDER BY source_file`,
    )
    .all(source);
}

/** The external ids of the chats imported from one source file, oldest chat first. */
export function externalIdsOfSourceFile(
  db: Database.Database,
  source: string,
  sourceFile: string,
): string[] {
  return preparedOnce<[string, string], string>(
    db,
    "SELECT external_id FROM chats WHERE source = ? AND source_file = ? ORDER BY id",
  )
    .pluck()
    .all(source, sourceFile);
}

/**
 * Links the chats of a sub-agent's source file to the first chat of its parent's file (both stay
 * separate chats); a chat already linked keeps its parent. `source` is the format both share.
 */
export function linkChatsToParentFile(
  db: Database.Database,
  input: { readonly source: string; readonly sourceFile: string; readonly parentFile: string },
): void {
  db.prepare<[string, string, string, string]>(
    `UPDATE chats SET parent_chat_id =
       (SELECT id FROM chats WHERE source = ? AND source_file = ? ORDER BY id LIMIT 1)
     WHERE source = ? AND source_file = ? AND parent_chat_id IS NULL`,
  ).run(input.source, input.parentFile, input.source, input.sourceFile);
}

/**
 * Creates a chat started from the web app (`source = 'web'`) and returns its id. `externalId` must
 * be unique per creation (the web uses a random UUID).
 */
export function createWebChat(
  db: Database.Database,
  input: {
    readonly appId: number;
    readonly title: string | null;
    readonly nowMs: number;
    readonly externalId: string;
  },
): number {
  const result = db
    .prepare(
      "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'web', ?)",
    )
    .run(input.appId, input.title, input.nowMs, input.externalId);
  return Number(result.lastInsertRowid);
}

/**
 * Sets a chat's title and summary, only when the chat belongs to `appId`.
 * @returns false when no chat of that app has that id (nothing written).
 */
export function setChatSummary(
  db: Database.Database,
  input: {
    readonly chatId: number;
    readonly appId: number;
    readonly title: string;
    readonly summary: string;
  },
): boolean {
  return (
    db
      .prepare("UPDATE chats SET title = ?, summary = ? WHERE id = ? AND app_id = ?")
      .run(input.title, input.summary, input.chatId, input.appId).changes === 1
  );
}
