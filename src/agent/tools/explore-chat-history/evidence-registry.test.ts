import { describe, expect, it } from "vitest";
import type { ReadChatResult, SearchChatsResult } from "../../../history/types.js";
import { EXPLORER_BUDGETS } from "./budgets.js";
import { createEvidenceRegistry, searchKey } from "./evidence-registry.js";

const match = (id: number, excerpt = `excerpt ${id}`) => ({
  message_id: id,
  role: "user" as const,
  created_at: "2026-01-01T00:00:00.000Z",
  excerpt,
  is_compaction_summary: false,
  projection_truncated: id === 2,
});

const searchResult = (ids: number[][], excerpt?: string): SearchChatsResult => ({
  query: "q",
  index_status: "ready",
  pending_count: 0,
  truncated: false,
  chats: ids.map((messageIds, index) => ({
    chat_id: index + 1,
    chat_title: `Chat ${index + 1}`,
    chat_created_at: "2026-01-01T00:00:00.000Z",
    matches: messageIds.map((id) => match(id, excerpt)),
  })),
});

const readResult = (chatId: number, ids: number[]): ReadChatResult => ({
  chat_id: chatId,
  chat_title: "Chat",
  chat_created_at: "2026-01-01T00:00:00.000Z",
  messages: ids.map((id) => ({ ...match(id), content: `content ${id}` })),
  has_more_before: false,
  has_more_after: true,
  truncated: false,
});

describe("evidence registry", () => {
  it("mints one immutable candidate per observed message, in observation order", () => {
    const registry = createEvidenceRegistry(EXPLORER_BUDGETS);
    expect(registry.admitCall()).toBe(null);
    const body = registry.recordSearch("k", searchResult([[10, 11], [12]]));
    expect(body.chats.map((c) => c.matches.map((m) => m.candidate_id))).toEqual([
      ["c1", "c2"],
      ["c3"],
    ]);
    expect(body.chats[0]?.matches[1]).toEqual({
      candidate_id: "c2",
      message_id: 11,
      role: "user",
      created_at: "2026-01-01T00:00:00.000Z",
      excerpt: "excerpt 11",
    });
    registry.admitCall();
    const read = registry.recordRead("r", readResult(1, [11, 13]));
    expect(read.messages.map((m) => m.candidate_id)).toEqual(["c2", "c4"]);
    // The read is the fuller view (as long, and read): the record takes its text, keeps its ID
    // and how it was first observed.
    const c2 = registry.get("c2");
    expect(c2?.text).toBe("content 11");
    expect(c2?.via).toBe("search");
    expect(Object.isFrozen(c2)).toBe(true);
    expect(registry.stats()).toMatchObject({
      searches: 1,
      reads: 1,
      observations: 4,
      discussions: 1,
      chats: 2,
    });
  });

  it("keeps the fullest view of a message seen twice, under its first candidate ID", () => {
    const registry = createEvidenceRegistry(EXPLORER_BUDGETS);
    registry.admitCall();
    const content = "The cause: the site URL is still localhost. ".repeat(20);
    registry.recordRead("r", { ...readResult(1, [20]), messages: [{ ...match(20), content }] });
    registry.admitCall();
    const body = registry.recordSearch("k", searchResult([[20, 21]]));
    expect(body.chats[0]?.matches.map((m) => m.candidate_id)).toEqual(["c1", "c2"]);
    expect(registry.get("c1")).toMatchObject({ text: content, via: "read", messageId: 20 });
  });

  it("answers repeats from the cache without counting them", () => {
    const registry = createEvidenceRegistry(EXPLORER_BUDGETS);
    registry.admitCall();
    const body = registry.recordSearch(searchKey("Auth  Login", 8), searchResult([[1]]));
    expect(registry.cachedSearch(searchKey(" auth login ", 8))).toBe(body);
    expect(registry.cachedSearch(searchKey("auth login", 5))).toBe(undefined);
    const stats = registry.stats();
    expect(stats.dedupedCalls).toBe(1);
    expect(stats.searches).toBe(1);
    expect(registry.callsLeft()).toBe(23);
  });

  it("refuses calls past the call budget and counts the refusals", () => {
    const registry = createEvidenceRegistry({ ...EXPLORER_BUDGETS, maxCalls: 2 });
    expect([registry.admitCall(), registry.admitCall(), registry.admitCall()]).toEqual([
      null,
      null,
      "calls",
    ]);
    expect(registry.stats()).toMatchObject({ refusedCalls: 1, budgetExhausted: true });
  });

  it("counts exactly the JSON bytes sent and never crosses the aggregate cap", () => {
    const entry = {
      candidate_id: "c1",
      message_id: 1,
      role: "user",
      created_at: "2026-01-01T00:00:00.000Z",
      excerpt: "é".repeat(50),
    };
    const header = {
      chat_id: 1,
      title: "Chat 1",
      created_at: "2026-01-01T00:00:00.000Z",
      matches: [],
    };
    const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    const oneMessage = bytesOf(header) + bytesOf(entry);
    const registry = createEvidenceRegistry({
      ...EXPLORER_BUDGETS,
      maxObservationBytes: oneMessage + 10,
    });
    registry.admitCall();
    const body = registry.recordSearch("k", searchResult([[1, 2, 3]], "é".repeat(50)));
    expect(body.chats[0]?.matches).toHaveLength(1);
    expect(body.truncated).toBe(true);
    expect(registry.stats().observationBytes).toBe(oneMessage);
    expect(registry.stats().observations).toBe(1);
    expect(registry.bytesLeft()).toBe(10);
  });

  it("passes a chat's other match ids on when the bytes hold them, and leaves them out uncut", () => {
    const withIds = (ids: number[]): SearchChatsResult => {
      const result = searchResult([[1]]);
      return { ...result, chats: result.chats.map((chat) => ({ ...chat, more_match_ids: ids })) };
    };
    const roomy = createEvidenceRegistry(EXPLORER_BUDGETS);
    roomy.admitCall();
    expect(roomy.recordSearch("k", withIds([7, 9])).chats[0]?.more_match_ids).toEqual([7, 9]);
    const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    const plain = roomy.recordSearch("p", searchResult([[1]])).chats[0];
    // Room for the chat and its match, not for the ids: they are left out, and nothing is cut.
    const tight = createEvidenceRegistry({
      ...EXPLORER_BUDGETS,
      maxObservationBytes: bytesOf({ ...plain, matches: [] }) + bytesOf(plain?.matches[0]) + 5,
    });
    tight.admitCall();
    const body = tight.recordSearch("k", withIds([7, 9]));
    expect(body.chats[0]?.matches).toHaveLength(1);
    expect(body.chats[0]?.more_match_ids).toBeUndefined();
    expect([body.truncated, tight.stats().truncated, tight.stats().budgetExhausted]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("records index status, pending count and truncation from results", () => {
    const registry = createEvidenceRegistry(EXPLORER_BUDGETS);
    registry.admitCall();
    registry.recordSearch("a", { ...searchResult([]), index_status: "indexing", pending_count: 7 });
    registry.admitCall();
    registry.recordSearch("b", { ...searchResult([[1]]), truncated: true });
    expect(registry.stats()).toMatchObject({
      indexStatus: "indexing",
      pendingCount: 7,
      truncated: true,
    });
  });
});
