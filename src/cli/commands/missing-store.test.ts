/**
 * A `--db` path with no store behind it, as real child processes: commands that only read say
 * there is no store there (`not_found`, exit 3, naming `--db`) and create nothing — not the file,
 * not its folder, nothing beside it; commands that write create the store as before.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());
/** A fresh empty temp folder. */
const tempDir = () => dirname(stores.path());

/** Every command that only reads the store, with arguments that would otherwise be valid. */
const READ_ONLY_COMMANDS: readonly (readonly string[])[] = [
  ["apps"],
  ["chats", "--app", "shop"],
  ["sources"],
  ["index", "status"],
  ["search", "--app", "shop", "checkout"],
  ["read", "--app", "shop", "--chat", "1"],
  ["explore", "--app", "shop", "what did we decide?"],
  ["chat", "--app", "shop"],
  ["mcp", "--app", "shop"],
];

describe("a --db path with no store", () => {
  it("every read-only command refuses it as not_found naming --db, and creates nothing", async () => {
    const dir = tempDir();
    const db = join(dir, "not-yet", "store.db");
    for (const args of READ_ONLY_COMMANDS) {
      const run = await runRecollectChild(["--json", "--db", db, ...args]);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 3, stdout: "" });
      expect(JSON.parse(run.stderr).error).toMatchObject({
        kind: "not_found",
        exit_code: 3,
        argument: "--db",
        path: db,
      });
    }
    expect(readdirSync(dir)).toEqual([]);

    // An empty file is no store either, and stays as it was.
    const empty = join(dir, "empty.db");
    writeFileSync(empty, "");
    const apps = await runRecollectChild(["--json", "--db", empty, "apps"]);
    expect([apps.code, JSON.parse(apps.stderr).error.argument]).toEqual([3, "--db"]);
    expect(readdirSync(dir)).toEqual(["empty.db"]);
  }, 180_000);

  it("names RECOLLECT_DB when the path came from it", async () => {
    const db = join(tempDir(), "store.db");
    const run = await runRecollectChild(["--json", "apps"], { env: { RECOLLECT_DB: db } });
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stderr).error).toMatchObject({ argument: "RECOLLECT_DB", path: db });
    expect(existsSync(db)).toBe(false);
  }, 60_000);

  it("settings set creates the store its file belongs to, and a bad key or value creates nothing", async () => {
    const dir = tempDir();
    const db = join(dir, "new", "store.db");
    const set = (...args: string[]) =>
      runRecollectChild(["--json", "--db", db, "settings", "set", ...args]);
    const [badValue, badKey] = await Promise.all([set("telemetry", "maybe"), set("nope", "x")]);
    expect([badValue.code, JSON.parse(badValue.stderr).error.argument]).toEqual([2, "value"]);
    expect([badKey.code, JSON.parse(badKey.stderr).error.argument]).toEqual([2, "key"]);
    expect(readdirSync(dir)).toEqual([]);

    const good = await set("entitlement", "pro");
    expect([good.code, JSON.parse(good.stdout)]).toEqual([
      0,
      { key: "entitlement", value: "pro", source: "stored" },
    ]);
    // A real store now: a read-only command opens it, and the setting is the store's.
    const apps = await runRecollectChild(["--json", "--db", db, "apps"]);
    expect([apps.code, JSON.parse(apps.stdout)]).toEqual([0, []]);
    const search = await runRecollectChild(["--json", "--db", db, "search", "--app", "shop", "x"]);
    expect([search.code, JSON.parse(search.stderr).error.kind]).toEqual([3, "not_found"]);
  }, 60_000);

  it("a bad flag is invalid input (exit 2) even with no store, and no failed command leaves a store", async () => {
    const dir = tempDir();
    const db = join(dir, "new", "store.db");
    const junk = join(dir, "notes.txt");
    writeFileSync(junk, "not a chat history\n");
    const cases: Array<[readonly string[], number, string]> = [
      [["read", "--app", "shop", "--chat", "0"], 2, "--chat"],
      [["read", "--app", "shop", "--chat", "1", "--limit", "99"], 2, "--limit"],
      [["read", "--app", " ", "--chat", "1"], 2, "--app"],
      [["search", "--app", "shop", " "], 2, "<query>"],
      [["search", "--app", "shop", "x", "--limit", "0"], 2, "--limit"],
      [["chats", "--app", ""], 2, "--app"],
      [["explore", "--app", "shop", " "], 2, "<question>"],
      [["mcp", "--app", ""], 2, "--app"],
      [["import", join(dir, "missing")], 2, "paths"],
      [["import", dir, "--app", " "], 2, "--app"],
      [["import", join(dir, "new")], 2, "paths"],
      [["import", junk], 8, "notes.txt"],
      [["serve", "--port", "0", "--no-build", "--app", "shop"], 3, "shop"],
    ];
    for (const [args, code, names] of cases) {
      const run = await runRecollectChild(["--json", "--db", db, ...args]);
      // (A malformed import still prints its report of what it read, with the failure in it.)
      expect({ args, code: run.code }).toEqual({ args, code });
      const error = JSON.parse(run.stderr).error;
      expect(JSON.stringify([error.argument, error.file, error.app_name])).toContain(names);
      expect({ args, files: existsSync(db) }).toEqual({ args, files: false });
    }
  }, 300_000);

  it("an import whose every file is excluded reports nothing imported (exit 0) and creates no store", async () => {
    const dir = tempDir();
    const db = join(dir, "new", "store.db");
    const history = join(dir, "history.jsonl");
    const line = { app: "shop", chat: "c1", role: "user", content: "use Stripe", created_at: 1 };
    writeFileSync(history, `${JSON.stringify(line)}\n`);
    const run = await runRecollectChild([
      "--json",
      "--db",
      db,
      "import",
      history,
      "--exclude",
      "*.jsonl",
    ]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    const report = JSON.parse(run.stdout);
    expect([report.totals, report.skipped_paths, report.indexed]).toEqual([
      { files: 0, chats: 0, updated: 0, messages: 0, skipped: 0, messages_removed: 0 },
      [{ file: history, reason: "excluded" }],
      0,
    ]);
    expect(readdirSync(dir)).toEqual(["history.jsonl"]);
  }, 60_000);

  it("a failed import keeps a store that was there before", async () => {
    const dir = tempDir();
    const db = join(dir, "store.db");
    const junk = join(dir, "notes.txt");
    writeFileSync(junk, "not a chat history\n");
    expect(
      (await runRecollectChild(["--db", db, "settings", "set", "telemetry", "off"])).code,
    ).toBe(0);
    const run = await runRecollectChild(["--json", "--db", db, "import", junk]);
    expect(run.code).toBe(8);
    const apps = await runRecollectChild(["--json", "--db", db, "apps"]);
    expect([apps.code, JSON.parse(apps.stdout)]).toEqual([0, []]);
  }, 60_000);

  it("a command that writes still creates the store there", async () => {
    const dir = tempDir();
    const db = join(dir, "new", "store.db");
    const history = join(dir, "history.jsonl");
    const line = { app: "shop", chat: "c1", role: "user", content: "use Stripe", created_at: 1 };
    writeFileSync(history, `${JSON.stringify(line)}\n`);
    expect((await runRecollectChild(["--db", db, "import", history])).code).toBe(0);
    const apps = await runRecollectChild(["--json", "--db", db, "apps"]);
    expect(apps.code).toBe(0);
    expect(JSON.parse(apps.stdout).map((app: { name: string }) => app.name)).toEqual(["shop"]);
  }, 60_000);
});
