import type { SearchChatHit, SearchChatsResult } from "../types.js";
import { jsonBytes } from "./json-bytes.js";

/** Bound of one serialized search result, bytes of UTF-8 JSON (DESIGN.md § Retrieval primitives). */
export const MAX_SEARCH_RESULT_BYTES = 12 * 1024;

/**
 * Returns `result` cut to fit `maxBytes` (default {@link MAX_SEARCH_RESULT_BYTES}) as compact JSON:
 * drops the lowest-ranked match first (the second match of the last chat, then the last chat),
 * setting `truncated`. The query is at most 500 chars, so an empty result always fits. Pure.
 */
export function boundSearchResult(
  result: SearchChatsResult,
  maxBytes: number = MAX_SEARCH_RESULT_BYTES,
): SearchChatsResult {
  if (jsonBytes(result) <= maxBytes) return result;
  const chats: SearchChatHit[] = [...result.chats];
  let bounded: SearchChatsResult = { ...result, chats, truncated: true };
  while (chats.length > 0 && jsonBytes(bounded) > maxBytes) {
    const last = chats[chats.length - 1];
    if (last !== undefined && last.matches.length > 1) {
      chats[chats.length - 1] = { ...last, matches: last.matches.slice(0, -1) };
    } else {
      chats.pop();
    }
    bounded = { ...result, chats: [...chats], truncated: true };
  }
  return bounded;
}

/** The search result as the JSON a model sees: compact, always ≤ `maxBytes` (default 12 KB). */
export function serializeSearchResult(
  result: SearchChatsResult,
  maxBytes: number = MAX_SEARCH_RESULT_BYTES,
): string {
  return JSON.stringify(boundSearchResult(result, maxBytes));
}
