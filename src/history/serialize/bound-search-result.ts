import type { SearchChatHit, SearchChatsResult } from "../types.js";
import { jsonBytes } from "./json-bytes.js";

/** Bound of one serialized search result, bytes of UTF-8 JSON (DESIGN.md § Retrieval primitives). */
export const MAX_SEARCH_RESULT_BYTES = 12 * 1024;

/**
 * Returns `result` cut to fit `maxBytes` (default {@link MAX_SEARCH_RESULT_BYTES}) as compact JSON:
 * drops the lowest-ranked match first (the second match of the last chat, then the last chat),
 * setting `truncated`. The query is at most 500 chars, so an empty result always fits. Pure.
 *
 * Why rank order and not "more distinct chats" (measured 2026-12-02 on BEAM-100K dev, limit 20,
 * 12.4 of 20 chats survive): dropping every second match before any chat keeps 19.3 chats, but
 * the result then holds 256 instead of 399 of the 1,094 gold messages (the question as the query)
 * and the offline explorer cites 238 gold instead of 346; dropping the lowest-bm25 match first
 * cites 337; shorter excerpts (200–250 chars) hold up to 418 gold messages but cite 344–347, with
 * summarization lower; a 14 KB bound (the same hits plus the next chats) cites 340.
 */
export function boundSearchResult(
  result: SearchChatsResult,
  maxBytes: number = MAX_SEARCH_RESULT_BYTES,
): SearchChatsResult {
  const size = jsonBytes(result);
  if (size <= maxBytes) return result;
  const { fits, result: hinted } = withoutMatchIds(result, size, maxBytes);
  if (fits) return hinted;
  // Sizes are kept per chat so each drop costs one chat's serialization, not the whole result's
  // (20 chats of 2 matches overflow by ~15 matches; re-serializing everything was quadratic).
  // Compact JSON of the result = its bytes with no chats + each chat's bytes + the commas.
  const base = jsonBytes({ ...hinted, chats: [], truncated: true });
  const chats: SearchChatHit[] = [...hinted.chats];
  const sizes = chats.map(jsonBytes);
  let total = base + sizes.reduce((sum, size) => sum + size, 0) + Math.max(chats.length - 1, 0);
  while (chats.length > 0 && total > maxBytes) {
    const index = chats.length - 1;
    const last = chats[index] as SearchChatHit;
    total -= (sizes[index] as number) + (index > 0 ? 1 : 0);
    if (last.matches.length > 1) {
      const shorter = { ...last, matches: last.matches.slice(0, -1) };
      chats[index] = shorter;
      sizes[index] = jsonBytes(shorter);
      total += (sizes[index] as number) + (index > 0 ? 1 : 0);
    } else {
      chats.pop();
      sizes.pop();
    }
  }
  return { ...hinted, chats, truncated: true };
}

/**
 * `result` (of `size` bytes as JSON) with the last chats' `more_match_ids` (and their count) left out, last chat first, until it fits
 * `maxBytes` (`fits`), else with none left. The ids point at matches no result shows: they go
 * before any hit, and leaving them out drops no hit, so sets no `truncated`. Pure.
 */
function withoutMatchIds(
  result: SearchChatsResult,
  size: number,
  maxBytes: number,
): { readonly fits: boolean; readonly result: SearchChatsResult } {
  const chats = [...result.chats];
  let total = size;
  for (let index = chats.length - 1; index >= 0 && total > maxBytes; index--) {
    const chat = chats[index] as SearchChatHit;
    if (chat.more_match_ids === undefined) continue;
    const { more_match_ids: _dropped, more_match_count: _count, ...bare } = chat;
    total -= jsonBytes(chat) - jsonBytes(bare);
    chats[index] = bare;
  }
  return { fits: total <= maxBytes, result: { ...result, chats } };
}

/** The search result as the JSON a model sees: compact, always ≤ `maxBytes` (default 12 KB). */
export function serializeSearchResult(
  result: SearchChatsResult,
  maxBytes: number = MAX_SEARCH_RESULT_BYTES,
): string {
  return JSON.stringify(boundSearchResult(result, maxBytes));
}
