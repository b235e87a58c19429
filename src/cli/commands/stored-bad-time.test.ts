/**
 * A store an older Recollect filled with a time `Date` cannot represent (`created_at`
 * 99999999999999999, written here straight into a real SQLite store), through the real
 * `recollect` executable: apps, chats, read and search still answer (exit 0), that time shown as
 * unknown (null under `--json`, "unknown time" in text), every other time as it was.
 */
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../../store/open-store.js";
import { createTempStores } from "./testing/run-captured.js";
import { runRecollectChild } from "./testing/run-child.js";

const stores = createTempStores();
afterEach(() => stores.cleanup());

/** Past `Date`'s ±8.64e15 ms, as an older import stored it. */
const BAD_TIME_MS = "99999999999999999";

/**
 * A store of apps `ok` and `mal` (one chat each; Pro, so search and read run), then `mal`'s chat
 * and message time made bad.
 */
async function storeWithBadTime(): Promise<{ db: string; malChatId: number }> {
  const db = stores.path();
  const file = join(dirname(db), "chats.jsonl");
  const line = (app: string, content: string) =>
    JSON.stringify({ app, chat: "c1", role: "user", content, created_at: "2026-01-01T00:00:00Z" });
  writeFileSync(file, `${line("ok", "ledger in postgres")}\n${line("mal", "ledger in sqlite")}\n`);
  expect((await runRecollectChild(["--db", db, "import", file])).code).toBe(0);
  const pro = await runRecollectChild(["--db", db, "settings", "set", "entitlement", "pro"]);
  expect(pro.code).toBe(0);
  using store = openStore({ path: db });
  const malChatId = store.db
    .prepare("SELECT c.id FROM chats c JOIN apps a ON a.id = c.app_id WHERE a.name = 'mal'")
    .pluck()
    .get() as number;
  // SQL integer text, so the value is stored exactly as an older version wrote it.
  store.db.exec(`UPDATE chats SET created_at = ${BAD_TIME_MS} WHERE id = ${malChatId}`);
  store.db.exec(`UPDATE messages SET created_at = ${BAD_TIME_MS} WHERE chat_id = ${malChatId}`);
  return { db, malChatId };
}

/**
 * A store of apps whose message times an older Recollect stored as no date, each with another
 * time or none: `dated-chat` (its chat's start is a date), `synced` (its chat's start is no date
 * either, but sync read its file at 2026-02-01), `none` (no other time), `mixed` (one message of
 * two has a time that is a date).
 */
async function storeWithOtherTimes(): Promise<string> {
  const db = stores.path();
  const file = join(dirname(db), "chats.jsonl");
  const line = (app: string, created_at: string) =>
    JSON.stringify({ app, chat: "c1", role: "user", content: "ledger", created_at });
  const lines = [
    line("dated-chat", "2026-01-01T00:00:00Z"),
    line("synced", "2026-01-01T00:00:00Z"),
    line("none", "2026-01-01T00:00:00Z"),
    line("mixed", "2026-01-03T00:00:00Z"),
    line("mixed", "2026-01-04T00:00:00Z"),
  ];
  writeFileSync(file, `${lines.join("\n")}\n`);
  expect((await runRecollectChild(["--db", db, "import", file])).code).toBe(0);
  using store = openStore({ path: db });
  const chatOf = (app: string) =>
    store.db
      .prepare("SELECT c.id FROM chats c JOIN apps a ON a.id = c.app_id WHERE a.name = ?")
      .pluck()
      .get(app) as number;
  for (const app of ["dated-chat", "synced", "none"]) {
    store.db.exec(`UPDATE messages SET created_at = ${BAD_TIME_MS} WHERE chat_id = ${chatOf(app)}`);
  }
  for (const app of ["synced", "none"]) {
    store.db.exec(`UPDATE chats SET created_at = ${BAD_TIME_MS} WHERE id = ${chatOf(app)}`);
  }
  store.db.exec(
    `UPDATE messages SET created_at = ${BAD_TIME_MS}
      WHERE id = (SELECT min(id) FROM messages WHERE chat_id = ${chatOf("mixed")})`,
  );
  // The chat as sync would have recorded it: its history file, read at 2026-02-01.
  // The file is there: `sources` forgets a remembered file that is gone.
  const synced = chatOf("synced");
  const syncedFile = join(dirname(db), "synced.jsonl");
  writeFileSync(syncedFile, "");
  store.db.prepare("UPDATE chats SET source_file = ? WHERE id = ?").run(syncedFile, synced);
  store.db
    .prepare(
      `INSERT INTO source_files (source, path, format, size, mtime_ms, imported_bytes, prefix_hash, synced_at)
       SELECT 'claude-code', source_file, source, 1, 0, 1, 'x', ? FROM chats WHERE id = ?`,
    )
    .run(Date.parse("2026-02-01T00:00:00Z"), synced);
  return db;
}

