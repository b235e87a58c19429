/**
 * Test helper: what a search of an app found, as message ids and the corrections it searched, for
 * tests of search over a real store (spelling, abbreviations, variants, what is never evidence).
 */

import type { Store } from "../../store/open-store.js";
import { searchChats } from "../search/search-chats.js";
import type { SpellingCorrection } from "../types.js";

/** The ids of every match of `query` in app `appId` (no current chat), best chat first, and the corrections. */
export async function searchIds(
  store: Store,
  appId: number,
  query: string,
): Promise<{ ids: number[]; corrections: readonly SpellingCorrection[] }> {
  const ctx = { store, appId, currentChatId: null, currentMessageId: null };
  const result = await searchChats(ctx, { query });
  return {
    ids: result.chats.flatMap((chat) => chat.matches.map((match) => match.message_id)),
    corrections: result.corrections ?? [],
  };
}
