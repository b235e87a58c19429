/**
 * Importing a file again with another `--app` than the one holding its chats, through the real
 * `recollect` executable: refused (exit 2) naming the holding app and the file, with the command
 * that updates the chats where they are; nothing of the file is written, no new app appears, and
 * another file of the same run still imports.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const line = (chat: string, content: string, at: number) =>
  JSON.stringify({ app: "shop", chat, role: "user", content, created_at: at });

const stored = (db: string) => {
  using store = openStore({ path: db });
  return {
    apps: store.db.prepare("SELECT name FROM apps ORDER BY id").pluck().all(),
    messages: store.db.prepare("SELECT content FROM messages ORDER BY id").pluck().all(),
  };
};

describe("recollect import with another --app than the one holding the file's chats", () => {
  it("is refused naming the holding app, writes nothing of the file, and imports the others", async () => {
    const db = stores.path();
    const file = join(dirname(db), "shop.jsonl");
    writeFileSync(file, `${line("c1", "use Stripe", 1)}\n`);
    expect((await runRecollectChild(["--db", db, "import", "--app", "Alpha", file])).code).toBe(0);
    // The file grew a chat and a message; another file is new.
    writeFileSync(file, [line("c1", "use Stripe", 1), line("c2", "and Paddle?", 2)].join("\n"));
    const fresh = join(dirname(db), "fresh.jsonl");
    writeFileSync(fresh, `${line("c9", "fresh start", 3)}\n`);

    const run = await runRecollectChild(["--db", db, "import", "--app", "Beta", file, fresh]);
    const reason = `Invalid --app: expected "Alpha", the app that holds this file's chats, or no --app (got "Beta"; 1 chat of ${file} is already stored under app "Alpha", and a chat stays in the app it was first imported into; nothing of the file was written).`;
    expect(run.code).toBe(2);
    const [progress, error, ...rest] = run.stderr.split("\n");
    expect([progress, rest]).toEqual(["importing 2/2 files…", [""]]);
    expect(error?.startsWith(`recollect: ${reason} Run \``)).toBe(true);
    expect(
      error?.endsWith(`--db ${db} import ${file} --app Alpha\` to update them where they are.`),
    ).toBe(true);
    expect(run.stdout).toContain(`rejected ${reason}\n`);
    expect(stored(db)).toEqual({
      apps: ["Alpha", "Beta"],
      messages: ["use Stripe", "fresh start"],
    });

    const json = await runRecollectChild(["--db", db, "--json", "import", "--app", "Beta", file]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr).error).toMatchObject({
      kind: "invalid_input",
      exit_code: 2,
      argument: "--app",
      allowed: `"Alpha", the app that holds this file's chats, or no --app`,
      file,
      app_name: "Beta",
      held_by: ["Alpha"],
      chats: 1,
    });

    const again = await runRecollectChild(["--db", db, "import", "--app", "alpha", file]);
    expect(again.code).toBe(0);
    expect(stored(db).messages).toEqual(["use Stripe", "fresh start", "and Paddle?"]);
  }, 60_000);
});
