import type Database from "better-sqlite3";
import { RecollectError } from "../errors/recollect-error.js";
import type { Migration } from "./migration.js";

/**
 * Applies every migration whose version is above the database's `user_version`, each in its own
 * transaction (a failing step leaves the database at the previous version). Returns the versions
 * applied, in order.
 *
 * @throws RecollectError (`precondition`) when the database is newer than this build knows.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): number[] {
  const current = db.pragma("user_version", { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new RecollectError(
      "precondition",
      `The store is at schema version ${current}, newer than this Recollect (${latest}). Upgrade Recollect.`,
    );
  }
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
