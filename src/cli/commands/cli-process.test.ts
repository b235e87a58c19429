/**
 * What the `recollect` process itself does, as a real child process: `--version`, a closed
 * stdout, `--json` errors, and the wording of counts.
 */

import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { recollectInvocation } from "../recollect-invocation.js";
import { formatChats } from "./chats.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";
import { RECOLLECT_BIN, runRecollectChild } from "./testing/run-child.js";

/** How the printed commands start in this environment. */
const INVOCATION = recollectInvocation(process.env).join(" ");

const stores = createTempStores();
afterEach(() => stores.cleanup());

const VERSION = (
  JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

/** A store with one app of `chats` chats, written straight through SQL (fast). */
function storeWithChats(chats: number): string {
  const path = stores.path();
  using store = openStore({ path });
  const app = store.db.prepare("INSERT INTO apps (name, created_at) VALUES ('wide', 1)").run();
  const insert = store.db.prepare(
    "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'jsonl', ?)",
  );
  store.db.transaction(() => {
    for (let n = 0; n < chats; n += 1) {
      insert.run(app.lastInsertRowid, `a chat title long enough to fill the pipe ${n}`, n, `c${n}`);
    }
  })();
  return path;
}

describe("the recollect process", () => {
  it("--version prints the package version and exits 0", async () => {
    const run = await runRecollectChild(["--version"]);
    expect([run.code, run.stdout, run.stderr]).toEqual([0, `${VERSION}\n`, ""]);
  });

  it("ends quietly with exit 0 when stdout is closed early (| head -1)", async () => {
    // ~5,000 lines of ~90 bytes: far more than a pipe buffer, so writes hit the closed pipe.
    const db = storeWithChats(5_000);
    const child = spawn(process.execPath, [RECOLLECT_BIN, "--db", db, "chats", "--app", "wide"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    let first = "";
    child.stdout.once("data", (chunk: Buffer) => {
      first = chunk.toString("utf8").split("\n")[0] ?? "";
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(first).toMatch(/^#5000 {2}1970-01-01T00:00:04\.999Z {2}jsonl {2}0 messages {2}a chat/);
    expect([code, stderr]).toEqual([0, ""]);
  });

  it("with --json, errors are one JSON object on stderr, with the exit code", async () => {
    const db = stores.path();
    openStore({ path: db }).close();
    const unknownApp = await runRecollectChild(["--db", db, "--json", "chats", "--app", "ghost"]);
    expect([unknownApp.code, unknownApp.stdout]).toEqual([3, ""]);
    expect(JSON.parse(unknownApp.stderr)).toEqual({
      error: {
        kind: "not_found",
        message: `App "ghost" was not found: this store holds no apps yet. Run \`${INVOCATION} --db ${db} import <paths…>\` to import chat files, or \`${INVOCATION} --db ${db} sync\` to import the agents' histories found on this machine.`,
        exit_code: 3,
        app_name: "ghost",
        store_has_apps: false,
        // An empty store has no name to suggest; the field is there all the same.
        suggestions: [],
        remedies: [`${INVOCATION} --db ${db} import <paths…>`, `${INVOCATION} --db ${db} sync`],
      },
    });
    const missingOption = await runRecollectChild(["--db", db, "--json", "chats"]);
    expect([missingOption.code, missingOption.stdout]).toEqual([2, ""]);
    expect(JSON.parse(missingOption.stderr).error).toMatchObject({
      kind: "invalid_input",
      exit_code: 2,
      argument: "--app",
      allowed: "--app <name>",
    });
    const badLimit = await runCaptured([
      "--db",
      db,
      "--json",
      "search",
      "--app",
      "x",
      "--limit",
      "0",
      "q",
    ]);
    // A bad flag is named before anything about the store (Pro, the app) is looked at.
    expect(badLimit.code).toBe(2);
    expect(JSON.parse(badLimit.stderr).error).toMatchObject({
      kind: "invalid_input",
      exit_code: 2,
      argument: "--limit",
    });
    const free = await runCaptured(["--db", db, "--json", "search", "--app", "x", "q"]);
    expect(free.code).toBe(4);
    expect(JSON.parse(free.stderr).error).toMatchObject({
      kind: "precondition",
      exit_code: 4,
      missing: "pro",
    });
  });

  it("counts read as words: 1 message, 1 more rejected file", async () => {
    expect(
      formatChats([
        { id: 1, title: "t", source: "jsonl", created_at: "2026-01-01T00:00:00.000Z", messages: 1 },
      ]),
    ).toBe("#1  2026-01-01T00:00:00.000Z  jsonl  1 message  t\n");
    const db = stores.path();
    const broken = [join(dirname(db), "a.jsonl"), join(dirname(db), "b.jsonl")];
    const line = JSON.stringify({ app: "x", chat: "c", role: "user", content: "m", created_at: 1 });
    for (const file of broken) writeFileSync(file, `${line}\n{"app":"x","chat\n`);
    const run = await runCaptured(["--db", db, "import", ...broken]);
    expect(run.code).toBe(8);
    expect(run.stderr.split("\n").at(-2)).toBe(
      `recollect: ${broken[0]}:2: not valid JSON (truncated or corrupt line) (and 1 more rejected file)`,
    );
  });

  it("a control character in an error is escaped one way, \\u{1B}, and a printed command runs as printed", async () => {
    const db = stores.path();
    const app = "Sh\u001bop";
    {
      using store = openStore({ path: db });
      const appId = store.db
        .prepare("INSERT INTO apps (name, created_at) VALUES (?, 1)")
        .run(app).lastInsertRowid;
      const chat = store.db
        .prepare(
          "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, 'db', 1, 'jsonl', 'c')",
        )
        .run(appId).lastInsertRowid;
      store.db
        .prepare(
          "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, 'user', 'We chose Postgres for the database.', 1)",
        )
        .run(chat);
    }
    const typed = "A\u001bB";
    const [text, json, badChat] = await Promise.all([
      runRecollectChild(["--db", db, "chats", "--app", typed]),
      runRecollectChild(["--db", db, "--json", "chats", "--app", typed]),
      runRecollectChild(["--db", db, "--json", "read", "--app", app, "--chat", typed]),
    ]);
    expect([text.code, json.code, badChat.code]).toEqual([3, 3, 2]);
    const messages = [
      text.stderr,
      JSON.parse(json.stderr).error.message,
      JSON.parse(badChat.stderr).error.message,
    ];
    expect(messages.map((message) => message.includes('"A\\u{1B}B"'))).toEqual([true, true, true]);
    // Neither JSON's escape nor the raw character is left in any message.
    expect(
      messages.filter((message) => /\\u001b/i.test(message) || message.includes("\u001b")),
    ).toEqual([]);

    // explore's read commands name the app in ANSI-C quotes; bash runs one as printed.
    expect(
      (await runRecollectChild(["--db", db, "settings", "set", "entitlement", "pro"])).code,
    ).toBe(0);
    const explore = await runRecollectChild(["--db", db, "explore", "why Postgres?", "--app", app]);
    const printed = explore.stdout.match(/^\s*\$ (.* read --app .*)$/m)?.[1];
    expect(printed).toContain("--app $'Sh\\x1bop'");
    const read = spawnSync("bash", ["-c", `${printed}`], { encoding: "utf8" });
    expect([read.status, read.stdout.split("\n")[0]]).toEqual([0, expect.stringMatching(/^#1 /)]);
    // Seven child processes, one through bash and npx: a busy 2-core machine took over 60 s.
  }, 120_000);
});
