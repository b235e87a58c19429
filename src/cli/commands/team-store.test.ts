/**
 * The CLI on a team store (issue 32): `server init|grant|revoke`, `push --to`, and `--store
 * postgres://…` on search, read, apps, chats and explore, against a throwaway PostgreSQL; a bad or
 * unreachable URL is a classified error that never prints the password.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { contractHistory, PRIVATE_WORD } from "../../team/testing/contract-history.js";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../../test/postgres-cluster.js";
import { describeRequiring } from "../../test/require-resource.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

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
    expect([first.code, JSON.parse(first.stdout)]).toEqual([0, { applied: [1, 2], version: 2 }]);
    const again = await runCaptured(["--store", admin, "server", "init"]);
    expect([again.code, again.stdout]).toEqual([
      0,
      "The team store is up to date (schema version 2).\n",
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
    ).toEqual([["Shop", 4, 7]]);
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

  it("refuses to serve a team store in the web app (its links open local chats)", async () => {
    const serve = await recollect(["--store", alice, "serve", "--port", "0"]);
    expect(serve.code).toBe(4);
    expect(serve.stderr).toContain("recollect serve shows and writes the local store only");
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
