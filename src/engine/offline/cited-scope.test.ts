import { describe, expect, test } from "vitest";
import { citedScope, scopeSentence } from "./cited-scope.js";
import type { Observation } from "./exploration-state.js";

function observation(candidateId: string, chatId: number): Observation {
  return {
    candidateId,
    chatId,
    chatTitle: `chat ${chatId}`,
    messageId: Number(candidateId.slice(1)),
    role: "assistant",
    text: "x",
    createdAt: "2026-01-01T00:00:00.000Z",
    fromRead: false,
    isCompactionSummary: false,
    searchHits: 1,
    searchRank: 1,
    firstSeen: 0,
  };
}

describe("citedScope", () => {
  test("counts distinct cited messages and their chats, not every observation", () => {
    const observations = [
      observation("c1", 1),
      observation("c2", 1),
      observation("c3", 2),
      observation("c4", 3),
    ];
    const scope = citedScope(
      [
        { claim: "a", candidate_ids: ["c1", "c2"] },
        { claim: "b", candidate_ids: ["c2"] },
      ],
      [{ description: "c", candidate_ids: ["c1", "c3"] }],
      observations,
    );
    expect(scope).toEqual({ messages: 3, chats: 2 });
  });

  test("the summary sentence names cited and observed counts with singulars", () => {
    expect(scopeSentence({ messages: 1, chats: 1 }, 13, 1, 1)).toBe(
      "Cites 1 message in 1 chat (13 relevant observed) after 1 search and 1 read.",
    );
    expect(scopeSentence({ messages: 9, chats: 4 }, 13, 3, 4)).toBe(
      "Cites 9 messages in 4 chats (13 relevant observed) after 3 searches and 4 reads.",
    );
  });
});
