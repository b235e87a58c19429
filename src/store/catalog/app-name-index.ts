/**
 * The app a chat named by its history file (a generic JSONL line's `app`, a Dyad app) is written
 * to, for one write transaction. The rule is `--app`'s (`app-lookup.ts` `matchAppName`): the app
 * named exactly so, else the one app named so but for case, accents or spacing ("shop" goes to
 * "Shop"); none when none matches, or several do and none exactly, and the writer then creates the
 * app as named, since a file cannot be asked which one it meant.
 *
 * Why an index and not `matchAppName` per chat: a loose match compares the name's key with every
 * stored app's, and `matchAppName` also measures edit distances for its suggestions, so a file of
 * n new apps did n full passes over a growing table (O(n²): 1000 apps took 12 s). Here the keys
 * are read once per transaction, on the first name not stored exactly, and kept in step with the
 * apps the transaction inserts and deletes; an exact name is the `UNIQUE` index's lookup.
 */
import type Database from "better-sqlite3";
import { appNameKey, keyedApps } from "./app-lookup.js";
import { findAppByName } from "./apps.js";

/** The apps of one write transaction by name; see the module doc. */
export interface AppNameIndex {
  /** The id of the app a file's `name` is written to, or null when the writer creates one. */
  idOf(name: string): number | null;
  /** Records app `appId`, named `name`, that the transaction inserted. */
  added(appId: number, name: string): void;
  /** Forgets app `appId`, named `name`, that the transaction deleted. */
  removed(appId: number, name: string): void;
}

/**
 * An index of `db`'s apps for one write transaction: every insert and delete of an app in that
 * transaction must be reported to it ({@link AppNameIndex.added}, {@link AppNameIndex.removed}),
 * which holds while `app-writes.ts` is the only writer of apps and renames run in their own
 * transaction. Reads nothing until the first {@link AppNameIndex.idOf} of a name no app has
 * exactly, then every app's name once.
 */
export function createAppNameIndex(db: Database.Database): AppNameIndex {
  // Null until a loose match is first needed; then name key → ids of the apps with that key.
  let byKey: Map<string, number[]> | null = null;
  const add = (index: Map<string, number[]>, key: string, appId: number) => {
    index.set(key, [...(index.get(key) ?? []), appId]);
  };
  const loaded = (): Map<string, number[]> => {
    if (byKey === null) {
      const index = new Map<string, number[]>();
      for (const { app, key } of keyedApps(db)) add(index, key, app.id);
      byKey = index;
    }
    return byKey;
  };
  return {
    idOf(name) {
      const exact = findAppByName(db, name);
      if (exact !== null) return exact.id;
      const same = loaded().get(appNameKey(name)) ?? [];
      return same.length === 1 ? same[0]! : null;
    },
    added(appId, name) {
      if (byKey !== null) add(byKey, appNameKey(name), appId);
    },
    removed(appId, name) {
      if (byKey === null) return;
      const key = appNameKey(name);
      const rest = (byKey.get(key) ?? []).filter((id) => id !== appId);
      if (rest.length === 0) byKey.delete(key);
      else byKey.set(key, rest);
    },
  };
}
