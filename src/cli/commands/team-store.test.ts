/**
 * The CLI on a team store (issue 32): `server init|grant|revoke`, `push --to`, and `--store
 * postgres://…` on search, read, apps, chats, explore and serve, against a throwaway PostgreSQL; a bad or
 * unreachable URL is a classified error that never prints the password.
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { contractHistory, PRIVATE_WORD } from "../../team/testing/contract-history.js";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../../test/postgres-cluster.js";
import { describeRequiring } from "../../test/require-resource.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { startRecollectChild } from "./testing/run-child.js";

describeRequiring([POSTGRESQL], "recollect on a team store", () => {
  const stores = createTempStores();
  let cluster: PostgresCluster;
  let admin = "";
  let alice = "";
  let db = "";
  const recollect = (args: readonly string[]) => runCaptured(["--db", db, ...args]);

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    admin = await cluster.createDatabase("team");
    alice = cluster.url("team", "alice");
    db = stores.path();
    const { fixture } = contractHistory();
    fixture.store.db.exec(`VACUUM INTO '${db.replaceAll("'", "''")}'`);
    fixture.store.close();
    expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
  });
  afterAll(() => {
    cluster?.stop();
    stores.cleanup();
  });

  it("sets the store up once, then says it is up to date", async () => {
    const first = await runCaptured(["--store", admin, "server", "init", "--json"]);
    expect([first.code, JSON.parse(first.stdout)]).toEqual([
      0,
      { applied: [1, 2, 3, 4], version: 4 },
    ]);
    const again = await runCaptured(["--store", admin, "server", "init"]);
    expect([again.code, again.stdout]).toEqual([
      0,
      "The team store is up to date (schema version 4).\n",
    ]);
  });

  it("grants, pushes as the member, and pushes nothing new the second time", async () => {
    expect((await runCaptured(["--store", admin, "server", "grant", "Shop", "alice"])).code).toBe(
      0,
    );
    const push = await recollect([
      "push",
      "--to",
      alice,
      "--app",
      "Shop",
      "--machine",
      "laptop",
      "--json",
    ]);
    expect(push.code).toBe(0);
    const result = JSON.parse(push.stdout);
    expect(result.member).toBe("alice");
    expect(
      result.apps.map((a: { name: string; chatsPushed: number; messagesInserted: number }) => [
        a.name,
        a.chatsPushed,
        a.messagesInserted,
      ]),
    ).toEqual([["Shop", 4, 8]]);
    const again = JSON.parse(
      (await recollect(["push", "--to", alice, "--app", "Shop", "--machine", "laptop", "--json"]))
        .stdout,
    );
    expect([again.apps[0].chatsPushed, again.apps[0].chatsUnchanged]).toEqual([0, 4]);
  });

  it("searches, reads, lists and explores the team store with --store", async () => {
    const search = await recollect([
      "--store",
      alice,
      "search",
      "--app",
      "Shop",
      "passkeys",
      "--json",
    ]);
    expect(search.code).toBe(0);
    const found = JSON.parse(search.stdout);
    expect(found.chats.map((c: { chat_title: string }) => c.chat_title)).toEqual([
      "Login design",
      "Payments",
    ]);
    const chatId = found.chats[0].chat_id;
    const read = await recollect([
      "--store",
      alice,
      "read",
      "--app",
      "Shop",
      "--chat",
      String(chatId),
      "--json",
    ]);
    expect(JSON.parse(read.stdout).messages.length).toBe(3);
    const apps = await recollect(["--store", alice, "apps", "--json"]);
    expect(JSON.parse(apps.stdout).map((a: { name: string }) => a.name)).toEqual(["Shop"]);
    const chats = await recollect(["--store", alice, "chats", "--app", "Shop", "--json"]);
    expect(JSON.parse(chats.stdout).length).toBe(4);
    const explore = await recollect([
      "--store",
      alice,
      "explore",
      "--app",
      "Shop",
      "What did we decide for authentication?",
      "--json",
    ]);
    // Complete (0) or, when the offline engine's confidence in this small chat is low, partial
    // with weak_evidence (11): either way the team store's chat is found and cited.
    const report = JSON.parse(explore.stdout);
    expect([explore.code, report.outcome, report.partial_reason]).toEqual(
      report.outcome === "complete" ? [0, "complete", undefined] : [11, "partial", "weak_evidence"],
    );
    expect(report.findings.length).toBeGreaterThan(0);
    const secret = await recollect([
      "--store",
      alice,
      "search",
      "--app",
      "Shop",
      PRIVATE_WORD,
      "--json",
    ]);
    expect(JSON.parse(secret.stdout).chats).toEqual([]);
  });

  it("says not found for an app not granted, exactly as for one that does not exist", async () => {
    const other = await recollect(["--store", alice, "search", "--app", "Other", "passkeys"]);
    const missing = await recollect(["--store", alice, "search", "--app", "Nowhere", "passkeys"]);
    expect([other.code, missing.code]).toEqual([3, 3]);
    expect(other.stderr.replace("Other", "X")).toBe(missing.stderr.replace("Nowhere", "X"));
  });

  it("serves the web app over the team store, the person's chats staying local", async () => {
    const serve = startRecollectChild([
      "--db",
      db,
      "--store",
      alice,
      "serve",
      "--port",
      "0",
      "--no-build",
      "--json",
    ]);
    try {
      await vi.waitFor(() => expect(serve.stdout()).toContain('"url"'), { timeout: 20_000 });
      const { port } = JSON.parse(serve.stdout()) as { port: number };
      const apps = (await (await fetch(`http://127.0.0.1:${port}/api/apps`)).json()) as {
        apps: { id: number; name: string }[];
        historyStore: string;
      };
      expect(apps.historyStore).toBe("team");
      const shop = apps.apps.find((app) => app.name === "Shop")?.id;
      const login = JSON.parse(
        (await recollect(["--store", alice, "search", "--app", "Shop", "passkeys", "--json"]))
          .stdout,
      ).chats[0];
      const opened = await fetch(
        `http://127.0.0.1:${port}/api/apps/${shop}/chats/${login.chat_id}/messages?message=${login.matches[0].message_id}&store=team`,
      );
      expect(opened.status).toBe(200);
      expect(((await opened.json()) as { chat: { title: string } }).chat.title).toBe(
        "Login design",
      );
    } finally {
      serve.child.kill("SIGINT");
    }
    expect((await serve.exited).code).toBe(130);
  });

  it("refuses a bad URL (exit 2) and an unreachable server (exit 4) without printing the password", async () => {
    const bad = await recollect(["--store", "postgres://alice:sekrit@localhost", "apps"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--store");
    const gone = await recollect([
      "--store",
      "postgres://alice:sekrit@localhost/team?host=/nonexistent-socket-folder",
      "apps",
    ]);
    expect(gone.code).toBe(4);
    expect(gone.stderr).toContain("cannot be reached");
    for (const run of [bad, gone]) expect(run.stderr + run.stdout).not.toContain("sekrit");
  });
});
