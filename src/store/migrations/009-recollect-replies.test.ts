import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempDirs } from "../../importers/testing/temp-dir.js";
import { openStore } from "../open-store.js";
import { MIGRATIONS } from "./index.js";

const dirs = createTempDirs("recollect-m9-");
afterEach(() => dirs.cleanup());

describe("migration 9: replies Recollect itself wrote", () => {
  it("marks the router's stored fixed replies in web chats only, and queues them for the index", () => {
    const path = join(dirs.make(), "store.db");
    {
      using old = openStore({ path, migrations: MIGRATIONS.slice(0, 8) });
      old.db.exec(`
        INSERT INTO apps (id, name, created_at) VALUES (1, 'shop', 1);
        INSERT INTO chats (id, app_id, title, created_at, source, external_id) VALUES
          (7, 1, 'Billing', 1, 'web', 'w1'), (8, 1, 'Imported', 1, 'claude-code', 's1');
        INSERT INTO messages (id, chat_id, role, content, created_at) VALUES
          (1, 7, 'user', 'Decision: billing goes through Stripe.', 1),
          (2, 7, 'assistant', 'Noted.', 1),
          (3, 7, 'user', 'hi', 1),
          (4, 7, 'assistant', 'Hello! I can look up what was decided in this app''s earlier chats. Ask me something like "what did we decide about authentication?"', 1),
          (5, 7, 'user', 'Noted.', 1),
          (6, 7, 'assistant', 'Noted. We chose Stripe.', 1),
          (9, 8, 'user', 'Use Stripe.', 1),
          (10, 8, 'assistant', 'Noted.', 1);
        DELETE FROM history_dirty_messages;
      `);
    }
    using store = openStore({ path });
    const { db } = store;
    expect(
      db.prepare("SELECT id FROM messages WHERE is_recollect_reply = 1 ORDER BY id").pluck().all(),
    ).toEqual([2, 4]);
    expect(
      db.prepare("SELECT message_id FROM history_dirty_messages ORDER BY message_id").pluck().all(),
    ).toEqual([2, 4]);
    // A later change of the mark re-queues the message, as every index trigger does.
    db.exec(
      "DELETE FROM history_dirty_messages; UPDATE messages SET is_recollect_reply = 1 WHERE id = 6;",
    );
    expect(db.prepare("SELECT message_id FROM history_dirty_messages").pluck().all()).toEqual([6]);
  });
});
