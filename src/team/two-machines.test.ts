/**
 * Two machines, one team store (issue 32): two local stores push the same app into one real
 * PostgreSQL; the app holds both members' chats with provenance; a member without the grant gets
 * NotFound for every id of it through search, read, explore and MCP; a `<private>` span pushed
 * from a machine is absent from every server table; re-pushes are incremental, a deleted chat is
 * tombstoned, and a push stopped after any batch converges to a clean push.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createExplorerEngine } from "../agent/explorer-engine.js";
import { exploreApp } from "../agent/tools/explore-chat-history/explore-app.js";
import { runRecollectChild } from "../cli/commands/testing/run-child.js";
import { createIndexer, type HistoryPort } from "../history/index.js";
import { createHistoryFixture, type HistoryFixture } from "../history/testing/history-fixture.js";
import { spawnMcpClient } from "../mcp/testing/spawn-mcp-client.js";
import { settingsStoreForStorePath } from "../settings/index.js";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../test/postgres-cluster.js";
import { describeRequiring } from "../test/require-resource.js";
import { contractHistory, PRIVATE_WORD } from "./testing/contract-history.js";
import { kindOf } from "./testing/kind-of.js";
import { createTeamFixture, type TeamFixture } from "./testing/team-fixture.js";

/** Bob's machine: the same app under a name that differs only in case, one chat of his own. */
function bobsHistory(): HistoryFixture {
  const fixture = createHistoryFixture();
  const shop = fixture.app("shop");
  const chat = fixture.chat(shop, "Deploys", Date.UTC(2026, 3, 1));
  fixture.message(chat, "user", "We deploy with blue green releases, never on Fridays.", {
    createdAt: Date.UTC(2026, 3, 1, 9),
  });
  const indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
  while (indexer.drainOnce() > 0) {}
  return fixture;
}

/** Counts and a checksum of what a member pushed from a machine (admin's view). */
async function pushedState(team: TeamFixture, member: string): Promise<string> {
  const rows = await team.admin.pool.query<{ state: string }>(
    `SELECT count(*) || ':' || md5(coalesce(string_agg(c.origin_chat_id || '/' || c.fingerprint || '/' ||
              coalesce(c.deleted_at IS NULL, false) || '/' || coalesce(m.origin_message_id::text, '-') || '/' ||
              coalesce(m.digest, '-'), ',' ORDER BY c.origin_chat_id, m.origin_message_id), '')) AS state
       FROM recollect.chats c LEFT JOIN recollect.messages m ON m.chat_id = c.id WHERE c.member = $1`,
    [member],
  );
  return rows.rows[0]?.state ?? "";
}

