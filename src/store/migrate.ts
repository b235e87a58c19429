import type Database from "better-sqlite3";
import { RecollectError } from "../errors/recollect-error.js";
import type { Migration } from "./migration.js";
import { MIGRATIONS_TABLE, RECOLLECT_APPLICATION_ID } from "./store-mark.js";
import { writeTransaction } from "./write-transaction.js";

function userVersion(db: Database.Database): number {
  return Number(db.pragma("user_version", { simple: true }));
}

function newerStoreError(current: number, latest: number): RecollectError {
  return new RecollectError(
    "precondition",
    `The store is at schema version ${current}, newer than this Recollect (${latest}). Upgrade Recollect.`,
  );
}

/** True when the store carries its mark: the application id and the migrations table. */
export function isMarked(db: Database.Database): boolean {
  const id = Number(db.pragma("application_id", { simple: true }));
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(MIGRATIONS_TABLE);
  return id === RECOLLECT_APPLICATION_ID && table !== undefined;
}

/**
 * Marks the database as a Recollect store (`store-mark.ts`): sets the application id and creates
 * the migrations table, recording the steps a store made before the mark already had (time
 * unknown: null). One write transaction; a no-op on a marked store.
 */
export function markStore(db: Database.Database, migrations: readonly Migration[]): void {
  if (isMarked(db)) return;
  writeTransaction(db, () => {
    db.exec(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at INTEGER
    )`);
    const record = db.prepare(
      `INSERT OR IGNORE INTO ${MIGRATIONS_TABLE} (version, name, applied_at) VALUES (?, ?, NULL)`,
    );
    const current = userVersion(db);
    for (const migration of migrations) {
      if (migration.version <= current) record.run(migration.version, migration.name);
    }
    db.pragma(`application_id = ${RECOLLECT_APPLICATION_ID}`);
  })();
}

/**
 * Marks the store ({@link markStore}) and applies every migration whose version is above the
 * database's `user_version`, each in its own write transaction that takes the lock first and
 * re-reads the version inside it, so two processes opening a new store at once apply each step
 * exactly once (the second waits, then finds it done). Each step is recorded in the migrations
 * table. A failing step leaves the database at the previous version. A current store is only
 * read: no write lock is taken. Returns the versions this call applied, in order.
 *
 * @throws RecollectError (`precondition`) when the database is newer than this build knows.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): number[] {
  const latest = migrations.at(-1)?.version ?? 0;
  const current = userVersion(db);
  if (current > latest) throw newerStoreError(current, latest);
  markStore(db, migrations);
  if (current === latest) return [];
  const record = db.prepare(
    `INSERT OR REPLACE INTO ${MIGRATIONS_TABLE} (version, name, applied_at) VALUES (?, ?, ?)`,
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    // `foreign_keys` cannot change inside a transaction: it is switched around it.
    const foreignKeys = db.pragma("foreign_keys", { simple: true }) as number;
    if (migration.rebuildsTables) db.pragma("foreign_keys = OFF");
    let ran: boolean;
    try {
      ran = writeTransaction(db, (): boolean => {
        const now = userVersion(db);
        if (now > latest) throw newerStoreError(now, latest);
        if (migration.version <= now) return false;
        migration.up(db);
        if (migration.rebuildsTables) assertForeignKeysHold(db, migration);
        db.pragma(`user_version = ${migration.version}`);
        record.run(migration.version, migration.name, Date.now());
        return true;
      })();
    } finally {
      if (migration.rebuildsTables) db.pragma(`foreign_keys = ${foreignKeys ? "ON" : "OFF"}`);
    }
    if (ran) applied.push(migration.version);
  }
  return applied;
}

/** Throws (rolling the step back) when a rebuild left a row pointing at nothing. */
function assertForeignKeysHold(db: Database.Database, migration: Migration): void {
  const broken = db.pragma("foreign_key_check") as unknown[];
  if (broken.length > 0) {
    throw new RecollectError(
      "internal",
      `Migration ${migration.version} (${migration.name}) left ${broken.length} broken references.`,
    );
  }
}
