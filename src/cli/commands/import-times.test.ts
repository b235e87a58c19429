/**
 * Times a chat file may not hold, through the real `recollect` executable: a generic JSONL
 * `created_at` JavaScript's `Date` cannot represent, outside 1970–9999, fractional, or naming a
 * date that does not exist is refused by line (exit 8, field `created_at` and the range allowed),
 * nothing of the file is written, and the store's other apps still list; a time out of range in
 * another format's file (a Cline task) refuses that file whole.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

const ALLOWED =
  "an ISO-8601 date-time (2026-04-07T19:39:04Z) or integer epoch milliseconds, from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (epoch milliseconds 0 to 253402300799999)";

/** A generic line of app `app` whose `created_at` is the JSON text `createdAt`, as written. */
const line = (app: string, createdAt: string) =>
  `{"app":"${app}","chat":"m10","role":"user","content":"x","created_at":${createdAt}}`;

const storedMessages = (db: string) => {
  using store = openStore({ path: db });
  return store.db.prepare("SELECT count(*) FROM messages").pluck().get();
};

describe("recollect import of a generic JSONL created_at it cannot store", () => {
  it("refuses a time past Date's range by line, writes nothing, and apps still lists", async () => {
    const db = stores.path();
    const good = join(dirname(db), "good.jsonl");
    writeFileSync(good, `${line("ok", '"2026-01-01T00:00:00Z"')}\n`);
    expect((await runRecollectChild(["--db", db, "import", good])).code).toBe(0);
    const bad = join(dirname(db), "bad.jsonl");
    writeFileSync(bad, `${line("mal", "1")}\n${line("mal", "99999999999999999")}\n`);

    const json = await runRecollectChild(["--db", db, "--json", "import", bad]);
    expect([json.code, JSON.parse(json.stderr)]).toEqual([
      8,
      {
        error: {
          kind: "import_format",
          message: `${bad}:2: field "created_at" must be ${ALLOWED}, got 100000000000000000`,
          exit_code: 8,
          file: bad,
          line: 2,
          field: "created_at",
          allowed: ALLOWED,
        },
      },
    ]);
    expect(storedMessages(db)).toBe(1);
    const apps = await runRecollectChild(["--db", db, "--json", "apps"]);
    expect([apps.code, JSON.parse(apps.stdout).map((app: { name: string }) => app.name)]).toEqual([
      0,
      ["ok"],
    ]);
  }, 60_000);

  it("refuses a date that does not exist and a fractional epoch ms, naming the line", async () => {
    const db = stores.path();
    const cases = [
      '"2026-13-45T00:00:00Z"',
      '"2026-02-30T00:00:00Z"',
      '"2026-01-01T25:00:00Z"',
      "1.5",
    ];
    const refused: [number | null, string][] = [];
    for (const [index, createdAt] of cases.entries()) {
      const file = join(dirname(db), `bad-${index}.jsonl`);
      writeFileSync(file, `${line("tt", createdAt)}\n`);
      const run = await runRecollectChild(["--db", db, "import", file]);
      refused.push([run.code, run.stderr]);
    }
    expect(refused).toEqual(
      cases.map((createdAt, index) => [
        8,
        `recollect: ${join(dirname(db), `bad-${index}.jsonl`)}:1: field "created_at" must be ${ALLOWED}, got ${createdAt}\n`,
      ]),
    );
  }, 60_000);
});

describe("recollect import of another format's file with a time it cannot store", () => {
  it("refuses a Cline task whose event time is past Date's range, whole and without a line", async () => {
    const db = stores.path();
    const folder = join(dirname(db), "tasks", "1767000000000");
    mkdirSync(folder, { recursive: true });
    const file = join(folder, "ui_messages.json");
    writeFileSync(file, '[{"ts":99999999999999999,"type":"say","say":"text","text":"plan it"}]');

    const run = await runRecollectChild(["--db", db, "--json", "import", file]);
    const range =
      "1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (epoch milliseconds 0 to 253402300799999)";
    expect([run.code, JSON.parse(run.stderr)]).toEqual([
      8,
      {
        error: {
          kind: "import_format",
          message: `${file}: chat 1767000000000: the time of message 1 is outside ${range}`,
          exit_code: 8,
          file,
          field: "created_at",
          allowed: `a time from ${range}`,
        },
      },
    ]);
  }, 60_000);
});
