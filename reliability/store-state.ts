/**
 * What "the store is whole" means for the crash and concurrency checks, measured on a plain
 * better-sqlite3 connection (no migration, no repair, nothing written to the file):
 *
 * - `PRAGMA integrity_check` says `ok` and `PRAGMA foreign_key_check` finds nothing;
 * - the stored chats and messages, in a canonical order, equal a reference (a clean import);
 * - the index equals the projection: the queue is empty, `history_fts` holds exactly one row per
 *   message, its unindexed columns are what `buildIndexRow()` derives, and every indexed token
 *   (term, document, column, offset, read through `fts5vocab` `instance`) equals those of a
 *   reference index built from `buildIndexRow()` in an attached in-memory database.
 */
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { buildIndexRow } from "../src/history/indexer/build-index-row.js";
import { historyToolReply, NO_REPLY } from "../src/history/projection/reply-content.js";

/** The stored history as one canonical JSON text. */
export function historyDigest(db: Database.Database): {
  chats: number;
  messages: number;
  sha256: string;
} {
  const chats = db
    .prepare<[], Record<string, unknown>>(
      `SELECT c.id, a.name AS app, c.title, c.created_at, c.source, c.external_id
         FROM chats c JOIN apps a ON a.id = c.app_id ORDER BY c.source, c.external_id`,
    )
    .all();
  const messagesOf = db.prepare<[unknown], Record<string, unknown>>(
    `SELECT role, content, created_at, is_compaction_summary, ai_messages_json
       FROM messages WHERE chat_id = ? ORDER BY created_at, id`,
  );
  const hash = createHash("sha256");
  let messages = 0;
  for (const { id, ...chat } of chats) {
    const rows = messagesOf.all(id);
    messages += rows.length;
    hash.update(JSON.stringify({ chat, messages: rows }));
    hash.update("\n");
  }
  return { chats: chats.length, messages, sha256: hash.digest("hex") };
}

/** `PRAGMA integrity_check` is `ok` and no foreign key is violated. */
export function storeIsIntact(db: Database.Database): boolean {
  const integrity = db.pragma("integrity_check", { simple: true });
  const violations = db.pragma("foreign_key_check") as unknown[];
  return integrity === "ok" && violations.length === 0;
}

interface SourceRow {
  id: number;
  chat_id: number;
  app_id: number;
  title: string | null;
  source: string;
  role: "user" | "assistant";
  content: string;
  is_compaction_summary: number;
  is_recollect_reply: number;
  is_recall_notice: number;
  created_at: number;
}

/** Differences between the index and the projection; all zero when they are equal. */
export interface IndexDifference {
  readonly queued: number;
  readonly missingRows: number;
  readonly extraRows: number;
  readonly wrongColumns: number;
  readonly wrongTokens: number;
}

