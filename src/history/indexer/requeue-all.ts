import type { DatabasePort } from "../../store/database-port.js";

/**
 * Queues every stored message for (re)indexing — a rebuild. The dirty queue is the index's public
 * input (DESIGN.md § Index): this is exactly what the triggers do for fresh rows. Idempotent.
 */
export function requeueAllMessages(db: DatabasePort): void {
  db.prepare(
    "INSERT OR IGNORE INTO history_dirty_messages (message_id) SELECT id FROM messages",
  ).run();
}
