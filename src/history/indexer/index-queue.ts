import { z } from "zod";
import type { StorePort } from "../../store/database-port.js";
import { writeTransaction } from "../../store/write-transaction.js";
import {
  historyToolReply,
  replyColumnsShape,
  replyColumnsSql,
} from "../projection/reply-content.js";
import { buildIndexRow } from "./build-index-row.js";
import { PROJECTION_VERSION_KEY } from "./index-meta.js";
import { countPending } from "./pending-count.js";

export { PROJECTION_VERSION_KEY } from "./index-meta.js";

const dirtyRowSchema = z.object({
  message_id: z.number().int(),
  role: z.enum(["user", "assistant"]).nullable(),
  content: z.string().nullable(),
  is_compaction_summary: z.number().int().nullable(),
  created_at: z.number().nullable(),
  chat_id: z.number().int().nullable(),
  app_id: z.number().int().nullable(),
  title: z.string().nullable(),
  source: z.string().nullable(),
  ...replyColumnsShape,
  is_recollect_reply: z.number().int().nullable(),
});

const dirtyRowsSchema = z.array(dirtyRowSchema);

/** What start-up repair changed, in rows. */
export interface RepairReport {
  /** Every message was re-queued because the projection version changed. */
  readonly projectionVersionChanged: boolean;
  /** Index rows whose message no longer exists, deleted. */
  readonly orphansRemoved: number;
  /** Messages with neither an index row nor a queue entry, queued. */
  readonly missingQueued: number;
}

/**
 * Synchronous queue operations over one database: every method is one short transaction, so a
 * batch either fully lands or not at all. The async lifecycle lives in `createIndexer()`.
 */
export interface IndexQueue {
  /** Indexes up to `batchSize` queued messages (and expands queued chats). Returns rows handled. */
  drainBatch(batchSize: number): number;
  /** True when either queue has an entry. */
  hasPending(): boolean;
  /** Messages of `appId` not yet searchable as projected now, outside `excludeChatId` (`countPending`). */
  pendingCount(appId: number, excludeChatId: number | null): number;
  /** Start-up repair against `projectionVersion` (DESIGN.md § Index). */
  repair(projectionVersion: number): RepairReport;
  /**
   * The cheap part of {@link IndexQueue.repair} alone: a projection-version change re-queues every
   * message. One meta read when nothing changed, so a one-shot drain after a write stays
   * proportional to what was written (the orphan and missing-row scans read the whole store).
   */
  repairProjectionVersion(projectionVersion: number): RepairReport;
}

