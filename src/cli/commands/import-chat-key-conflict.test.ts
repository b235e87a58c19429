/**
 * A second generic JSONL file reusing an (app, chat) key another file imported, through the real
 * `recollect` executable: refused (exit 2) naming the file, the key and the file holding it, with
 * the command that updates the chat from there; the first file's chat keeps its title and
 * messages, and another file of the same run still imports.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const line = (chat: string, title: string, content: string, at: number) =>
  JSON.stringify({ app: "shop", chat, title, role: "user", content, created_at: at });

const stored = (db: string) => {
  using store = openStore({ path: db });
  return store.db
    .prepare(
      `SELECT c.title, group_concat(m.content, '|') AS messages
         FROM chats c JOIN messages m ON m.chat_id = c.id GROUP BY c.id ORDER BY c.id`,
    )
    .all();
};

describe("recollect import of a second file reusing a generic JSONL chat key", () => {
  it("is refused naming the key and the holding file; the first chat stays, others import", async () => {
    const db = stores.path();
    const first = join(dirname(db), "a.jsonl");
    const second = join(dirname(db), "b.jsonl");
    const fresh = join(dirname(db), "c.jsonl");
    writeFileSync(first, `${line("c1", "Payments", "Stripe or Paddle?", 1)}\n`);
    writeFileSync(second, `${line("c1", "Shipping", "Which carrier?", 5)}\n`);
    writeFileSync(fresh, `${line("c2", "Fresh", "fresh start", 9)}\n`);
    expect((await runRecollectChild(["--db", db, "import", first])).code).toBe(0);

    const run = await runRecollectChild(["--db", db, "import", second, fresh]);
    const reason = `Invalid paths: expected files whose chat keys (app, chat) no other imported file holds (the chat keyed ["shop","c1"] in ${second} belongs to ${first}, which imported it first: give it another key; nothing of ${second} was written).`;
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(`rejected ${reason}\n`);
    const error = run.stderr.split("\n").at(-2);
    expect(error?.startsWith(`recollect: ${reason} Run \``)).toBe(true);
    expect(
      error?.endsWith(
        `--db ${db} import ${first}\` to update that chat from the file that holds it.`,
      ),
    ).toBe(true);
    expect(stored(db)).toEqual([
      { title: "Payments", messages: "Stripe or Paddle?" },
      { title: "Fresh", messages: "fresh start" },
    ]);

    const json = await runRecollectChild(["--db", db, "--json", "import", second]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr).error).toMatchObject({
      kind: "invalid_input",
      exit_code: 2,
      argument: "paths",
      allowed: "files whose chat keys (app, chat) no other imported file holds",
      file: second,
      chat_key: '["shop","c1"]',
      held_by: first,
      chats: 1,
    });
    expect(JSON.parse(json.stdout).failures).toEqual([{ file: second, line: null, reason }]);
    expect(stored(db)).toHaveLength(2);
  }, 60_000);
});
