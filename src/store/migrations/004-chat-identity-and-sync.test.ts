import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../open-store.js";
import { MIGRATIONS } from "./index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("migration 4: chat identity by source file", () => {
  it("keeps every chat, message, summary, plan link and index trigger of a version-3 store", () => {
    const dir = mkdtempSync(join(tmpdir(), "recollect-m4-"));
    dirs.push(dir);
    const path = join(dir, "store.db");
    {
      using old = openStore({ path, migrations: MIGRATIONS.slice(0, 3) });
      old.db.exec(`
        INSERT INTO apps (id, name, path, created_at) VALUES (1, 'shop', '/code/shop', 1), (2, 'notes', NULL, 1);
        INSERT INTO chats (id, app_id, title, created_at, source, external_id, summary)
          VALUES (7, 1, 'Queue', 10, 'claude-code', 'sess-1', 'chose SQS'), (8, 2, NULL, 11, 'jsonl', 'n1', NULL);
        INSERT INTO messages (chat_id, role, content, created_at) VALUES
          (7, 'user', 'Which queue?', 10), (7, 'assistant', 'SQS.', 11), (8, 'user', 'note', 12);
        INSERT INTO plans (app_id, chat_id, title, body, created_at, updated_at)
          VALUES (1, 7, 'p', 'b', 1, 1);
      `);
    }
    using store = openStore({ path });
    const db = store.db;
    expect(db.pragma("user_version", { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    expect(
      db
        .prepare(
          "SELECT id, app_id, title, source, source_file, external_id, summary, parent_chat_id FROM chats ORDER BY id",
        )
        .all(),
    ).toEqual([
      {
        id: 7,
        app_id: 1,
        title: "Queue",
        source: "claude-code",
        source_file: "",
        external_id: "sess-1",
        summary: "chose SQS",
        parent_chat_id: null,
      },
      {
        id: 8,
        app_id: 2,
        title: null,
        source: "jsonl",
        source_file: "",
        external_id: "n1",
        summary: null,
        parent_chat_id: null,
      },
    ]);
    expect(db.prepare("SELECT count(*) FROM messages").pluck().get()).toBe(3);
    expect(db.prepare("SELECT chat_id FROM plans").pluck().get()).toBe(7);
    expect(db.prepare("SELECT path, app_id FROM app_roots").all()).toEqual([
      { path: "/code/shop", app_id: 1 },
    ]);
    // The chat triggers came back: a title change queues the chat for re-indexing.
    db.exec("DELETE FROM history_dirty_chats; UPDATE chats SET title = 'Queues' WHERE id = 7");
    expect(db.prepare("SELECT chat_id FROM history_dirty_chats").pluck().all()).toEqual([7]);
    // Foreign keys are back on and still cascade.
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    db.exec("DELETE FROM chats WHERE id = 8");
    expect(db.prepare("SELECT count(*) FROM messages").pluck().get()).toBe(2);
    // The same session id from another file is another chat.
    db.exec(
      "INSERT INTO chats (app_id, created_at, source, source_file, external_id) VALUES (1, 1, 'claude-code', '/b.jsonl', 'sess-1')",
    );
    expect(() =>
      db.exec(
        "INSERT INTO chats (app_id, created_at, source, source_file, external_id) VALUES (1, 1, 'claude-code', '/b.jsonl', 'sess-1')",
      ),
    ).toThrow(/UNIQUE/);
  });
});
