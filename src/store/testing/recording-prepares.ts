/**
 * A test's view of the SQL a piece of code prepares on a real store: what a count of statements
 * (not of milliseconds) is asserted on, so a regression to a scan per row shows without timing.
 */
import type Database from "better-sqlite3";

/** A database handle that records every SQL text prepared through it, and the record. */
export interface RecordingPrepares {
  /** `db` itself for every use; only `prepare` is observed. */
  readonly db: Database.Database;
  /** Every SQL text prepared through {@link RecordingPrepares.db}, in order. */
  readonly prepared: readonly string[];
}

/** Wraps `db` so that each `prepare(sql)` is recorded before it runs on `db`. */
export function recordingPrepares(db: Database.Database): RecordingPrepares {
  const prepared: string[] = [];
  const recording = new Proxy(db, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          prepared.push(sql);
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, property, target);
      // Methods run on the real handle: better-sqlite3 checks `this` natively.
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: recording, prepared };
}

/** True for the statement that reads every app's name (`catalog/app-lookup.ts` `keyedApps`). */
export function readsEveryApp(sql: string): boolean {
  return /FROM apps ORDER BY name/.test(sql);
}