/** Compares `history_fts` with an index built from the projection of every stored message. */
export function indexDifference(db: Database.Database): IndexDifference {
  const queued =
    db
      .prepare<[], { n: number }>(
        "SELECT (SELECT count(*) FROM history_dirty_messages) + (SELECT count(*) FROM history_dirty_chats) AS n",
      )
      .get()?.n ?? 0;
  const sources = db
    .prepare<[], SourceRow>(
      `SELECT m.id, m.chat_id, c.app_id, c.title, c.source, m.role, m.content, m.is_compaction_summary,
              m.is_recollect_reply, m.is_recall_notice, m.created_at
         FROM messages m JOIN chats c ON c.id = m.chat_id ORDER BY m.id`,
    )
    .all();
  const stored = new Map(
    db
      .prepare<[], Record<string, unknown> & { rowid: number }>(
        "SELECT rowid, app_id, chat_id, role, created_at, is_compaction_summary, projection_truncated FROM history_fts",
      )
      .all()
      .map((row) => [row.rowid, row]),
  );
  const schema = db
    .prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'history_fts'")
    .get()?.sql;
  if (schema === undefined) throw new Error("store-state: no history_fts table");
  db.exec("ATTACH DATABASE ':memory:' AS reference");
  try {
    db.exec(
      schema.replace(
        /CREATE VIRTUAL TABLE\s+"?history_fts"?/i,
        "CREATE VIRTUAL TABLE reference.history_fts",
      ),
    );
    const insert = db.prepare(
      `INSERT INTO reference.history_fts (rowid, title, body, cjk, scope, app_id, chat_id, role, created_at, is_compaction_summary, projection_truncated)
       VALUES (@rowid, @title, @body, @cjk, @scope, @app_id, @chat_id, @role, @created_at, @is_compaction_summary, @projection_truncated)`,
    );
    let missingRows = 0;
    let wrongColumns = 0;
    // The message after each one in its chat (sources are in id order), for answeredByHistoryTool.
    const nextInChat = new Map<number, SourceRow>();
    const lastInChat = new Map<number, SourceRow>();
    for (const source of sources) {
      const previous = lastInChat.get(source.chat_id);
      if (previous !== undefined) nextInChat.set(previous.id, source);
      lastInChat.set(source.chat_id, source);
    }
    db.transaction(() => {
      for (const source of sources) {
        const reply = nextInChat.get(source.id);
        const row = buildIndexRow({
          messageId: source.id,
          appId: source.app_id,
          chatId: source.chat_id,
          chatTitle: source.title,
          chatSource: source.source,
          role: source.role,
          content: source.content,
          isCompactionSummary: source.is_compaction_summary === 1,
          answeredByHistoryTool: historyToolReply(
            source.role === "user" && reply?.role === "assistant"
              ? { reply_content: reply.content, reply_is_recall_notice: reply.is_recall_notice }
              : NO_REPLY,
          ),
          recollectReply: source.is_recollect_reply === 1,
          createdAt: source.created_at,
        });
        insert.run(row);
        const have = stored.get(source.id);
        if (have === undefined) missingRows += 1;
        else if (
          have.app_id !== row.app_id ||
          have.chat_id !== row.chat_id ||
          have.role !== row.role ||
          have.created_at !== row.created_at ||
          have.is_compaction_summary !== row.is_compaction_summary ||
          have.projection_truncated !== row.projection_truncated
        ) {
          wrongColumns += 1;
        }
      }
    })();
    const ids = new Set(sources.map((source) => source.id));
    const extraRows = [...stored.keys()].filter((rowid) => !ids.has(rowid)).length;
    db.exec(`
      CREATE VIRTUAL TABLE temp.stored_tokens USING fts5vocab(main, history_fts, instance);
      CREATE VIRTUAL TABLE temp.reference_tokens USING fts5vocab(reference, history_fts, instance);`);
    const wrongTokens =
      db
        .prepare<[], { n: number }>(
          `SELECT count(*) AS n FROM (
             SELECT * FROM (SELECT term, doc, col, offset FROM temp.stored_tokens
                            EXCEPT SELECT term, doc, col, offset FROM temp.reference_tokens)
             UNION ALL
             SELECT * FROM (SELECT term, doc, col, offset FROM temp.reference_tokens
                            EXCEPT SELECT term, doc, col, offset FROM temp.stored_tokens))`,
        )
        .get()?.n ?? 0;
    return { queued, missingRows, extraRows, wrongColumns, wrongTokens };
  } finally {
    db.exec("DROP TABLE IF EXISTS temp.stored_tokens; DROP TABLE IF EXISTS temp.reference_tokens");
    db.exec("DETACH DATABASE reference");
  }
}

/** True when every count of `difference` is zero. */
export function indexEqualsProjection(difference: IndexDifference): boolean {
  return Object.values(difference).every((count) => count === 0);
}

/**
 * Opens `path` for inspection (no migration, no repair; `readonly` for a poller beside a running
 * writer). Close it when done.
 */
export function openForInspection(
  path: string,
  options: { readonly readonly?: boolean } = {},
): Database.Database {
  const db = new Database(path, { fileMustExist: true, readonly: options.readonly === true });
  db.pragma("busy_timeout = 10000");
  return db;
}
