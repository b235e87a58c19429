import { describe, expect, it } from "vitest";
import { openStore } from "../open-store.js";
import {
  appExists,
  appOtherTimes,
  appsWithPath,
  findAppByName,
  listAppActivity,
  listApps,
} from "./apps.js";

function seeded() {
  const store = openStore({ path: ":memory:" });
  const db = store.db;
  db.prepare("INSERT INTO apps (id, name, path, created_at) VALUES (1, 'web', '/p/web', 0)").run();
  db.prepare("INSERT INTO apps (id, name, path, created_at) VALUES (2, 'api', NULL, 0)").run();
  db.prepare("INSERT INTO app_roots (path, app_id) VALUES ('/p/web', 1), ('/p/web2', 1)").run();
  db.prepare(
    "INSERT INTO chats (id, app_id, title, created_at, source, external_id) VALUES (10, 1, 't', 5, 'web', 'x')",
  ).run();
  db.prepare(
    "INSERT INTO messages (chat_id, role, content, created_at) VALUES (10, 'user', 'a', 7), (10, 'assistant', 'b', 9)",
  ).run();
  return store;
}

describe("apps catalog", () => {
  it("finds an app by its exact name only", () => {
    using store = seeded();
    expect(findAppByName(store.db, "web")).toEqual({ id: 1, name: "web", path: "/p/web" });
    expect(findAppByName(store.db, "Web")).toBeNull();
    expect(findAppByName(store.db, "missing")).toBeNull();
    expect(appExists(store.db, 2)).toBe(true);
    expect(appExists(store.db, 3)).toBe(false);
    expect(appsWithPath(store.db)).toEqual([
      { id: 1, name: "web", path: "/p/web" },
      { id: 1, name: "web", path: "/p/web2" },
    ]);
  });

  it("lists apps by name with counts, roots and the newest message time", () => {
    using store = seeded();
    expect(listApps(store.db)).toEqual([
      { id: 2, name: "api", chatCount: 0 },
      { id: 1, name: "web", chatCount: 1 },
    ]);
    expect(listAppActivity(store.db)).toEqual([
      {
        id: 2,
        name: "api",
        path: null,
        roots: [],
        chatCount: 0,
        messageCount: 0,
        lastMessageAtMs: null,
      },
      {
        id: 1,
        name: "web",
        path: "/p/web",
        roots: ["/p/web", "/p/web2"],
        chatCount: 1,
        messageCount: 2,
        lastMessageAtMs: 9,
      },
    ]);
  });

  it("leaves a time that is no date out of the newest message time and the other times", () => {
    using store = seeded();
    const db = store.db;
    db.prepare(
      "INSERT INTO chats (id, app_id, title, created_at, source, source_file, external_id) VALUES (11, 1, 't', 99999999999999999, 'claude-code', '/h/a.jsonl', 'y')",
    ).run();
    db.prepare(
      "INSERT INTO messages (chat_id, role, content, created_at) VALUES (11, 'user', 'c', 99999999999999999)",
    ).run();
    db.prepare(
      `INSERT INTO source_files (source, path, format, size, mtime_ms, imported_bytes, prefix_hash, synced_at)
       VALUES ('claude-code', '/h/a.jsonl', 'claude-code', 1, 0, 1, 'x', 20)`,
    ).run();
    expect(listAppActivity(db).find((app) => app.id === 1)?.lastMessageAtMs).toBe(9);
    expect(appOtherTimes(db, 1)).toEqual({ chatCreatedAtMs: 5, syncedAtMs: 20 });
    db.prepare("UPDATE chats SET created_at = -99999999999999999 WHERE id = 10").run();
    expect(appOtherTimes(db, 1)).toEqual({ chatCreatedAtMs: null, syncedAtMs: 20 });
    expect(appOtherTimes(db, 2)).toEqual({ chatCreatedAtMs: null, syncedAtMs: null });
  });
});
