import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ReadChatResult, ReadMessage, SearchChatsResult, SearchMatch } from "../types.js";
import { boundReadResult, serializeReadResult } from "./bound-read-result.js";
import { boundSearchResult, serializeSearchResult } from "./bound-search-result.js";
import { jsonBytes } from "./json-bytes.js";

const match = (id: number): SearchMatch => ({
  message_id: id,
  role: "user",
  created_at: "2026-01-01T00:00:00.000Z",
  excerpt: "測".repeat(300),
  is_compaction_summary: false,
  projection_truncated: false,
});

const message = (id: number): ReadMessage => ({
  message_id: id,
  role: "assistant",
  created_at: "2026-01-01T00:00:00.000Z",
  content: '"'.repeat(2_400),
  is_compaction_summary: false,
  projection_truncated: false,
});

/** The bound by its definition: drop the last match and re-measure the whole, until it fits. */
function dropUntilFits(result: SearchChatsResult, maxBytes: number): SearchChatsResult {
  if (jsonBytes(result) <= maxBytes) return result;
  const chats = result.chats.map((chat) => ({ ...chat, matches: [...chat.matches] }));
  const bounded = () => ({ ...result, chats, truncated: true });
  while (chats.length > 0 && jsonBytes(bounded()) > maxBytes) {
    const last = chats.at(-1)!;
    if (last.matches.length > 1) last.matches.pop();
    else chats.pop();
  }
  return bounded();
}

describe("byte bounds", () => {
  it("drops the lowest-ranked matches first until the search fits 12 KB", () => {
    const result: SearchChatsResult = {
      query: "q",
      index_status: "ready",
      pending_count: 0,
      chats: Array.from({ length: 20 }, (_, n) => ({
        chat_id: n,
        chat_title: "t",
        chat_created_at: "2026-01-01T00:00:00.000Z",
        matches: [match(n * 2), match(n * 2 + 1)],
      })),
      truncated: false,
    };
    const bounded = boundSearchResult(result);
    expect(jsonBytes(bounded)).toBeLessThanOrEqual(12 * 1024);
    expect(bounded.truncated).toBe(true);
    // A match is ~1 KB (300 CJK chars are 900 bytes): 11 fit, the last chat keeps its best one.
    expect(bounded.chats.map((chat) => chat.matches.length)).toEqual([2, 2, 2, 2, 2, 1]);
    expect(Buffer.byteLength(serializeSearchResult(result))).toBe(jsonBytes(bounded));
    expect(boundSearchResult(bounded)).toBe(bounded);
  });

  it("leaves out other match ids, last chat first, before any match, and then says nothing was cut", () => {
    const ids = Array.from({ length: 6 }, (_, n) => 1_000_000 + n);
    const result: SearchChatsResult = {
      query: "q",
      index_status: "ready",
      pending_count: 0,
      chats: Array.from({ length: 12 }, (_, n) => ({
        chat_id: n,
        chat_title: "t",
        chat_created_at: "2026-01-01T00:00:00.000Z",
        matches: [match(n)],
        more_match_ids: ids,
        more_match_count: 40,
      })),
      truncated: false,
    };
    const idBytes = jsonBytes({ more_match_ids: ids, more_match_count: 40 }) - 1;
    // Over the bound by less than three chats' ids: exactly the last three lose theirs.
    const bound = jsonBytes(result) - 2 * idBytes - 1;
    const bounded = boundSearchResult(result, bound);
    expect(bounded.truncated).toBe(false);
    expect(bounded.chats.map((chat) => chat.more_match_ids !== undefined)).toEqual([
      ...Array(9).fill(true),
      ...Array(3).fill(false),
    ]);
    // The count goes with its ids.
    expect(bounded.chats.map((chat) => chat.more_match_count !== undefined)).toEqual([
      ...Array(9).fill(true),
      ...Array(3).fill(false),
    ]);
    expect(bounded.chats.map((chat) => chat.matches.length)).toEqual(Array(12).fill(1));
    // When no ids left out make it fit, none are kept and matches go as before.
    const tight = boundSearchResult(result, 8 * 1024);
    expect(tight.truncated).toBe(true);
    expect(tight.chats.every((chat) => chat.more_match_ids === undefined)).toBe(true);
    const bare = {
      ...result,
      chats: result.chats.map(({ more_match_ids: _, more_match_count: __, ...chat }) => chat),
    };
    expect(tight).toEqual(boundSearchResult(bare, 8 * 1024));
  });

  it("drops exactly what re-measuring the whole result after each drop would, for any sizes and bound", () => {
    const chatArb = fc.record({
      title: fc.string({ maxLength: 40 }),
      excerpts: fc.array(fc.string({ maxLength: 300, unit: "grapheme" }), {
        minLength: 1,
        maxLength: 2,
      }),
    });
    fc.assert(
      fc.property(
        fc.array(chatArb, { maxLength: 20 }),
        fc.integer({ min: 150, max: 16_000 }),
        (chats, maxBytes) => {
          const result: SearchChatsResult = {
            query: "q",
            index_status: "ready",
            pending_count: 0,
            chats: chats.map((chat, n) => ({
              chat_id: n,
              chat_title: chat.title,
              chat_created_at: "2026-01-01T00:00:00.000Z",
              matches: chat.excerpts.map((excerpt, i) => ({ ...match(n * 2 + i), excerpt })),
            })),
            truncated: false,
          };
          expect(boundSearchResult(result, maxBytes)).toEqual(dropUntilFits(result, maxBytes));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps the target and its nearest neighbours when a read exceeds 20 KB", () => {
    const result: ReadChatResult = {
      chat_id: 1,
      chat_title: null,
      chat_created_at: "2026-01-01T00:00:00.000Z",
      messages: Array.from({ length: 9 }, (_, n) => message(n + 1)),
      has_more_before: false,
      has_more_after: false,
      truncated: false,
    };
    // Each message is ~4.9 KB of escaped quotes: four fit.
    const bounded = boundReadResult(result, 2);
    expect(bounded.messages.map((m) => m.message_id)).toEqual([1, 2, 3, 4]);
    expect([bounded.has_more_before, bounded.has_more_after, bounded.truncated]).toEqual([
      false,
      true,
      true,
    ]);
    expect(Buffer.byteLength(serializeReadResult(result, 2))).toBeLessThanOrEqual(20 * 1024);
    const tiny = boundReadResult(result, 5, 1_000);
    expect(tiny.messages.map((m) => m.message_id)).toEqual([5]);
    expect(jsonBytes(tiny)).toBeLessThanOrEqual(1_000);
    expect(tiny.messages[0]?.projection_truncated).toBe(true);
  });
});
