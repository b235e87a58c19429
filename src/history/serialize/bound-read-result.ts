import type { ReadChatResult, ReadMessage } from "../types.js";
import { jsonBytes } from "./json-bytes.js";

/** Bound of one serialized read result, bytes of UTF-8 JSON (DESIGN.md § Retrieval primitives). */
export const MAX_READ_RESULT_BYTES = 20 * 1024;

/**
 * Returns `result` cut to fit `maxBytes` (default {@link MAX_READ_RESULT_BYTES}) as compact JSON.
 * Drops the message farthest from `targetMessageId` (or, without a target, the last one), and sets
 * `has_more_before`/`has_more_after` for the dropped side and `truncated`. The target is never
 * dropped; a lone message still over the bound (only possible with a tiny `maxBytes`) has its
 * content shortened instead. Pure.
 */
export function boundReadResult(
  result: ReadChatResult,
  targetMessageId: number | null = null,
  maxBytes: number = MAX_READ_RESULT_BYTES,
): ReadChatResult {
  if (jsonBytes(result) <= maxBytes) return result;
  let messages: ReadMessage[] = [...result.messages];
  let hasMoreBefore = result.has_more_before;
  let hasMoreAfter = result.has_more_after;
  const build = (): ReadChatResult => ({
    ...result,
    messages,
    has_more_before: hasMoreBefore,
    has_more_after: hasMoreAfter,
    truncated: true,
  });
  let bounded = build();
  while (messages.length > 1 && jsonBytes(bounded) > maxBytes) {
    const targetIndex = messages.findIndex((message) => message.message_id === targetMessageId);
    const dropFirst = targetIndex !== -1 && targetIndex > messages.length - 1 - targetIndex;
    if (dropFirst) {
      messages = messages.slice(1);
      hasMoreBefore = true;
    } else if (targetIndex === messages.length - 1) {
      messages = messages.slice(1);
      hasMoreBefore = true;
    } else {
      messages = messages.slice(0, -1);
      hasMoreAfter = true;
    }
    bounded = build();
  }
  const only = messages[0];
  if (only !== undefined && jsonBytes(bounded) > maxBytes) {
    let content = only.content;
    while (content.length > 0 && jsonBytes(bounded) > maxBytes) {
      content = content.slice(0, Math.floor(content.length * 0.8));
      messages = [{ ...only, content, projection_truncated: true }];
      bounded = build();
    }
  }
  return bounded;
}

/** The read result as the JSON a model sees: compact, always ≤ `maxBytes` (default 20 KB). */
export function serializeReadResult(
  result: ReadChatResult,
  targetMessageId: number | null = null,
  maxBytes: number = MAX_READ_RESULT_BYTES,
): string {
  return JSON.stringify(boundReadResult(result, targetMessageId, maxBytes));
}
