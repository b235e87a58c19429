/**
 * The `apps` and `app_roots` rows as the surfaces read them (DESIGN.md § Store): the one app-by-name
 * lookup, existence, and the two listings (the web's cheap one, the CLI's with activity). Values
 * always travel as parameters; times are returned as integer ms since the epoch. Writes of apps
 * happen in the import path (`app-writes.ts`, called by `importers/write-chats.ts`).
 */
import type Database from "better-sqlite3";
import { MAX_DATE_MS } from "../../text/iso-time.js";

/**
 * The stored times that are dates, as SQL parameters: an older Recollect may have stored any
 * integer (99999999999999999), which must not win a `max()` over the times that are dates.
 */
const DATE_RANGE = { min: -MAX_DATE_MS, max: MAX_DATE_MS } as const;

/** An app row: its id, exact stored name and recorded project path (null when none). */
export interface AppRow {
  readonly id: number;
  readonly name: string;
  readonly path: string | null;
}

/** An app with its chat count (the web's app list). */
export interface AppListing {
  readonly id: number;
  readonly name: string;
  readonly chatCount: number;
}

/** An app with its roots, counts and newest message time (the CLI's `recollect apps`). */
export interface AppActivity extends AppRow {
  /** The project folders the app holds (what `sync` and the MCP server match on), sorted. */
  readonly roots: readonly string[];
  readonly chatCount: number;
  readonly messageCount: number;
  /**
   * Newest message `created_at` that is a date (ms since the epoch, within ±`MAX_DATE_MS`), or
   * null for an app without such a message: none at all, or only times that are no date (a store
   * an older Recollect filled). A time that is no date is unknown, never taken as the newest.
   */
  readonly lastMessageAtMs: number | null;
}

/**
 * The other times the store holds for an app, for when no message time of it is a date: each the
 * newest that is a date (ms since the epoch), or null when there is none.
 */
export interface AppOtherTimes {
  /** Newest `created_at` of its chats: when a chat began, as its source said. */
  readonly chatCreatedAtMs: number | null;
  /**
   * Newest `synced_at` of the history files its chats were synced from: when `recollect sync`
   * last read one (null for chats only ever imported, which record no such time).
   */
  readonly syncedAtMs: number | null;
}

/** The app named exactly `name`, or null. The only app-by-name lookup; callers trim first. */
export function findAppByName(db: Database.Database, name: string): AppRow | null {
  return (
    db.prepare<[string], AppRow>("SELECT id, name, path FROM apps WHERE name = ?").get(name) ?? null
  );
}

/** True when the store holds at least one app (an empty store has none to list). */
export function storeHasApps(db: Database.Database): boolean {
  return db.prepare<[], 1>("SELECT 1 FROM apps LIMIT 1").get() !== undefined;
}

/** The app with id `appId`, or null. */
export function findApp(db: Database.Database, appId: number): AppRow | null {
  return (
    db.prepare<[number], AppRow>("SELECT id, name, path FROM apps WHERE id = ?").get(appId) ?? null
  );
}

/** True when an app with id `appId` exists. */
export function appExists(db: Database.Database, appId: number): boolean {
  return db.prepare<[number], 1>("SELECT 1 FROM apps WHERE id = ?").get(appId) !== undefined;
}

/**
 * Every project path an app records, one row per (app, path): its `apps.path` and each of its
 * `app_roots` (sync records every root a project's histories name; `apps.path` is the first).
 * Paths are as stored, in any form; callers decide which count.
 */
export function appsWithPath(db: Database.Database): Array<AppRow & { readonly path: string }> {
  return db
    .prepare<[], AppRow & { path: string }>(
      `SELECT id, name, path FROM apps WHERE path IS NOT NULL
       UNION
       SELECT a.id, a.name, r.path FROM app_roots r JOIN apps a ON a.id = r.app_id
       ORDER BY id, path`,
    )
    .all();
}

/** Every app by name with its chat count (no message scan: the web asks on every load). */
export function listApps(db: Database.Database): AppListing[] {
  return db
    .prepare<[], AppListing>(
      `SELECT a.id AS id, a.name AS name, (SELECT COUNT(*) FROM chats c WHERE c.app_id = a.id) AS chatCount
         FROM apps a ORDER BY a.name`,
    )
    .all();
}

/**
 * Every app by name with roots, chat and message counts and its newest message time that is a
 * date.
 */
export function listAppActivity(db: Database.Database): AppActivity[] {
  const rows = db
    .prepare<[typeof DATE_RANGE], Omit<AppActivity, "roots">>(
      `SELECT a.id AS id, a.name AS name, a.path AS path,
              (SELECT count(*) FROM chats c WHERE c.app_id = a.id) AS chatCount,
              (SELECT count(*) FROM messages m JOIN chats c ON c.id = m.chat_id WHERE c.app_id = a.id) AS messageCount,
              (SELECT max(m.created_at) FROM messages m JOIN chats c ON c.id = m.chat_id
                WHERE c.app_id = a.id AND m.created_at BETWEEN @min AND @max) AS lastMessageAtMs
         FROM apps a ORDER BY a.name`,
    )
    .all(DATE_RANGE);
  const roots = db
    .prepare<[number], string>("SELECT path FROM app_roots WHERE app_id = ? ORDER BY path")
    .pluck();
  return rows.map((row) => ({ ...row, roots: roots.all(row.id) }));
}

/**
 * {@link AppOtherTimes} of app `appId` (both null for an unknown app). Asked per app, only for one
 * whose messages give no time: the sync time joins every chat of the app to its history file.
 */
export function appOtherTimes(db: Database.Database, appId: number): AppOtherTimes {
  const chatCreatedAtMs = db
    .prepare<[{ appId: number } & typeof DATE_RANGE], number | null>(
      `SELECT max(created_at) FROM chats
        WHERE app_id = @appId AND created_at BETWEEN @min AND @max`,
    )
    .pluck()
    .get({ appId, ...DATE_RANGE });
  const syncedAtMs = db
    .prepare<[{ appId: number } & typeof DATE_RANGE], number | null>(
      `SELECT max(f.synced_at) FROM chats c
         JOIN source_files f ON f.format = c.source AND f.path = c.source_file
        WHERE c.app_id = @appId AND f.synced_at BETWEEN @min AND @max`,
    )
    .pluck()
    .get({ appId, ...DATE_RANGE });
  return { chatCreatedAtMs: chatCreatedAtMs ?? null, syncedAtMs: syncedAtMs ?? null };
}
