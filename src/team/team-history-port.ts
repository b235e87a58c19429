/**
 * The {@link HistoryPort} over a team's PostgreSQL store (issue 32): search and read
 * (`search/`, `read/`) and the catalog reads the surfaces need, all through the member's own
 * connection, so row level security decides what exists: an app not granted is not found by name,
 * lists nowhere, and its chats and messages are `ChatNotFoundError` like any missing one.
 */

import type { Pool } from "pg";
import { AmbiguousAppNameError, AppNotFoundError } from "../errors/recollect-error.js";
import type { Remedy } from "../errors/remedy.js";
import type { HistoryPort, MessageLocation } from "../history/port/history-port.js";
import { appNameKey, suggestedAppNames } from "../store/catalog/app-lookup.js";
import type { AppActivity } from "../store/catalog/apps.js";
import type { ChatRow } from "../store/catalog/chats.js";
import { classifyTeamError, type TeamConnection } from "./connect.js";
import { teamReadChat } from "./read/team-read.js";
import { teamSearchChats } from "./search/team-search.js";
import { redactedStoreUrl } from "./store-url.js";

/**
 * What an unknown app name on the team store at `url` suggests: list that store's apps (those the
 * member may see), or, when they may see none, push this machine's apps to it. Both name the
 * store by its redacted URL (a password never shows) and leave the local `--db` out.
 */
export function teamAppRemedies(url: string, hasApps: boolean): Remedy[] {
  const shown = redactedStoreUrl(url);
  return hasApps
    ? [
        {
          args: ["apps", "--store", shown],
          purpose: "to list the team store's apps you may see",
          sameStore: false,
        },
      ]
    : [
        {
          args: ["push", "--to", shown],
          purpose: "to push this machine's apps to it",
          sameStore: false,
        },
      ];
}

/** Runs `work`, rethrowing any failure classified (`classifyTeamError`), the URL redacted. */
async function classified<T>(team: TeamConnection, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw classifyTeamError(team.url, error);
  }
}

/**
 * The visible, undeleted chats of app `appId` (only chat `chatId` when not null), newest first,
 * each with its message count.
 */
async function teamChats(pool: Pool, appId: number, chatId: number | null): Promise<ChatRow[]> {
  const rows = await pool.query<{
    id: string;
    title: string | null;
    source: string;
    created_at: string;
    messages: string;
  }>(
    `SELECT c.id, c.title, c.source, c.created_at,
            (SELECT count(*) FROM recollect.messages m WHERE m.chat_id = c.id) AS messages
       FROM recollect.chats c
      WHERE c.app_id = $1 AND c.deleted_at IS NULL AND ($2::bigint IS NULL OR c.id = $2)
      ORDER BY c.created_at DESC, c.id DESC`,
    [appId, chatId],
  );
  return rows.rows.map(
    (row): ChatRow => ({
      id: Number(row.id),
      appId,
      title: row.title,
      source: row.source,
      createdAtMs: Number(row.created_at),
      messageCount: Number(row.messages),
      sourceFile: "",
    }),
  );
}

/** A port over `team`; `close()` ends its pool. */
export function teamHistoryPort(team: TeamConnection): HistoryPort {
  const { pool } = team;
  const visibleApps = async () =>
    (
      await pool.query<{ id: string; name: string }>(
        "SELECT id, name FROM recollect.apps ORDER BY name",
      )
    ).rows.map((row) => ({ id: Number(row.id), name: row.name }));
  return {
    backend: "postgres",
    searchChats: (scope, input) => classified(team, () => teamSearchChats(pool, scope, input)),
    readChat: (scope, input, extent) =>
      classified(team, () => teamReadChat(pool, scope, input, extent)),
    resolveApp: (name, argument = "--app") =>
      classified(team, async () => {
        const apps = await visibleApps();
        const exact = apps.filter((app) => app.name === name);
        if (exact.length === 1 && exact[0]) return exact[0];
        const key = appNameKey(name);
        const loose = exact.length > 1 ? exact : apps.filter((app) => appNameKey(app.name) === key);
        if (loose.length === 1 && loose[0]) return loose[0];
        const remedies = teamAppRemedies(team.url, apps.length > 0);
        if (loose.length > 1) {
          throw new AmbiguousAppNameError(
            name,
            loose.map((app) => app.name),
            argument,
            remedies,
          );
        }
        const suggestions = suggestedAppNames(
          key,
          apps.map((app) => ({ name: app.name, key: appNameKey(app.name) })),
        );
        throw new AppNotFoundError(
          name,
          apps.length > 0,
          suggestions,
          argument === "--app" ? undefined : argument,
          remedies,
        );
      }),
    listApps: () =>
      classified(team, async () => {
        const rows = await pool.query<{
          id: string;
          name: string;
          chats: string;
          messages: string;
          last: string | null;
        }>(
          `SELECT a.id, a.name,
                  (SELECT count(*) FROM recollect.chats c WHERE c.app_id = a.id AND c.deleted_at IS NULL) AS chats,
                  coalesce(s.docs, 0) AS messages,
                  (SELECT max(m.created_at) FROM recollect.messages m WHERE m.app_id = a.id) AS last
             FROM recollect.apps a LEFT JOIN recollect.app_stats s ON s.app_id = a.id
            ORDER BY a.name`,
        );
        return rows.rows.map(
          (row): AppActivity => ({
            id: Number(row.id),
            name: row.name,
            path: null,
            roots: [],
            chatCount: Number(row.chats),
            messageCount: Number(row.messages),
            lastMessageAtMs: row.last === null ? null : Number(row.last),
          }),
        );
      }),
    listChats: (appId) => classified(team, () => teamChats(pool, appId, null)),
    findChat: (chatId, appId) =>
      classified(team, async () => (await teamChats(pool, appId, chatId))[0] ?? null),
    isChatOfApp: (chatId, appId) =>
      classified(team, async () => {
        const rows = await pool.query(
          "SELECT 1 FROM recollect.chats WHERE id = $1 AND app_id = $2 AND deleted_at IS NULL",
          [chatId, appId],
        );
        return rows.rowCount === 1;
      }),
    locateMessages: (ids) =>
      classified(team, async () => {
        const found = new Map<number, MessageLocation>();
        if (ids.length === 0) return found;
        const rows = await pool.query<{ id: string; chat_id: string; app_id: string }>(
          "SELECT id, chat_id, app_id FROM recollect.messages WHERE id = ANY ($1::bigint[])",
          [ids],
        );
        for (const row of rows.rows) {
          found.set(Number(row.id), { chatId: Number(row.chat_id), appId: Number(row.app_id) });
        }
        return found;
      }),
    close: () => team.close(),
  };
}