describe("recollect reading a stored time Date cannot represent", () => {
  it("apps, chats and read answer with that time unknown, and other apps unchanged", async () => {
    const { db, malChatId } = await storeWithBadTime();

    const apps = await runRecollectChild(["--db", db, "--json", "apps"]);
    expect([apps.code, apps.stderr]).toEqual([0, ""]);
    expect(
      JSON.parse(apps.stdout).map((app: { name: string; last_message_at: string | null }) => [
        app.name,
        app.last_message_at,
      ]),
    ).toEqual([
      ["mal", null],
      ["ok", "2026-01-01T00:00:00.000Z"],
    ]);
    const appsText = await runRecollectChild(["--db", db, "apps"]);
    expect([appsText.code, appsText.stdout]).toEqual([
      0,
      "mal  1 chat, 1 message, last unknown time\nok  1 chat, 1 message, last 2026-01-01T00:00:00.000Z\n",
    ]);

    const chats = await runRecollectChild(["--db", db, "--json", "chats", "--app", "mal"]);
    expect([chats.code, JSON.parse(chats.stdout)[0].created_at]).toEqual([0, null]);

    const read = await runRecollectChild([
      "--db",
      db,
      "--json",
      "read",
      "--app",
      "mal",
      "--chat",
      String(malChatId),
    ]);
    expect(read.code).toBe(0);
    const result = JSON.parse(read.stdout);
    expect([
      result.chat_created_at,
      result.messages.map((m: { created_at: unknown }) => m.created_at),
    ]).toEqual([null, [null]]);
    const readText = await runRecollectChild([
      "--db",
      db,
      "read",
      "--app",
      "mal",
      "--chat",
      String(malChatId),
    ]);
    const messageId = result.messages[0].message_id;
    expect([readText.code, readText.stdout]).toEqual([
      0,
      `#${malChatId}  ledger in sqlite  unknown time\n\n[${messageId}] user unknown time\nledger in sqlite\n`,
    ]);
  }, 60_000);

  it("apps falls back to the chat's start, else its sync time, saying which; never to a time that is no date", async () => {
    const db = await storeWithOtherTimes();

    const apps = await runRecollectChild(["--db", db, "--json", "apps"]);
    expect([apps.code, apps.stderr]).toEqual([0, ""]);
    expect(
      JSON.parse(apps.stdout).map(
        (app: { name: string; last_message_at: unknown; last_time_fallback: unknown }) => [
          app.name,
          app.last_message_at,
          app.last_time_fallback,
        ],
      ),
    ).toEqual([
      ["dated-chat", null, { at: "2026-01-01T00:00:00.000Z", from: "chat_created" }],
      ["mixed", "2026-01-04T00:00:00.000Z", null],
      ["none", null, null],
      ["synced", null, { at: "2026-02-01T00:00:00.000Z", from: "synced" }],
    ]);
    const text = await runRecollectChild(["--db", db, "apps"]);
    expect([text.code, text.stdout]).toEqual([
      0,
      [
        "dated-chat  1 chat, 1 message, last unknown time (chat created 2026-01-01T00:00:00.000Z)",
        "mixed  1 chat, 2 messages, last 2026-01-04T00:00:00.000Z",
        "none  1 chat, 1 message, last unknown time",
        "synced  1 chat, 1 message, last unknown time (synced 2026-02-01T00:00:00.000Z)",
        "",
      ].join("\n"),
    ]);
  }, 60_000);

  it("search finds the message and shows its time as unknown", async () => {
    const { db } = await storeWithBadTime();

    const search = await runRecollectChild([
      "--db",
      db,
      "--json",
      "search",
      "--app",
      "mal",
      "ledger",
    ]);
    expect(search.code).toBe(0);
    const [hit] = JSON.parse(search.stdout).chats;
    expect([
      hit.chat_created_at,
      hit.matches.map((m: { created_at: unknown }) => m.created_at),
    ]).toEqual([null, [null]]);
  }, 60_000);

  it("sources writes a sync time that is no date as unknown, null under --json", async () => {
    const db = await storeWithOtherTimes();
    {
      using store = openStore({ path: db });
      store.db.exec(`UPDATE source_files SET synced_at = ${BAD_TIME_MS}`);
    }
    const text = await runRecollectChild(["--db", db, "sources"]);
    expect(text.code).toBe(0);
    const claude = text.stdout.split("\n").filter((line) => line.includes("unknown time"));
    expect(claude.map((line) => line.match(/(last sync|synced) unknown time/)?.[1])).toEqual([
      "last sync",
      "synced",
    ]);
    expect(text.stdout).not.toContain("null");
  }, 60_000);
});
