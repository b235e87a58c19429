/**
 * A second generic JSONL file reusing an (app, chat) key another file imported, through the real
 * `recollect` executable: when it changes a stored message it is refused (exit 2) naming the
 * file, the key, the file holding it and where they part, with the command that updates the chat
 * from there; the first file's chat keeps its title and messages, and another file of the same
 * run still imports. An export regenerated under a new name, continuing the chat, updates it.
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

/**
 * A new store holding a.jsonl's chat c1 (imported), b.jsonl changing that chat's first message,
 * and c.jsonl holding `third` (not imported yet).
 */
async function conflictingFiles(third: string) {
  const db = stores.path();
  const [first, second, thirdPath] = ["a", "b", "c"].map((name) =>
    join(dirname(db), `${name}.jsonl`),
  );
  writeFileSync(first!, `${line("c1", "Payments", "Stripe or Paddle?", 1)}\n`);
  writeFileSync(second!, `${line("c1", "Shipping", "Which carrier?", 5)}\n`);
  writeFileSync(thirdPath!, third);
  expect((await runRecollectChild(["--db", db, "import", first!])).code).toBe(0);
  return { db, first: first!, second: second!, third: thirdPath! };
}

describe("recollect import of a second file reusing a generic JSONL chat key", () => {
  // Four child processes of the CLI in a row: on a loaded machine (a full CI-like run beside two
  // other suites) they took over 60 s together.
  it("changing a stored message is refused naming the key, the holder and where; a continuation updates", async () => {
    const {
      db,
      first,
      second,
      third: fresh,
    } = await conflictingFiles(`${line("c2", "Fresh", "fresh start", 9)}\n`);

    const run = await runRecollectChild(["--db", db, "import", second, fresh]);
    const reason = `Invalid paths: expected files whose chats keyed (app, chat) like another file's begin with their stored messages (the chat keyed ["shop","c1"] in ${second} belongs to ${first}, and ${second} would change it: its message 1 differs from the stored one (1 stored, 1 in ${second}); give it another key; nothing of ${second} was written).`;
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
      allowed:
        "files whose chats keyed (app, chat) like another file's begin with their stored messages",
      file: second,
      chat_key: ["shop", "c1"],
      held_by: first,
      chats: 1,
      differs_at_message: 1,
      stored_messages: 1,
      file_messages: 1,
    });
    expect(JSON.parse(json.stdout).failures).toEqual([{ file: second, line: null, reason }]);
    expect(stored(db)).toHaveLength(2);

    // The first file's chat regenerated under a new name with a new message: updated, exit 0.
    const regenerated = join(dirname(db), "a-2026-12-04.jsonl");
    writeFileSync(
      regenerated,
      `${line("c1", "Payments", "Stripe or Paddle?", 1)}\n${line("c1", "Payments", "Stripe.", 2)}\n`,
    );
    const update = await runRecollectChild(["--db", db, "--json", "import", regenerated]);
    expect(update.code).toBe(0);
    expect(JSON.parse(update.stdout).totals).toEqual({
      files: 1,
      chats: 0,
      updated: 1,
      messages: 1,
      skipped: 0,
      messages_removed: 0,
    });
    expect(stored(db)[0]).toEqual({ title: "Payments", messages: "Stripe or Paddle?|Stripe." });
  }, 180_000);

  it("a key conflict and a malformed file: stderr names every rejected file, one line each", async () => {
    const {
      db,
      first,
      second,
      third: broken,
    } = await conflictingFiles(`${line("c3", "Broken", "half", 9)}\n{"app":"shop","chat\n`);

    const run = await runRecollectChild(["--db", db, "import", second, broken]);
    const rejected = run.stdout.split("\n").filter((text) => text.startsWith("rejected "));
    const errors = run.stderr.split("\n").filter((text) => text.startsWith("recollect: "));
    expect([run.code, rejected.length, errors.length]).toEqual([2, 2, 2]);
    // The malformed file on its own line, as the summary gives it; the run's error (the first
    // rejected file's, with its remedy and exit code) last.
    expect(errors[0]).toBe(
      `recollect: rejected ${broken}:2: not valid JSON (truncated or corrupt line)`,
    );
    expect(
      errors[1]?.startsWith(`recollect: Invalid paths: expected files whose chats keyed`),
    ).toBe(true);
    expect(errors[1]).toContain(`in ${second} belongs to ${first}`);

    // Under --json the error stays one object (after the progress line); stdout lists both.
    const json = await runRecollectChild(["--db", db, "--json", "import", second, broken]);
    const lines = json.stderr.trimEnd().split("\n");
    expect([lines.length, JSON.parse(lines.at(-1) ?? "").error.file]).toEqual([2, second]);
    expect(
      JSON.parse(json.stdout).failures.map((failure: { file: string }) => failure.file),
    ).toEqual([second, broken]);
    expect(stored(db)).toEqual([{ title: "Payments", messages: "Stripe or Paddle?" }]);
  }, 60_000);
});
