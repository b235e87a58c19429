/**
 * Several `recollect` processes on one store, as real child processes: concurrent imports wait
 * for each other instead of failing, and a writer that waits too long gets the classified
 * store-busy error (exit 9) with nothing written.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** A generic-JSONL history of `messages` messages in chats of 50, app `app`. */
function writeHistory(path: string, app: string, messages: number): void {
  const lines: string[] = [];
  for (let n = 0; n < messages; n += 1) {
    lines.push(
      JSON.stringify({
        app,
        chat: `chat-${Math.floor(n / 50)}`,
        role: n % 2 === 0 ? "user" : "assistant",
        content: `message ${n} of ${app}: the queue, the deploy and the schema ${"filler ".repeat(30)}`,
        created_at: 1_700_000_000_000 + n,
      }),
    );
  }
  writeFileSync(path, `${lines.join("\n")}\n`);
}

describe("concurrent processes on one store", () => {
  it("three imports at once (same and different files) all succeed and lose nothing", async () => {
    const db = stores.path();
    const first = join(dirname(db), "alpha.jsonl");
    const second = join(dirname(db), "beta.jsonl");
    writeHistory(first, "alpha", 1_500);
    writeHistory(second, "beta", 1_500);
    const runs = await Promise.all([
      runRecollectChild(["--db", db, "import", first]),
      runRecollectChild(["--db", db, "import", first]),
      runRecollectChild(["--db", db, "import", second]),
    ]);
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0]);
    expect(runs.map((run) => run.stderr).join("")).not.toMatch(/locked|Internal error/);
    using store = openStore({ path: db });
    const count = (sql: string) => store.db.prepare(sql).pluck().get();
    expect(count("SELECT count(*) FROM messages")).toBe(3_000);
    expect(count("SELECT count(*) FROM chats")).toBe(60);
    expect(count("SELECT count(*) FROM history_dirty_messages")).toBe(0);
    expect(count("SELECT count(*) FROM history_fts_docsize")).toBe(3_000);
  });

  it("a writer kept waiting past its busy timeout exits 9 with one classified line, writing nothing", async () => {
    const db = stores.path();
    openStore({ path: db }).close();
    const file = join(dirname(db), "gamma.jsonl");
    writeHistory(file, "gamma", 10);
    const holder = new Database(db);
    holder.exec("BEGIN IMMEDIATE");
    try {
      const started = Date.now();
      const run = await runRecollectChild(["--db", db, "import", file], {
        env: { RECOLLECT_BUSY_TIMEOUT_MS: "400" },
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(run.code).toBe(9);
      expect(run.stderr).toBe(
        "recollect: The store is busy: another Recollect process kept it locked for too long. Nothing was written; try again.\n",
      );
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
    using store = openStore({ path: db });
    expect(store.db.prepare("SELECT count(*) FROM messages").pluck().get()).toBe(0);
  });

  it("a RECOLLECT_BUSY_TIMEOUT_MS that is no integer from 0 to 600000 is refused (exit 4), nothing created", async () => {
    const dir = dirname(stores.path());
    const db = join(dir, "new", "store.db");
    const file = join(dir, "history.jsonl");
    writeHistory(file, "shop", 2);
    const runs = await Promise.all(
      ["abc", "-1", "1.5", "600001", "99999999999"].map((value) =>
        runRecollectChild(["--json", "--db", db, "import", file], {
          env: { RECOLLECT_BUSY_TIMEOUT_MS: value },
        }),
      ),
    );
    for (const run of runs) {
      expect([run.code, run.stdout]).toEqual([4, ""]);
      expect(JSON.parse(run.stderr).error).toMatchObject({
        kind: "precondition",
        exit_code: 4,
        setting: "RECOLLECT_BUSY_TIMEOUT_MS",
        allowed: "an integer number of milliseconds from 0 to 600000",
      });
    }
    expect(readdirSync(dir)).toEqual(["history.jsonl"]);
    const edge = await runRecollectChild(["--db", db, "import", file], {
      env: { RECOLLECT_BUSY_TIMEOUT_MS: "600000" },
    });
    expect(edge.code).toBe(0);
  }, 60_000);
});
