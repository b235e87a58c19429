import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../test/postgres-cluster.js";
import { describeRequiring } from "../test/require-resource.js";
import { migrateTeamStore } from "./migrate-team-store.js";
import { TEAM_MIGRATIONS } from "./schema/index.js";

describeRequiring([POSTGRESQL], "team store migrations on a real PostgreSQL", () => {
  let cluster: PostgresCluster;
  let pool: pg.Pool;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    pool = new pg.Pool({ connectionString: await cluster.createDatabase("team") });
  });
  afterAll(async () => {
    await pool?.end();
    cluster?.stop();
  });

  it("applies every migration once, in order, and nothing on a second run", async () => {
    const first = await migrateTeamStore(pool);
    expect(first.applied).toEqual(TEAM_MIGRATIONS.map((m) => m.version));
    const again = await migrateTeamStore(pool);
    expect(again).toEqual({ applied: [], version: TEAM_MIGRATIONS.length });
    const recorded = await pool.query(
      "SELECT version, name FROM recollect.schema_migrations ORDER BY version",
    );
    expect(recorded.rows).toEqual(
      TEAM_MIGRATIONS.map((m) => ({ version: m.version, name: m.name })),
    );
  });

  it("enables row level security on every history table", async () => {
    const rows = await pool.query<{ relname: string; relrowsecurity: boolean }>(
      `SELECT c.relname, c.relrowsecurity FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'recollect' AND c.relkind = 'r' AND c.relname <> 'schema_migrations' ORDER BY 1`,
    );
    expect(rows.rows.map((r) => [r.relname, r.relrowsecurity])).toEqual([
      ["app_members", true],
      ["app_stats", true],
      ["apps", true],
      ["chats", true],
      ["members", true],
      ["messages", true],
      ["term_stats", true],
    ]);
  });

  it("runs concurrently from two connections without applying a migration twice", async () => {
    const other = await cluster.createDatabase("team2");
    const a = new pg.Pool({ connectionString: other });
    const b = new pg.Pool({ connectionString: other });
    try {
      const [ra, rb] = await Promise.all([migrateTeamStore(a), migrateTeamStore(b)]);
      expect([...ra.applied, ...rb.applied].sort()).toEqual(TEAM_MIGRATIONS.map((m) => m.version));
    } finally {
      await a.end();
      await b.end();
    }
  });
});
