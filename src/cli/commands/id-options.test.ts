/**
 * Every id, count and name option of the CLI refuses a value that cannot be one (0, negative,
 * fractional, not a number, blank) as invalid input — exit 2, naming the option and what it allows
 * — before anything is looked up, so a typo never reads as "not found" (exit 3).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
let db = "";

beforeAll(async () => {
  db = stores.path();
  using store = openStore({ path: db });
  const app = store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('Acme', 1)").run();
  const chat = store.db
    .prepare(
      "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, 'Auth', 1, 'jsonl', 'c1')",
    )
    .run(app.lastInsertRowid);
  store.db
    .prepare("INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, 'user', ?, 1)")
    .run(chat.lastInsertRowid, "We decided on session cookies for authentication.");
  expect((await runCaptured(["--db", db, "settings", "set", "entitlement", "pro"])).code).toBe(0);
});
afterAll(() => stores.cleanup());

/** `[option, allowed]` for each bad value of each command. */
const BAD_IDS = ["0", "-1", "1.5", "abc", ""];
const CASES: Array<[readonly string[], string, string]> = [
  ...BAD_IDS.map((v): [string[], string, string] => [
    ["read", "--app", "Acme", "--chat", v],
    "--chat",
    "a positive integer chat id",
  ]),
  ...BAD_IDS.map((v): [string[], string, string] => [
    ["explore", "--app", "Acme", "--chat", v, "what about auth?"],
    "--chat",
    "a positive integer chat id",
  ]),
  ...BAD_IDS.map((v): [string[], string, string] => [
    ["read", "--app", "Acme", "--chat", "1", "--around", v],
    "--around",
    "a positive integer message id",
  ]),
  ...["0", "21", "2.5", "x"].map((v): [string[], string, string] => [
    ["read", "--app", "Acme", "--chat", "1", "--limit", v],
    "--limit",
    "an integer from 1 to 20",
  ]),
  ...["-1", "x", "1000000000000000000000"].map((v): [string[], string, string] => [
    ["read", "--app", "Acme", "--chat", "1", "--offset", v],
    "--offset",
    "an integer from 0 to 9007199254740991",
  ]),
  ...["0", "21", "x"].map((v): [string[], string, string] => [
    ["search", "--app", "Acme", "--limit", v, "auth"],
    "--limit",
    "an integer from 1 to 20",
  ]),
  ...["-1", "65536", "80.5", "http"].map((v): [string[], string, string] => [
    ["serve", "--port", v],
    "--port",
    "an integer from 0 to 65535",
  ]),
  ...["", "  "].flatMap(
    (v): Array<[string[], string, string]> => [
      [["read", "--app", v, "--chat", "1"], "--app", "an app name"],
      [["explore", "--app", v, "auth?"], "--app", "an app name"],
      [["chats", "--app", v], "--app", "an app name"],
      [["search", "--app", v, "auth"], "--app", "an app name"],
    ],
  ),
];

describe("bad ids, counts and names are invalid input, not not-found", () => {
  it.each(CASES)("%j → %s", async (args, argument, allowed) => {
    const run = await runCaptured(["--db", db, "--json", ...args]);
    expect([run.code, run.stdout]).toEqual([2, ""]);
    expect(JSON.parse(run.stderr).error).toMatchObject({
      kind: "invalid_input",
      exit_code: 2,
      argument,
      allowed,
    });
  });

  it("an integer too large for any option says it is larger than the largest one", async () => {
    for (const [flag, value] of [
      ["--chat", "1000000000000000000000"],
      ["--offset", "9007199254740992"],
    ] as const) {
      const run = await runCaptured([
        "--db",
        db,
        "read",
        "--app",
        "Acme",
        "--chat",
        "1",
        flag,
        value,
      ]);
      expect([
        run.code,
        run.stderr.trimEnd().endsWith(`(got "${value}", larger than 9007199254740991).`),
      ]).toEqual([2, true]);
    }
  });

  it("--before or --after without --around, and --offset or --limit with it, name the flag and the rule", async () => {
    const cases = [
      [["--before", "2"], { argument: "--before", rule: "needs", other: "--around" }],
      [["--after", "2"], { argument: "--after", rule: "needs", other: "--around" }],
      [
        ["--around", "1", "--offset", "2"],
        { argument: "--offset", rule: "excludes", other: "--around" },
      ],
      [
        ["--around", "1", "--limit", "2"],
        { argument: "--limit", rule: "excludes", other: "--around" },
      ],
    ] as const;
    for (const [flags, fields] of cases) {
      const run = await runCaptured([
        "--db",
        db,
        "--json",
        "read",
        "--app",
        "Acme",
        "--chat",
        "1",
        ...flags,
      ]);
      const error = JSON.parse(run.stderr).error;
      expect([run.code, run.stdout, error]).toEqual([
        2,
        "",
        expect.objectContaining({ kind: "invalid_input", ...fields }),
      ]);
      expect(error.message).toMatch(
        new RegExp(
          `^${fields.argument} ${fields.rule === "needs" ? "needs" : "cannot be combined with"} --around: `,
        ),
      );
    }
  });

  it("the real process exits 2 for --chat 0 and 3 for a chat that is only missing", async () => {
    const [zero, explore, blank, missing] = await Promise.all([
      runRecollectChild(["--db", db, "read", "--app", "Acme", "--chat", "0"]),
      runRecollectChild(["--db", db, "--json", "explore", "--app", "Acme", "--chat", "0", "auth?"]),
      runRecollectChild(["--db", db, "--json", "explore", "--app", " ", "auth?"]),
      runRecollectChild(["--db", db, "--json", "read", "--app", "Acme", "--chat", "999"]),
    ]);
    expect([zero.code, zero.stdout]).toEqual([2, ""]);
    expect(JSON.parse(explore.stderr).error).toMatchObject({ exit_code: 2, argument: "--chat" });
    expect(JSON.parse(blank.stderr).error).toMatchObject({ exit_code: 2, argument: "--app" });
    expect(JSON.parse(missing.stderr).error).toMatchObject({
      kind: "not_found",
      exit_code: 3,
      chat_id: 999,
      // The app the person named, never where the chat might be.
      message: 'Chat 999 was not found in app "Acme".',
    });
    expect([explore.code, blank.code, missing.code]).toEqual([2, 2, 3]);
  }, 60_000);
});
