/**
 * What a push reads of the local store (issue 32): the apps to push with their project folders,
 * each chat's cheap shape fingerprint (what changed since the last push, without reading any
 * text), and, for a chat that changed, its messages as the projection needs them.
 */
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { PROJECTION_VERSION } from "../../history/index.js";
import { replyColumnsSql } from "../../history/projection/reply-content.js";

/** A local app to push. */
export interface LocalApp {
  readonly id: number;
  readonly name: string;
  /** Its project folders (`app_roots`, then `apps.path`), where the git remote is looked up. */
  readonly folders: readonly string[];
}

/** Every local app (or the one with `appId`), by name. */
export function localApps(db: Database.Database, appId?: number): LocalApp[] {
  const apps = db
    .prepare<[], { id: number; name: string; path: string | null }>(
      "SELECT id, name, path FROM apps ORDER BY name",
    )
    .all()
    .filter((app) => appId === undefined || app.id === appId);
  const roots = db
    .prepare<[number], string>("SELECT path FROM app_roots WHERE app_id = ? ORDER BY path")
    .pluck();
  return apps.map((app) => ({
    id: app.id,
    name: app.name,
    folders: [...roots.all(app.id), ...(app.path === null ? [] : [app.path])],
  }));
}

/** A local chat's header and its shape fingerprint. */
export interface LocalChat {
  readonly id: number;
  readonly title: string | null;
  readonly source: string;
  readonly createdAt: number;
  /**
   * Changes whenever the chat's pushed form may: a message added, removed or rewritten (count, id
   * sum, text length and flags), its title, or the projection's version.
   */
  readonly fingerprint: string;
}

/** The chats of local app `appId`, oldest id first, each with its fingerprint. */
export function localChats(db: Database.Database, appId: number): LocalChat[] {
  const rows = db
    .prepare<
      [number],
      { id: number; title: string | null; source: string; created_at: number; shape: string }
    >(
      `SELECT c.id, c.title, c.source, c.created_at,
              (SELECT count(*) || ':' || total(id) || ':' || total(length(content)) || ':' ||
                      total(is_recollect_reply) || ':' || total(is_recall_notice) || ':' ||
                      total(is_compaction_summary * id) || ':' || total(created_at % 1000003)
                 FROM messages m WHERE m.chat_id = c.id) AS shape
         FROM chats c WHERE c.app_id = ? ORDER BY c.id`,
    )
    .all(appId);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    source: row.source,
    createdAt: row.created_at,
    fingerprint: createHash("sha1")
      .update(
        `${PROJECTION_VERSION}\n${row.title ?? "\u0000"}\n${row.source}\n${row.created_at}\n${row.shape}`,
      )
      .digest("hex"),
  }));
}

/** A local message with what its projection reads (its reply's columns included). */
export interface LocalMessage {
  readonly id: number;
  readonly role: "user" | "assistant";
  readonly content: string;
  readonly is_compaction_summary: number;
  readonly is_recollect_reply: number;
  readonly created_at: number;
  readonly reply_content: string | null;
  readonly reply_is_recall_notice: number | null;
}

/** The messages of local chat `chatId`, in id order. */
export function localMessages(db: Database.Database, chatId: number): LocalMessage[] {
  return db
    .prepare<[number], LocalMessage>(
      `SELECT id, role, content, is_compaction_summary, is_recollect_reply, created_at,
              ${replyColumnsSql("messages")}
         FROM messages WHERE chat_id = ? ORDER BY id`,
    )
    .all(chatId);
}
