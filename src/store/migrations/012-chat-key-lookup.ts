import type { Migration } from "../migration.js";

/**
 * An index on `chats(source, external_id)`. A generic JSONL chat's `(app, chat)` key is unique in
 * the whole store, so each such chat a file imports asks whether another file holds it
 * (`catalog/chat-writes.ts` `findChatOfOtherFile`): `source` and `external_id` without
 * `source_file`, which the identity's `UNIQUE (source, source_file, external_id)` index cannot
 * seek (`source_file` sits between them), so every import of a chat scanned every stored chat of
 * its format. A file of 20,000 chats into a store holding 20,000 others took 72 s instead of 6.
 */
export const chatKeyLookup: Migration = {
  version: 12,
  name: "chats found by source and external id",
  up(db) {
    db.exec("CREATE INDEX chats_source_external_id ON chats(source, external_id)");
  },
};
