/**
 * Who may add a message (team migrations 2 and 4): row level security lets a member insert a
 * message only into a chat of their own, in the message's app, of an app granted to them — checked
 * here directly in SQL, as a member could try it without Recollect.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../test/postgres-cluster.js";
import { describeRequiring } from "../test/require-resource.js";
import { contractHistory } from "./testing/contract-history.js";
import { createTeamFixture, type TeamFixture } from "./testing/team-fixture.js";

describeRequiring([POSTGRESQL], "the message insert policy on a real PostgreSQL", () => {
  let cluster: PostgresCluster;
  let team: TeamFixture;
  const alice = contractHistory();
  const bob = contractHistory();

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    team = await createTeamFixture(cluster, "policy");
    for (const member of ["alice", "bob"]) {
      await team.grant("Shop", member);
      await team.grant("Other", member);
    }
    await team.push("alice", alice.fixture.store, "laptop");
    await team.push("bob", bob.fixture.store, "desk");
  }, 60_000);
  afterAll(async () => {
    await team?.close();
    cluster?.stop();
    alice.fixture.store.close();
    bob.fixture.store.close();
  });

  /** A chat of `member` in app `app` (admin's view): its id and its app's id. */
  async function chatOf(member: string, app: string): Promise<{ id: number; appId: number }> {
    const rows = await team.admin.pool.query<{ id: string; app_id: string }>(
      `SELECT c.id, c.app_id FROM recollect.chats c JOIN recollect.apps a ON a.id = c.app_id
        WHERE c.member = $1 AND a.name = $2 ORDER BY c.id LIMIT 1`,
      [member, app],
    );
    return { id: Number(rows.rows[0]?.id), appId: Number(rows.rows[0]?.app_id) };
  }

  /** Inserts one message as `member`; the PostgreSQL error code, or "ok". */
  async function insertAs(member: string, chatId: number, appId: number): Promise<string> {
    const client = new pg.Client({ connectionString: team.urlOf(member) });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO recollect.messages (app_id, chat_id, origin_message_id, role, created_at,
           is_compaction_summary, search_text, search_truncated, read_text, read_truncated,
           terms, doc_length, digest)
         VALUES ($1, $2, 999999, 'user', 0, false, '', false, '', false, '', 2, 'x')`,
        [appId, chatId],
      );
      return "ok";
    } catch (error) {
      return String((error as { code?: unknown }).code);
    } finally {
      await client.end();
    }
  }

  it("lets a member add a message to their own chat", async () => {
    const own = await chatOf("alice", "Shop");
    expect(await insertAs("alice", own.id, own.appId)).toBe("ok");
  });

  it("refuses a message in another member's chat, or under another app than its chat's", async () => {
    const bobs = await chatOf("bob", "Shop");
    expect(await insertAs("alice", bobs.id, bobs.appId)).toBe("42501");
    const own = await chatOf("alice", "Shop");
    const other = await chatOf("alice", "Other");
    expect(await insertAs("alice", own.id, other.appId)).toBe("42501");
  });

  it("refuses a message in an app no longer granted", async () => {
    const own = await chatOf("bob", "Other");
    await team.revoke("Other", "bob");
    expect(await insertAs("bob", own.id, own.appId)).toBe("42501");
  });
});
