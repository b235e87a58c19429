/**
 * Report-time existence check for cited messages (plan § Evidence Registry: stale/deleted sources
 * never render). One indexed primary-key lookup per cited message.
 */

import { createMessageLocator } from "../../../store/catalog/messages.js";
import type { Store } from "../../../store/open-store.js";
import type { MessageLocator } from "./report-validation.js";

/** A {@link MessageLocator} over the store: where a message lives now, or null if deleted. */
export function createStoreMessageLocator(store: Store): MessageLocator {
  return createMessageLocator(store.db);
}
