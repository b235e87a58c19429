import { describe, expect, test } from "vitest";
import type { Observation } from "./exploration-state.js";
import { decisionPoints, RELEVANCE_MIN, scoreObservations } from "./score-hits.js";
import { buildTopicProfile } from "./topic-profile.js";

function observation(
  candidateId: string,
  text: string,
  createdAt: string,
  extra: Partial<Observation> = {},
): Observation {
  return {
    candidateId,
    chatId: 1,
    chatTitle: null,
    messageId: Number(candidateId.slice(1)),
    role: "user",
    createdAt,
    text,
    fromRead: false,
    isCompactionSummary: false,
    searchHits: 1,
    firstSeen: Number(candidateId.slice(1)),
    ...extra,
  };
}

const AUTH = buildTopicProfile("What did we decide about authentication?");

describe("scoreObservations", () => {
  test("keywords, family terms, options, decision language, agreement and recency add up exactly", () => {
    const scored = scoreObservations(AUTH, [
      observation(
        "c1",
        "Authentication: let's go with Clerk for login.",
        "2026-03-01T00:00:00.000Z",
        { searchHits: 2 },
      ),
      observation(
        "c2",
        "We decided the login page needs a password reset.",
        "2026-01-01T00:00:00.000Z",
      ),
      observation("c3", "We decided to use Tailwind.", "2026-04-01T00:00:00.000Z"),
      observation("c4", "Summary: authentication uses Clerk.", "2026-02-01T00:00:00.000Z", {
        isCompactionSummary: true,
      }),
    ]);
    expect(scored.map((item) => [item.observation.candidateId, item.score])).toEqual([
      // c1: keyword 3 + login 1 + Clerk 1 + decision 2 + 1 extra search + 1 newest third (c3, c1)
      ["c1", 9],
      // c2: login + password 2 + decision 2
      ["c2", 4],
      // c4: keyword 3 + Clerk 1 − compaction 2
      ["c4", 2],
      // c3: off topic, decision language does not count
      ["c3", 0],
    ]);
  });

  test("ties break by newer first, then first seen", () => {
    const scored = scoreObservations(AUTH, [
      observation("c1", "authentication", "2026-01-01T00:00:00.000Z"),
      observation("c2", "authentication", "2026-01-01T00:00:00.000Z"),
      observation("c3", "authentication", "2025-01-01T00:00:00.000Z"),
    ]);
    expect(scored.map((item) => `${item.observation.candidateId}:${item.score}`)).toEqual([
      "c1:4",
      "c2:3",
      "c3:3",
    ]);
  });

  test("one keyword hit alone is relevant", () => {
    expect(RELEVANCE_MIN).toBe(3);
  });
});

describe("decisionPoints", () => {
  test("3 for a reversal, 2 for other decision language, 0 otherwise", () => {
    expect(decisionPoints("We should switch to Clerk.")).toBe(3);
    expect(decisionPoints("Let's use Clerk.")).toBe(2);
    expect(decisionPoints("Clerk has a nice dashboard.")).toBe(0);
  });
});