/** Prepares the queue statements on `store.db` (which must have migration 002). */
export function createIndexQueue(store: StorePort): IndexQueue {
  const { db } = store;
  const selectDirtyChats = db
    .prepare("SELECT chat_id FROM history_dirty_chats ORDER BY chat_id LIMIT ?")
    .pluck();
  const queueChatMessages = db.prepare(
    "INSERT OR IGNORE INTO history_dirty_messages (message_id) SELECT id FROM messages WHERE chat_id = ?",
  );
  const unqueueChat = db.prepare("DELETE FROM history_dirty_chats WHERE chat_id = ?");
  const selectDirtyMessages = db.prepare(`
    SELECT d.message_id, m.role, m.content, m.is_compaction_summary, m.is_recollect_reply,
           m.created_at, m.chat_id, c.app_id, c.title, c.source,
           ${replyColumnsSql("m")}
    FROM history_dirty_messages d
    LEFT JOIN messages m ON m.id = d.message_id
    LEFT JOIN chats c ON c.id = m.chat_id
    ORDER BY d.message_id DESC
    LIMIT ?`);
  const replaceRow = db.prepare(`
    REPLACE INTO history_fts (rowid, title, body, cjk, scope, app_id, chat_id, role, created_at,
                              is_compaction_summary, projection_truncated)
    VALUES (@rowid, @title, @body, @cjk, @scope, @app_id, @chat_id, @role, @created_at,
            @is_compaction_summary, @projection_truncated)`);
  const deleteRow = db.prepare("DELETE FROM history_fts WHERE rowid = ?");
  // The batch is the `n` highest queued ids, so "≥ the lowest of them" is exactly the batch.
  const unqueueFrom = db.prepare("DELETE FROM history_dirty_messages WHERE message_id >= ?");
  const anyPending = db
    .prepare(
      "SELECT EXISTS (SELECT 1 FROM history_dirty_messages) OR EXISTS (SELECT 1 FROM history_dirty_chats)",
    )
    .pluck();
  const readMeta = db.prepare("SELECT value FROM history_meta WHERE key = ?").pluck();
  const writeMeta = db.prepare(
    "INSERT INTO history_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  );
  const queueAll = db.prepare(
    "INSERT OR IGNORE INTO history_dirty_messages (message_id) SELECT id FROM messages",
  );
  const removeOrphans = db.prepare(`
    DELETE FROM history_fts WHERE rowid IN (
      SELECT f.rowid FROM history_fts f LEFT JOIN messages m ON m.id = f.rowid WHERE m.id IS NULL)`);
  const queueMissing = db.prepare(`
    INSERT OR IGNORE INTO history_dirty_messages (message_id)
    SELECT m.id FROM messages m
    WHERE NOT EXISTS (SELECT 1 FROM history_fts f WHERE f.rowid = m.id)`);

  const drainBatch = writeTransaction(db, (batchSize: number): number => {
    for (const chatId of selectDirtyChats.all(batchSize)) {
      queueChatMessages.run(chatId);
      unqueueChat.run(chatId);
    }
    const rows = dirtyRowsSchema.parse(selectDirtyMessages.all(batchSize));
    for (const row of rows) {
      if (
        row.role === null ||
        row.content === null ||
        row.chat_id === null ||
        row.app_id === null ||
        row.source === null ||
        row.created_at === null
      ) {
        deleteRow.run(row.message_id);
      } else {
        replaceRow.run(
          buildIndexRow({
            messageId: row.message_id,
            appId: row.app_id,
            chatId: row.chat_id,
            chatTitle: row.title,
            chatSource: row.source,
            role: row.role,
            content: row.content,
            isCompactionSummary: row.is_compaction_summary === 1,
            answeredByHistoryTool: historyToolReply(row),
            recollectReply: row.is_recollect_reply === 1,
            createdAt: row.created_at,
          }),
        );
      }
    }
    const lowest = rows.at(-1);
    if (lowest !== undefined) unqueueFrom.run(lowest.message_id);
    return rows.length;
  });

  const requeueOnNewVersion = (projectionVersion: number): boolean => {
    const stored = readMeta.get(PROJECTION_VERSION_KEY);
    const projectionVersionChanged = stored !== String(projectionVersion);
    if (projectionVersionChanged) {
      queueAll.run();
      writeMeta.run(PROJECTION_VERSION_KEY, String(projectionVersion));
    }
    return projectionVersionChanged;
  };
  const repairVersion = writeTransaction(
    db,
    (projectionVersion: number): RepairReport => ({
      projectionVersionChanged: requeueOnNewVersion(projectionVersion),
      orphansRemoved: 0,
      missingQueued: 0,
    }),
  );
  const repair = writeTransaction(db, (projectionVersion: number): RepairReport => {
    const projectionVersionChanged = requeueOnNewVersion(projectionVersion);
    const orphansRemoved = removeOrphans.run().changes;
    const missingQueued = projectionVersionChanged ? 0 : queueMissing.run().changes;
    return { projectionVersionChanged, orphansRemoved, missingQueued };
  });

  // The index is derived data: its rows and the queue entries they clear commit together, so a
  // batch lost to a power cut is simply drained again. In WAL mode that makes `synchronous =
  // NORMAL` safe for these transactions, and it saves an fsync per batch (measured: 2-3x faster
  // backfill on this VM). Other writers keep the connection's own setting.
  const isWal = String(db.pragma("journal_mode", { simple: true })).toLowerCase() === "wal";
  const drainRelaxed = (batchSize: number): number => {
    const previous = Number(db.pragma("synchronous", { simple: true }));
    if (!isWal || previous <= 1 || db.inTransaction) return drainBatch(batchSize);
    db.pragma("synchronous = NORMAL");
    try {
      return drainBatch(batchSize);
    } finally {
      db.pragma(`synchronous = ${previous}`);
    }
  };

  return {
    drainBatch: drainRelaxed,
    hasPending: () => anyPending.get() === 1,
    pendingCount: (appId, excludeChatId) => countPending(store, appId, excludeChatId),
    repair: (projectionVersion) => repair(projectionVersion),
    repairProjectionVersion: (projectionVersion) =>
      readMeta.get(PROJECTION_VERSION_KEY) === String(projectionVersion)
        ? { projectionVersionChanged: false, orphansRemoved: 0, missingQueued: 0 }
        : repairVersion(projectionVersion),
  };
}
