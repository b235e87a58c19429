/**
 * `recollect.matching_messages` (team migration 3): the ids a search ranks, found through the GIN
 * index under the owner's rights, so it must check the caller's grant itself — a member gets the
 * matches of an app granted to them (the current chat left out, at most `max_rows`), a member
 * without the grant gets none, and a role that is no member at all gets none either.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../test/postgres-cluster.js";
import { describeRequiring } from "../test/require-resource.js";
import { indexTokens, quoteLexeme } from "./index-terms.js";
import { contractHistory } from "./testing/contract-history.js";
import { createTeamFixture, type TeamFixture } from "./testing/team-fixture.js";

describeRequiring([POSTGRESQL], "matching_messages on a real PostgreSQL", () => {
  let cluster: PostgresCluster;
  let team: TeamFixture;
  let shopId = 0;
  const history = contractHistory();
  /** "passkeys", as stored: two chats of Shop hold it, one of Other. */
  const PASSKEYS = quoteLexeme(indexTokens("passkeys")[0] ?? "");

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    team = await createTeamFixture(cluster, "matching");
    await team.grant("Shop", "alice");
    await team.grant("Other", "alice");
    await team.grant("Other", "carol");
    await team.push("alice", history.fixture.store, "laptop");
    shopId = (await (await team.portFor("alice")).resolveApp("Shop")).id;
  }, 60_000);
  afterAll(async () => {
    await team?.close();
    cluster?.stop();
    history.fixture.store.close();
  });

  /** The ids `member` gets for `query` in Shop, leaving out `exceptChat`, at most `max`. */
  async function idsAs(
    member: string,
    query: string,
    exceptChat: number | null = null,
    max: number | null = null,
  ): Promise<number[]> {
    const pool = new pg.Pool({ connectionString: team.urlOf(member) });
    try {
      const rows = await pool.query<{ id: string }>(
        "SELECT recollect.matching_messages($1, $2::tsquery, $3, $4) AS id ORDER BY 1",
        [shopId, query, exceptChat, max],
      );
      return rows.rows.map((row) => Number(row.id));
    } finally {
      await pool.end();
    }
  }

  it("returns a granted member the app's matching messages, bounded, the current chat left out", async () => {
    const expected = await team.admin.pool.query<{ id: string; chat_id: string }>(
      "SELECT id, chat_id FROM recollect.messages WHERE app_id = $1 AND terms @@ $2::tsquery ORDER BY id",
      [shopId, PASSKEYS],
    );
    const all = expected.rows.map((row) => Number(row.id));
    expect(all.length).toBeGreaterThan(1);
    expect(await idsAs("alice", PASSKEYS)).toEqual(all);
    expect(await idsAs("alice", PASSKEYS, null, 1)).toHaveLength(1);
    const current = Number(expected.rows[0]?.chat_id);
    expect(await idsAs("alice", PASSKEYS, current)).toEqual(
      expected.rows.filter((row) => Number(row.chat_id) !== current).map((row) => Number(row.id)),
    );
  });

  it("returns nothing to a member without the grant, nor to a role that is no member", async () => {
    expect(await idsAs("carol", PASSKEYS)).toEqual([]);
    await team.admin.pool.query("CREATE ROLE mallory LOGIN IN ROLE recollect_member");
    expect(await idsAs("mallory", PASSKEYS)).toEqual([]);
  });
});
