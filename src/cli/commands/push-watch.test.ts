/**
 * `recollect push --watch` as a real child process against a real PostgreSQL (issue 32): it
 * pushes at once, pushes a chat committed to the local store later (as a sync would) without
 * being asked, keeps running through a server that went away (retrying with a stated wait), and
 * Ctrl-C stops it with exit 130.
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { contractHistory } from "../../team/testing/contract-history.js";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../../test/postgres-cluster.js";
import { describeRequiring } from "../../test/require-resource.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { startRecollectChild } from "./testing/run-child.js";

/** Resolves once `read()` satisfies `done`, polling; rejects after `timeoutMs`. */
async function waitFor(read: () => string, done: (text: string) => boolean, timeoutMs = 30_000) {
  const start = Date.now();
  while (!done(read())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out; saw: ${read()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The JSON lines printed so far. */
const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { apps: { name: string; chatsPushed: number }[] });

describeRequiring([POSTGRESQL], "recollect push --watch (a real child process)", () => {
  const stores = createTempStores();
  let cluster: PostgresCluster;
  let alice = "";
  let db = "";
  // The test stops the server itself; stopping it twice would fail.
  let serverStopped = false;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const admin = await cluster.createDatabase("watch");
    alice = cluster.url("watch", "alice");
    db = stores.path();
    const { fixture } = contractHistory();
    fixture.store.db.exec(`VACUUM INTO '${db.replaceAll("'", "''")}'`);
    fixture.store.close();
    expect((await runCaptured(["--store", admin, "server", "init"])).code).toBe(0);
    expect((await runCaptured(["--store", admin, "server", "grant", "Shop", "alice"])).code).toBe(
      0,
    );
  }, 60_000);
  afterAll(() => {
    if (!serverStopped) cluster?.stop();
    stores.cleanup();
  });

  it("pushes what sync commits, outlives the server, and stops on Ctrl-C", async () => {
    const child = startRecollectChild(
      [
        "--db",
        db,
        "--json",
        "push",
        "--to",
        alice,
        "--app",
        "Shop",
        "--machine",
        "laptop",
        "--watch",
      ],
      { timeoutMs: 90_000 },
    );
    try {
      await waitFor(child.stdout, (out) => jsonLines(out).length === 1);
      expect(jsonLines(child.stdout())[0]?.apps.map((a) => [a.name, a.chatsPushed])).toEqual([
        ["Shop", 4],
      ]);
      // Another connection commits a chat, as `sync` would: the watch pushes it on its own.
      const writer = new Database(db);
      const chat = writer
        .prepare(
          "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES ((SELECT id FROM apps WHERE name = 'Shop'), 'Release plan', 0, 'test', 'later')",
        )
        .run().lastInsertRowid;
      writer
        .prepare(
          "INSERT INTO messages (chat_id, role, content, is_compaction_summary, created_at) VALUES (?, 'user', 'We ship on Tuesdays.', 0, 0)",
        )
        .run(chat);
      writer.close();
      await waitFor(child.stdout, (out) => jsonLines(out).length === 2);
      expect(jsonLines(child.stdout())[1]?.apps.map((a) => [a.name, a.chatsPushed])).toEqual([
        ["Shop", 1],
      ]);
      // The server goes away: the next push fails, says when it retries, and the watch goes on.
      cluster.stop();
      serverStopped = true;
      const writer2 = new Database(db);
      writer2.prepare("UPDATE chats SET title = 'Release plan v2' WHERE id = ?").run(chat);
      writer2.close();
      await waitFor(child.stderr, (err) => /Retrying in 2 s\./.test(err));
      expect(child.stderr()).toContain("cannot be reached");
      expect(child.child.exitCode).toBe(null);
    } finally {
      child.child.kill("SIGINT");
    }
    const exit = await child.exited;
    expect(exit.code).toBe(130);
  }, 90_000);
});