describeRequiring([POSTGRESQL], "two machines pushing into one team store", () => {
  let cluster: PostgresCluster;
  let team: TeamFixture;
  let alice: HistoryFixture;
  let bob: HistoryFixture;
  let shopId = 0;
  const folder = mkdtempSync(join(tmpdir(), "recollect-team-"));

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    team = await createTeamFixture(cluster, "team");
    await team.grant("Shop", "alice");
    await team.grant("Other", "alice");
    await team.grant("Shop", "bob");
    await team.grant("Other", "carol");
    alice = contractHistory().fixture;
    bob = bobsHistory();
    await team.push("alice", alice.store, "laptop");
    await team.push("bob", bob.store, "desk");
    shopId = (await (await team.portFor("alice")).resolveApp("Shop")).id;
  }, 60_000);
  afterAll(async () => {
    await team?.close();
    cluster?.stop();
    alice?.store.close();
    bob?.store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("lands both machines' chats in one app with member, machine and source on each", async () => {
    const rows = await team.admin.pool.query(
      `SELECT a.name AS app, c.member, c.machine, c.source, c.title FROM recollect.chats c
         JOIN recollect.apps a ON a.id = c.app_id WHERE a.id = $1 ORDER BY c.title`,
      [shopId],
    );
    expect(rows.rows).toEqual([
      { app: "Shop", member: "bob", machine: "desk", source: "test", title: "Deploys" },
      { app: "Shop", member: "alice", machine: "laptop", source: "test", title: "Login design" },
      { app: "Shop", member: "alice", machine: "laptop", source: "test", title: "Payments" },
      { app: "Shop", member: "alice", machine: "laptop", source: "test", title: "Staging" },
      { app: "Shop", member: "alice", machine: "laptop", source: "test", title: "认证方案" },
    ]);
    const port = await team.portFor("alice");
    const found = await port.searchChats(
      { appId: shopId, currentChatId: null, currentMessageId: null },
      { query: "blue green deploy" },
    );
    expect(found.chats.map((chat) => chat.chat_title)).toEqual(["Deploys"]);
  });

  it("gives a member without the grant NotFound for every id of the app", async () => {
    const carol: HistoryPort = await team.portFor("carol");
    expect(await kindOf(carol.resolveApp("Shop"))).toBe("not_found");
    expect((await carol.listApps()).map((app) => app.name)).toEqual(["Other"]);
    const scope = { appId: shopId, currentChatId: null, currentMessageId: null };
    expect((await carol.searchChats(scope, { query: "passkeys" })).chats).toEqual([]);
    const ids = await team.admin.pool.query<{ chat_id: string; id: string }>(
      "SELECT chat_id, id FROM recollect.messages WHERE app_id = $1",
      [shopId],
    );
    for (const row of ids.rows) {
      expect(await kindOf(carol.readChat(scope, { chat_id: Number(row.chat_id) }))).toBe(
        "not_found",
      );
      expect(
        await kindOf(
          carol.readChat(scope, {
            chat_id: Number(row.chat_id),
            around_message_id: Number(row.id),
          }),
        ),
      ).toBe("not_found");
    }
    expect((await carol.locateMessages(ids.rows.map((row) => Number(row.id)))).size).toBe(0);
    expect(
      await kindOf(
        exploreApp({
          store: carol,
          appName: "Shop",
          query: "What did we decide for authentication?",
          engine: createExplorerEngine({ kind: "offline" }),
          isPro: true,
          signal: new AbortController().signal,
        }),
      ),
    ).toBe("not_found");
  });

  it("refuses the app over MCP to a member without the grant, and serves it to one with it", async () => {
    const local = join(folder, "carol.db");
    settingsStoreForStorePath(local).update(() => ({ entitlement: "pro" }));
    const refused = await runRecollectChild([
      "--db",
      local,
      "--store",
      team.urlOf("carol"),
      "mcp",
      "--app",
      "Shop",
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('App "Shop" was not found');
    await using server = await spawnMcpClient({
      storePath: local,
      args: ["--app", "Shop"],
      env: { RECOLLECT_STORE: team.urlOf("alice") },
    });
    const chat = (await team.portFor("alice")).listChats(shopId);
    const deploys = (await chat).find((c) => c.title === "Deploys")?.id ?? 0;
    const read = (await server.client.callTool({
      name: "read_chat",
      arguments: { chat_id: deploys },
    })) as { content: { text: string }[] };
    const body = JSON.parse(read.content[0]?.text ?? "{}") as { messages: { content: string }[] };
    expect(body.messages[0]?.content).toBe("We deploy with blue green releases, never on Fridays.");
  }, 90_000);

  it("keeps a <private> span out of every server table", async () => {
    const dump = await team.admin.pool.query<{ text: string }>(
      `SELECT concat_ws(' ', (SELECT string_agg(m::text, ' ') FROM recollect.messages m),
                             (SELECT string_agg(c::text, ' ') FROM recollect.chats c),
                             (SELECT string_agg(t::text, ' ') FROM recollect.term_stats t),
                             (SELECT string_agg(a::text, ' ') FROM recollect.apps a)) AS text`,
    );
    const text = dump.rows[0]?.text ?? "";
    expect(text).toContain("reset nightly");
    expect(text).not.toContain(PRIVATE_WORD);
    expect(text).not.toContain(PRIVATE_WORD.slice(0, 12));
  });

  it("re-pushes nothing unchanged, updates a rewritten chat and tombstones a deleted one", async () => {
    const again = await team.push("alice", alice.store, "laptop");
    expect(again.apps.map((a) => [a.name, a.chatsPushed, a.chatsUnchanged])).toEqual([
      ["Other", 0, 1],
      ["Shop", 0, 4],
    ]);
    const login = alice.store.db
      .prepare("SELECT id FROM chats WHERE title = 'Login design'")
      .pluck()
      .get() as number;
    alice.message(login, "user", "Later: hardware keys are allowed as a second passkey.", {
      createdAt: Date.UTC(2026, 0, 6),
    });
    alice.store.db.prepare("DELETE FROM chats WHERE title = 'Payments'").run();
    const changed = await team.push("alice", alice.store, "laptop", { appId: 1 });
    expect(
      changed.apps.map((a) => [
        a.chatsPushed,
        a.messagesInserted,
        a.chatsTombstoned,
        a.messagesRemoved,
      ]),
    ).toEqual([[1, 1, 1, 2]]);
    const port = await team.portFor("alice");
    const scope = { appId: shopId, currentChatId: null, currentMessageId: null };
    expect((await port.searchChats(scope, { query: "Stripe" })).chats).toEqual([]);
    expect(
      (await port.searchChats(scope, { query: "hardware" })).chats.map((c) => c.chat_title),
    ).toEqual(["Login design"]);
  });

  it("converges after a push stopped after any batch to what a clean push leaves", async () => {
    const clean = await createTeamFixture(cluster, "clean");
    const resumed = await createTeamFixture(cluster, "resumed");
    try {
      for (const fixture of [clean, resumed]) {
        await fixture.grant("Shop", "alice");
        await fixture.grant("Other", "alice");
      }
      await clean.push("alice", alice.store, "laptop");
      for (let stopAfter = 1; stopAfter <= 4; stopAfter += 1) {
        const controller = new AbortController();
        let batches = 0;
        const stopped = resumed.push("alice", alice.store, "laptop", {
          batchMessages: 1,
          signal: controller.signal,
          onBatch: () => {
            batches += 1;
            if (batches >= stopAfter) controller.abort();
          },
        });
        expect(await kindOf(stopped)).toMatch(/aborted|resolved/);
      }
      await resumed.push("alice", alice.store, "laptop");
      expect(await pushedState(resumed, "alice")).toBe(await pushedState(clean, "alice"));
      const stats = `SELECT a.name, s.docs, s.total_length FROM recollect.app_stats s JOIN recollect.apps a ON a.id = s.app_id ORDER BY a.name`;
      expect((await resumed.admin.pool.query(stats)).rows).toEqual(
        (await clean.admin.pool.query(stats)).rows,
      );
    } finally {
      await clean.close();
      await resumed.close();
    }
  });
});
