/**
 * Report-time existence check for cited messages (plan § Evidence Registry: stale/deleted sources
 * never render). One indexed primary-key lookup per cited message.
 */
import type { Store } from "../../../store/open-store.js";
import type { MessageLocator } from "./report-validation.js";

/** A {@link MessageLocator} over the store: where a message lives now, or null if deleted. */
export function createStoreMessageLocator(store: Store): MessageLocator {
  const statement = store.db.prepare<[number], { chatId: number; appId: number }>(
    "SELECT m.chat_id AS chatId, c.app_id AS appId FROM messages m JOIN chats c ON c.id = m.chat_id WHERE m.id = ?",
  );
  return (messageId) => statement.get(messageId) ?? null;
}
