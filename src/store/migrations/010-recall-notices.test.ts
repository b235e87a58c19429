import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createIndexer } from "../../history/indexer/create-indexer.js";
import { searchChats } from "../../history/search/search-chats.js";
import { createTempDirs } from "../../importers/testing/temp-dir.js";
import { openStore } from "../open-store.js";
import { RECALL_NOTICE_BEFORE_MIGRATION_10 } from "./010-recall-notices.js";
import { MIGRATIONS } from "./index.js";

const dirs = createTempDirs("recollect-m10-");
afterEach(() => dirs.cleanup());

describe("migration 10: Recollect's notices to recall questions", () => {
  it("marks the stored no-history notices Recollect wrote and queues their questions, which then are no evidence", async () => {
    const path = join(dirs.make(), "store.db");
    {
      using old = openStore({ path, migrations: MIGRATIONS.slice(0, 9) });
      old.db.exec(`
        INSERT INTO apps (id, name, created_at) VALUES (1, 'shop', 1);
        INSERT INTO chats (id, app_id, title, created_at, source, external_id) VALUES
          (7, 1, NULL, 1, 'web', 'w1'), (8, 1, NULL, 1, 'claude-code', 's1');
        INSERT INTO messages (id, chat_id, role, content, created_at, is_recollect_reply) VALUES
          (1, 7, 'user', 'Decision: refunds go through Stripe.', 1, 0),
          (2, 7, 'assistant', 'Noted.', 1, 1),
          (3, 7, 'user', 'What did we decide about refunds?', 1, 0),
          (4, 7, 'assistant', '${RECALL_NOTICE_BEFORE_MIGRATION_10.replaceAll("'", "''")}', 1, 1),
          (9, 8, 'user', 'Which refunds flow did we pick?', 1, 0),
          (10, 8, 'assistant', '${RECALL_NOTICE_BEFORE_MIGRATION_10.replaceAll("'", "''")}', 1, 0);
        DELETE FROM history_dirty_messages;
      `);
    }
    using store = openStore({ path });
    const { db } = store;
    // Only a reply Recollect wrote: another tool's model quoting the sentence is not Recollect's.
    expect(db.prepare("SELECT id FROM messages WHERE is_recall_notice = 1").pluck().all()).toEqual([
      4,
    ]);
    expect(db.prepare("SELECT message_id FROM history_dirty_messages").pluck().all()).toEqual([3]);
    // Every row indexed (start-up repair queues the unindexed ones), as this build projects them.
    await using indexer = createIndexer({ store, pollIntervalMs: 0 });
    indexer.start();
    await indexer.drainAll();
    const ctx = { store, appId: 1, currentChatId: null, currentMessageId: null };
    const result = await searchChats(ctx, { query: "refunds" });
    const ids = result.chats.flatMap((chat) => chat.matches.map((match) => match.message_id));
    expect([...ids].sort((a, b) => a - b)).toEqual([1, 9]);
  });
});
