import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempDirs } from "../../importers/testing/temp-dir.js";
import { prepareChatWrites } from "../catalog/chat-writes.js";
import { openStore } from "../open-store.js";
import { recordingPrepares } from "../testing/recording-prepares.js";

const dirs = createTempDirs("recollect-chat-key-");
afterEach(() => dirs.cleanup());

describe("migration 012: chats found by source and external id", () => {
  it("the takeover check of a generic JSONL chat seeks its key instead of scanning the format's chats", () => {
    using store = openStore({ path: join(dirs.make(), "r.db") });
    const { db, prepared } = recordingPrepares(store.db);
    prepareChatWrites(db);
    const lookup = prepared.find((sql) => /external_id = \? AND source_file NOT IN/.test(sql));
    expect(lookup).toBeDefined();
    const plan = store.db
      .prepare<[string, string, string], { detail: string }>(`EXPLAIN QUERY PLAN ${lookup}`)
      .all("jsonl", "k", "/a.jsonl")
      .map((row) => row.detail);
    expect(plan).toEqual([
      "SEARCH chats USING INDEX chats_source_external_id (source=? AND external_id=?)",
    ]);
  });
});
