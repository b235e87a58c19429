/**
 * `--app` as a person types it, through the real `recollect` process: a name differing from the
 * stored one only in case, accents or spacing selects that app in every command; a typo is
 * refused with the closest stored names as "did you mean"; names only a capital apart are refused
 * as ambiguous; `import --app` adds to the existing app instead of creating a near-twin.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoHistory } from "../demo/index.js";
import { settingsStoreForStorePath } from "../settings/index.js";
import { openStore } from "../store/open-store.js";
import { createTempStores } from "./commands/testing/run-captured.js";
import { runRecollectChild, startRecollectChild } from "./commands/testing/run-child.js";

const stores = createTempStores();
let db = "";
beforeAll(() => {
  db = stores.path();
  using store = openStore({ path: db });
  seedDemoHistory(store);
  // Straight through SQL: the write path would now put "ACME" under "Acme" (a store from before
  // that, or two apps renamed so, holds such twins).
  const insert = store.db.prepare("INSERT INTO apps (name, created_at) VALUES (?, 0)");
  for (const name of ["Café Notes", "Acme", "ACME"]) insert.run(name);
  settingsStoreForStorePath(db).update(() => ({ entitlement: "pro" }));
});
afterAll(() => stores.cleanup());

const recollect = (args: readonly string[]) => runRecollectChild(["--db", db, "--json", ...args]);

/** apps and chats rows of the test store. */
function counts(): { apps: string[]; tasktideChats: number } {
  using store = openStore({ path: db });
  return {
    apps: store.db.prepare("SELECT name FROM apps ORDER BY id").pluck().all() as string[],
    tasktideChats: store.db
      .prepare("SELECT count(*) FROM chats c JOIN apps a ON a.id = c.app_id WHERE a.name = ?")
      .pluck()
      .get("Tasktide") as number,
  };
}

/** Every command taking `--app` that ends by itself, with `APP` where the name goes. */
const APP_COMMANDS: readonly (readonly string[])[] = [
  ["explore", "why?", "--app", "APP"],
  ["search", "--app", "APP", "deploy"],
  ["read", "--app", "APP", "--chat", "1"],
  ["chats", "--app", "APP"],
  ["chat", "--app", "APP"],
  ["mcp", "--app", "APP"],
  ["serve", "--port", "0", "--no-build", "--app", "APP"],
];
const withApp = (args: readonly string[], app: string) => args.map((a) => (a === "APP" ? app : a));

describe("--app as typed", () => {
  it("a typo in any command is not found, with the closest stored names as suggestions", async () => {
    for (const args of APP_COMMANDS) {
      const run = await recollect(withApp(args, "taskitde"));
      expect({ args, code: run.code, error: JSON.parse(run.stderr).error }).toMatchObject({
        args,
        code: 3,
        error: { kind: "not_found", app_name: "taskitde", suggestions: ["Tasktide"] },
      });
    }
    const readable = await runRecollectChild(["--db", db, "chats", "--app", "acm"]);
    expect(readable.code).toBe(3);
    expect(readable.stderr).toContain('App "acm" was not found. Did you mean "ACME" or "Acme"?');
  }, 180_000);

  it("names two apps only a capital apart as ambiguous (exit 2), in every command", async () => {
    for (const args of APP_COMMANDS) {
      const run = await recollect(withApp(args, "acme"));
      expect({ args, code: run.code, error: JSON.parse(run.stderr).error }).toMatchObject({
        args,
        code: 2,
        error: { kind: "invalid_input", argument: "--app", candidates: ["ACME", "Acme"] },
      });
    }
  }, 180_000);

  it("selects the app whatever the case, accents or spacing, and prints its stored name", async () => {
    const chats = await recollect(["chats", "--app", "  TASKTIDE "]);
    expect([chats.code, (JSON.parse(chats.stdout) as unknown[]).length]).toEqual([0, 11]);
    const cafe = await recollect(["chats", "--app", "cafe notes"]);
    expect([cafe.code, cafe.stdout]).toEqual([0, "[]\n"]);
    const explore = await runRecollectChild([
      "--db",
      db,
      "explore",
      "What did we decide about authentication?",
      "--app",
      "tasktide",
    ]);
    expect(explore.code).toBe(0);
    const reads = explore.stdout.match(/read --app \S+/g) ?? [];
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads)).toEqual(new Set(["read --app Tasktide"]));

    const serve = startRecollectChild([
      "--db",
      db,
      "--json",
      "serve",
      "--port",
      "0",
      "--no-build",
      "--app",
      "tasktide",
    ]);
    await expect.poll(serve.stdout, { timeout: 30_000 }).toContain('"url"');
    const { url } = JSON.parse(serve.stdout()) as { url: string };
    expect(url).toMatch(/#\/chat\/1$/);
    serve.child.kill("SIGTERM");
    expect((await serve.exited).code).toBe(143);
  }, 180_000);

  it("import --app adds to the existing app of that name but for case, keeping its stored name", async () => {
    const before = counts();
    const file = join(db, "..", "one.jsonl");
    const line = (role: string, content: string, at: number) =>
      JSON.stringify({
        app: "x",
        chat: "late",
        title: "A late chat",
        role,
        content,
        created_at: at,
      });
    writeFileSync(file, `${line("user", "Which font?", 1)}\n${line("assistant", "Inter.", 2)}\n`);
    const run = await recollect(["import", file, "--app", "TASKTIDE"]);
    expect(run.code).toBe(0);
    expect(counts()).toEqual({ apps: before.apps, tasktideChats: before.tasktideChats + 1 });

    const ambiguous = await recollect(["import", file, "--app", "acme"]);
    expect([ambiguous.code, JSON.parse(ambiguous.stderr).error.candidates]).toEqual([
      2,
      ["ACME", "Acme"],
    ]);
    expect(counts()).toEqual({ apps: before.apps, tasktideChats: before.tasktideChats + 1 });
  }, 60_000);

  it('a history file\'s own app name is matched the same way: a JSONL "app":"tasktide" adds to Tasktide', async () => {
    const before = counts();
    const file = join(db, "..", "records.jsonl");
    const line = (app: string, chat: string) =>
      JSON.stringify({ app, chat, role: "user", content: `about ${chat}`, created_at: 1 });
    writeFileSync(file, `${line("tasktide", "lower")}\n${line(" TaskTide ", "spaced")}\n`);
    const run = await recollect(["import", file]);
    expect([run.code, JSON.parse(run.stdout).totals.chats]).toEqual([0, 2]);
    expect(counts()).toEqual({ apps: before.apps, tasktideChats: before.tasktideChats + 2 });
    // Several apps match only loosely and none exactly: the file's name is a new app, as written.
    writeFileSync(file, `${line("acme", "twin")}\n`);
    expect((await recollect(["import", file])).code).toBe(0);
    expect(counts().apps).toEqual([...before.apps, "acme"]);
  }, 60_000);
});
