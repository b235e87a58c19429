import type { StorePort } from "../../store/database-port.js";
import { PROJECTION_VERSION } from "../projection/projection-version.js";
import { storedProjectionVersion } from "./index-meta.js";

/**
 * Most queued messages counted per call. During a full backfill the queue holds every message;
 * counting past this would cost a scan per search for a number nobody needs exactly.
 */
export const MAX_PENDING_COUNT = 100_000;

/**
 * Messages of `appId` waiting in the queue (queued messages plus every message of a queued chat),
 * outside `excludeChatId`, saturating at {@link MAX_PENDING_COUNT}. 0 means the app's index is
 * current. Costs one indexed `EXISTS` when both queues are empty (the usual case).
 *
 * A read-only store whose rows were built by another projection version counts every message of
 * the app: none holds the text this build indexes and nothing here will re-queue them (a writable
 * store re-queues them at start-up repair), so such an index is never reported ready.
 */
export function countPending(
  store: StorePort,
  appId: number,
  excludeChatId: number | null,
): number {
  const { db } = store;
  if (!store.writable && storedProjectionVersion(db) !== PROJECTION_VERSION) {
    return countAppMessages(store, appId, excludeChatId);
  }
  const anyQueued = db
    .prepare(
      "SELECT EXISTS (SELECT 1 FROM history_dirty_messages) OR EXISTS (SELECT 1 FROM history_dirty_chats)",
    )
    .pluck()
    .get();
  if (anyQueued !== 1) return 0;
  // CROSS JOIN fixes the loop order: walk the (small) queue, never the app's messages.
  const count = db
    .prepare(`
      SELECT
        (SELECT count(*) FROM (
           SELECT 1 FROM history_dirty_messages d
           CROSS JOIN messages m ON m.id = d.message_id
           CROSS JOIN chats c ON c.id = m.chat_id
           WHERE c.app_id = @appId AND m.chat_id IS NOT @excludeChatId
           LIMIT @cap))
      + (SELECT count(*) FROM (
           SELECT 1 FROM history_dirty_chats dc
           CROSS JOIN chats c ON c.id = dc.chat_id
           CROSS JOIN messages m ON m.chat_id = dc.chat_id
           WHERE c.app_id = @appId AND dc.chat_id IS NOT @excludeChatId
           LIMIT @cap))`)
    .pluck()
    .get({ appId, excludeChatId, cap: MAX_PENDING_COUNT });
  return typeof count === "number" ? Math.min(count, MAX_PENDING_COUNT) : 0;
}

/** Messages of `appId` outside `excludeChatId`, saturating at {@link MAX_PENDING_COUNT}. */
function countAppMessages(store: StorePort, appId: number, excludeChatId: number | null): number {
  const count = store.db
    .prepare(`
      SELECT count(*) FROM (
        SELECT 1 FROM chats c CROSS JOIN messages m ON m.chat_id = c.id
        WHERE c.app_id = @appId AND c.id IS NOT @excludeChatId
        LIMIT @cap)`)
    .pluck()
    .get({ appId, excludeChatId, cap: MAX_PENDING_COUNT });
  return typeof count === "number" ? count : 0;
}
