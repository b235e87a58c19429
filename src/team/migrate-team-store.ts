/**
 * Brings a team store's schema up to date (issue 32): each migration of `schema/` not yet in
 * `recollect.schema_migrations` runs in its own transaction, in order, under an advisory lock so
 * two `server init` runs never apply one twice. Idempotent.
 */
import type pg from "pg";
import { TEAM_MIGRATIONS, type TeamMigration } from "./schema/index.js";

/** Serialises migrations across processes (an arbitrary constant key). */
const MIGRATION_LOCK = 0x7265_636f;

/** What {@link migrateTeamStore} did: the versions it applied (empty when already current). */
export interface TeamMigrationResult {
  readonly applied: readonly number[];
  readonly version: number;
}

/**
 * Applies the migrations `pool`'s role has not applied yet (default: all of {@link TEAM_MIGRATIONS}).
 * The role needs to own the schema (an administrator's). Rethrows PostgreSQL's error as it is; the
 * caller classifies it.
 */
export async function migrateTeamStore(
  pool: pg.Pool,
  migrations: readonly TeamMigration[] = TEAM_MIGRATIONS,
): Promise<TeamMigrationResult> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query("CREATE SCHEMA IF NOT EXISTS recollect");
    await client.query(
      `CREATE TABLE IF NOT EXISTS recollect.schema_migrations (
         version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    await client.query("REVOKE ALL ON recollect.schema_migrations FROM PUBLIC");
    const done = new Set(
      (
        await client.query<{ version: number }>("SELECT version FROM recollect.schema_migrations")
      ).rows.map((row) => row.version),
    );
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query(
          "INSERT INTO recollect.schema_migrations (version, name) VALUES ($1, $2)",
          [migration.version, migration.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
      applied.push(migration.version);
    }
    const version = Math.max(0, ...done, ...applied);
    return { applied, version };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
