/**
 * `recollect chats --app NAME`: the app's chats, newest first, with source and message count; a
 * chat whose file is gone (the agent deleted it, Recollect keeps it) is labelled so.
 */

import type Database from "better-sqlite3";
import type { Command } from "commander";
import { cleanTitle } from "../../history/index.js";
import { type ChatRow, listChats as listChatRows } from "../../store/catalog/chats.js";
import { isFileGone } from "../../sync/index.js";
import { isoTimeOrNull, timeText } from "../../text/iso-time.js";
import { plural } from "../../text/plural.js";
import { globalOptions } from "../cli-context.js";
import { withCliHistory } from "../cli-history.js";
import { onceOnlyApp } from "../once-only-option.js";
import { writeAnswer } from "../write-answer.js";
import { requireAppName } from "./apps.js";

/** One row of `recollect chats`; times are ISO-8601 UTC; the title as `cleanTitle` shows it. */
export interface ChatSummary {
  readonly id: number;
  readonly title: string | null;
  readonly source: string;
  /** ISO-8601 UTC; null when the stored time is no date (`isoTimeOrNull`). */
  readonly created_at: string | null;
  readonly messages: number;
  /**
   * Present (true) when the file the chat was synced or imported from is gone: the agent deleted
   * it and Recollect keeps the chat. Absent otherwise.
   */
  readonly kept_after_file_deleted?: true;
}

/** Lists the chats of `appId`, newest first (ties by id). */
export function listChats(db: Database.Database, appId: number): ChatSummary[] {
  return summarizeChats(listChatRows(db, appId));
}

/** The {@link ChatSummary} rows of `rows` (any store's catalog). */
export function summarizeChats(rows: readonly ChatRow[]): ChatSummary[] {
  return rows.map((row) => ({
    id: row.id,
    title: cleanTitle(row.title),
    source: row.source,
    created_at: isoTimeOrNull(row.createdAtMs),
    messages: row.messageCount,
    ...(isFileGone(row.sourceFile) ? { kept_after_file_deleted: true as const } : {}),
  }));
}

/** Human lines for {@link listChats}. */
export function formatChats(chats: readonly ChatSummary[]): string {
  if (chats.length === 0) return "No chats in this app.\n";
  const lines = chats.map(
    (chat) =>
      `#${chat.id}  ${timeText(chat.created_at)}  ${chat.source}  ${plural(chat.messages, "message")}  ${chat.title ?? "(untitled)"}${chat.kept_after_file_deleted ? "  (kept: its file is gone)" : ""}`,
  );
  return `${lines.join("\n")}\n`;
}

/** Registers `recollect chats --app NAME`. */
export function registerChatsCommand(program: Command): void {
  program
    .command("chats")
    .description("list an app's chats, newest first")
    .requiredOption("--app <name>", "the app (see `recollect apps`)", onceOnlyApp)
    .action(async (options: { app: string }, command: Command) => {
      const global = globalOptions(command);
      requireAppName(options.app);
      const chats = await withCliHistory(global, async (history) => {
        const app = await history.resolveApp(requireAppName(options.app));
        return summarizeChats(await history.listChats(app.id));
      });
      await writeAnswer(command, chats, () => formatChats(chats));
    });
}
