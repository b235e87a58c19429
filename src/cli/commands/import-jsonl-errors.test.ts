/**
 * A generic JSONL file with a faulty line, through the real `recollect` executable: the error
 * names the file, the line, the field and what it allows (text and `--json`), exits 8, and nothing
 * of the file is written. A line of megabytes imports; one over the line bound is refused by line.
 */
import { existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_JSON_LINE_BYTES } from "../../importers/formats/json-lines.js";
import { openStore } from "../../store/open-store.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const SHAPE = "a line is {app, chat, title?, role, content, created_at, is_compaction_summary?}";
const line = (fields: Record<string, unknown>) => JSON.stringify(fields);
const message = (n: number) => ({
  app: "gen",
  chat: "c",
  role: "user",
  content: `m${n}`,
  created_at: n,
});

const messageCount = (db: string) => {
  using store = openStore({ path: db });
  return store.db.prepare("SELECT count(*) FROM messages").pluck().get();
};

describe("recollect import of a JSONL line missing a field", () => {
  it("a one-line file missing content names line 1 and the field, and creates no store", async () => {
    const db = stores.path();
    const file = join(dirname(db), "one.jsonl");
    const { content: _content, ...noContent } = message(1);
    writeFileSync(file, `${line(noContent)}\n`);

    const text = await runRecollectChild(["--db", db, "import", file]);
    expect([text.code, text.stderr]).toEqual([
      8,
      `recollect: ${file}:1: missing field "content": expected a string (the message text); ${SHAPE}\n`,
    ]);
    const json = await runRecollectChild(["--db", db, "--json", "import", file]);
    expect(json.code).toBe(8);
    expect(JSON.parse(json.stderr)).toEqual({
      error: {
        kind: "import_format",
        message: `${file}:1: missing field "content": expected a string (the message text); ${SHAPE}`,
        exit_code: 8,
        file,
        line: 1,
        field: "content",
        allowed: "a string (the message text)",
      },
    });
    expect(existsSync(db)).toBe(false);
  }, 60_000);

  it("line 3 missing app rejects the whole file: lines 1 and 2 are not written", async () => {
    const db = stores.path();
    const good = join(dirname(db), "good.jsonl");
    writeFileSync(good, `${line({ ...message(1), app: "other" })}\n`);
    expect((await runRecollectChild(["--db", db, "import", good])).code).toBe(0);
    const file = join(dirname(db), "three.jsonl");
    const { app: _app, ...noApp } = message(3);
    writeFileSync(file, [line(message(1)), line(message(2)), line(noApp)].join("\n"));

    const run = await runRecollectChild(["--db", db, "import", file]);
    expect([run.code, run.stderr]).toEqual([
      8,
      `recollect: ${file}:3: missing field "app": expected a non-empty string (the app's name); ${SHAPE}\n`,
    ]);
    expect(run.stdout).toContain(`rejected ${file}:3: missing field "app"`);
    expect(messageCount(db)).toBe(1);
  }, 60_000);
});

describe("recollect import of a JSONL file with a long line", () => {
  it("imports a valid 3 MiB line 1, and refuses a line 1 over 64 MiB naming line and bound", async () => {
    const db = stores.path();
    const big = join(dirname(db), "big.jsonl");
    const content = "x".repeat(3 * 1024 * 1024);
    writeFileSync(big, `${line({ ...message(1), content })}\n${line(message(2))}\n`);
    const ok = await runRecollectChild(["--db", db, "import", big]);
    expect([ok.code, ok.stderr]).toEqual([0, ""]);
    expect(messageCount(db)).toBe(2);

    const huge = join(dirname(db), "huge.jsonl");
    writeFileSync(huge, `${line({ ...message(3), content: "x".repeat(MAX_JSON_LINE_BYTES) })}\n`);
    const refused = await runRecollectChild(["--db", db, "import", huge]);
    expect([refused.code, refused.stderr]).toEqual([
      8,
      `recollect: ${huge}:1: the line is longer than 64 MiB, the most a JSON Lines line may hold\n`,
    ]);
    expect(messageCount(db)).toBe(2);
  }, 60_000);
});
