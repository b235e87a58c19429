/**
 * Test helper: writes a small Dyad-shaped SQLite database (FORMATS.md § 7 schema, unix seconds).
 * No real Dyad database is public, so tests build one with the documented tables.
 */
import Database from "better-sqlite3";

/** Options: `modern` adds the newer `ai_messages_json` / `is_compaction_summary` columns. */
export interface DyadFixtureOptions {
  readonly modern: boolean;
}

/** Creates the database at `path` with two apps, three chats and seven messages. */
export function writeDyadFixture(path: string, options: DyadFixtureOptions): void {
  const db = new Database(path);
  try {
    const extra = options.modern
      ? ", ai_messages_json TEXT, is_compaction_summary INTEGER DEFAULT 0"
      : "";
    db.exec(`
      CREATE TABLE apps (id INTEGER PRIMARY KEY, name TEXT NOT NULL, path TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
      CREATE TABLE chats (id INTEGER PRIMARY KEY, app_id INTEGER NOT NULL, title TEXT,
        created_at INTEGER NOT NULL);
      CREATE TABLE messages (id INTEGER PRIMARY KEY, chat_id INTEGER NOT NULL, role TEXT NOT NULL,
        content TEXT NOT NULL, created_at INTEGER NOT NULL${extra});
      INSERT INTO apps VALUES (1, 'shop', '/apps/shop', 1767225600, 1767225600);
      INSERT INTO apps VALUES (2, 'blog', '/apps/blog', 1767225600, 1767225600);
      INSERT INTO chats VALUES (10, 1, 'Checkout flow', 1767225600);
      INSERT INTO chats VALUES (11, 1, NULL, 1767312000);
      INSERT INTO chats VALUES (20, 2, 'Comments', 1767398400);
    `);
    const insert = db.prepare(
      options.modern
        ? "INSERT INTO messages (id, chat_id, role, content, created_at, ai_messages_json, is_compaction_summary) VALUES (?, ?, ?, ?, ?, ?, ?)"
        : "INSERT INTO messages (id, chat_id, role, content, created_at) VALUES (?, ?, ?, ?, ?)",
    );
    const rows: [number, number, string, string, number, string | null, number][] = [
      [1, 10, "user", "Use Stripe for checkout?", 1767225601, null, 0],
      [
        2,
        10,
        "assistant",
        'Yes.<dyad-write path="src/pay.ts">code</dyad-write>',
        1767225602,
        '{"messages":[]}',
        0,
      ],
      [3, 11, "user", "Add coupons", 1767312001, null, 0],
      [4, 11, "assistant", "Summary of the coupon work so far", 1767312002, null, 1],
      [5, 11, "system", "internal note", 1767312003, null, 0],
      [6, 20, "user", "Moderate comments?", 1767398401, null, 0],
      [7, 20, "assistant", "Queue them for review.", 1767398402, null, 0],
    ];
    for (const row of rows) insert.run(...(options.modern ? row : row.slice(0, 5)));
  } finally {
    db.close();
  }
}
