/**
 * Finds or creates the app a chat is written to. An app found by its project root is the app of
 * that folder: one app per root, named after the root folder and made unique when two roots share
 * a name (`api`, then `api-2`, …), and it records the root in `app_roots` (the MCP server matches a
 * client's folder against those). An app given by name (`--app`, a file's own app record) is
 * found by name as `--app` finds one (`app-name-index.ts`): "shop" goes to an existing "Shop".
 */
import type Database from "better-sqlite3";
import { preparedOnce } from "../prepared-statements.js";
import { createAppNameIndex } from "./app-name-index.js";
import { findAppByName } from "./apps.js";

/**
 * The app a chat goes to, as the importers resolve it (`importers/resolve-app.ts`): its name, its
 * project folder (null when none) and whether it was found by that folder (`root`) or by name.
 */
export interface AppToWrite {
  readonly name: string;
  readonly path: string | null;
  readonly origin?: "named" | "root";
}

/** Prepared lookups for {@link StoreApps.idFor}; create once per write transaction. */
export interface StoreApps {
  /**
   * The id of `app`, inserting it (and its root) when new. `createdAtMs` is the new app's
   * `created_at` (ms since the epoch).
   */
  idFor(app: AppToWrite, createdAtMs: number): number;
  /**
   * True when app `appId` is the fallback app named `fallbackName`: the app a file's chats go to
   * when neither the file nor the chat names a project (`importers/resolve-app.ts`, last step). It
   * has that name, no recorded path and no root, so an app that holds a project folder is never
   * one.
   */
  isFallbackApp(appId: number, fallbackName: string): boolean;
  /** Deletes app `appId` when it is a fallback app left holding no chat and no plan. */
  dropIfEmptyFallback(appId: number, fallbackName: string): void;
  /**
   * The id of the app {@link StoreApps.idFor} gives an app named `name` (not found by root: as
   * `--app` names one), or null when it would create one. Writes nothing.
   */
  namedAppId(name: string): number | null;
  /** The stored name of app `appId`, or null when there is no such app. */
  nameOf(appId: number): string | null;
}

/**
 * Prepares the app statements on `db`, for one write transaction: the app names it looks up are
 * indexed in memory (`app-name-index.ts`) and kept in step with the apps it inserts and deletes,
 * so it must not outlive that transaction nor share it with another writer of apps.
 */
export function storeApps(db: Database.Database): StoreApps {
  const names = createAppNameIndex(db);
  const byRoot = preparedOnce<[string], number>(
    db,
    "SELECT app_id FROM app_roots WHERE path = ?",
  ).pluck();
  const rootCount = preparedOnce<[number], number>(
    db,
    "SELECT count(*) FROM app_roots WHERE app_id = ?",
  ).pluck();
  const insertApp = preparedOnce<[string, string | null, number]>(
    db,
    "INSERT INTO apps (name, path, created_at) VALUES (?, ?, ?)",
  );
  const setPath = preparedOnce<[string, number]>(
    db,
    "UPDATE apps SET path = ? WHERE id = ? AND path IS NULL",
  );
  const addRoot = preparedOnce<[string, number]>(
    db,
    "INSERT OR IGNORE INTO app_roots (path, app_id) VALUES (?, ?)",
  );
  const fallback = preparedOnce<[number, string], 1>(
    db,
    `SELECT 1 FROM apps a WHERE a.id = ? AND a.name = ? AND a.path IS NULL
         AND NOT EXISTS (SELECT 1 FROM app_roots r WHERE r.app_id = a.id)`,
  ).pluck();
  const nameOf = preparedOnce<[number], string>(db, "SELECT name FROM apps WHERE id = ?").pluck();
  const dropEmpty = preparedOnce<[number]>(
    db,
    `DELETE FROM apps WHERE id = ?
       AND NOT EXISTS (SELECT 1 FROM chats WHERE app_id = apps.id)
       AND NOT EXISTS (SELECT 1 FROM plans WHERE app_id = apps.id)`,
  );

  const inserted = (name: string, path: string | null, createdAtMs: number): number => {
    const id = Number(insertApp.run(name, path, createdAtMs).lastInsertRowid);
    names.added(id, name);
    return id;
  };

  // `apps.path` is the app's first root and always one of its `app_roots` rows: a folder that is
  // already another app's root stays that app's alone (the MCP server and `sync` match a folder
  // to one app), and the named app records no path for it.
  const claim = (id: number, path: string | null) => {
    if (path === null) return;
    addRoot.run(path, id);
    if (byRoot.get(path) === id) setPath.run(path, id);
  };

  const forRoot = (name: string, root: string, createdAtMs: number): number => {
    const owner = byRoot.get(root);
    if (owner !== undefined) return owner;
    for (let suffix = 1; ; suffix++) {
      const candidate = suffix === 1 ? name : `${name}-${suffix}`;
      const existing = findAppByName(db, candidate);
      if (!existing) {
        const id = inserted(candidate, root, createdAtMs);
        addRoot.run(root, id);
        return id;
      }
      // An app of that name from before roots were recorded (imported without a folder) is this
      // root's app; one that already holds another root is a different project.
      if (existing.path === null && rootCount.get(existing.id) === 0) {
        claim(existing.id, root);
        return existing.id;
      }
    }
  };

  return {
    idFor(app, createdAtMs) {
      if (app.origin === "root" && app.path !== null) {
        return forRoot(app.name, app.path, createdAtMs);
      }
      const existing = names.idOf(app.name);
      if (existing !== null) {
        claim(existing, app.path);
        return existing;
      }
      const id = inserted(app.name, null, createdAtMs);
      claim(id, app.path);
      return id;
    },
    isFallbackApp: (appId, fallbackName) => fallback.get(appId, fallbackName) === 1,
    dropIfEmptyFallback(appId, fallbackName) {
      if (fallback.get(appId, fallbackName) === 1 && dropEmpty.run(appId).changes > 0) {
        names.removed(appId, fallbackName);
      }
    },
    namedAppId: (name) => names.idOf(name),
    nameOf: (appId) => nameOf.get(appId) ?? null,
  };
}
