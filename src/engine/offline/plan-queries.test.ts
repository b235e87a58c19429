import { describe, expect, test } from "vitest";
import type { Observation } from "./exploration-state.js";
import {
  candidateQueries,
  DECISION_QUERY,
  MAX_SEARCHES,
  nextSearchQuery,
  observedEntities,
} from "./plan-queries.js";
import { buildTopicProfile } from "./topic-profile.js";

function observation(candidateId: string, text: string): Observation {
  return {
    candidateId,
    chatId: 1,
    chatTitle: null,
    messageId: Number(candidateId.slice(1)),
    role: "assistant",
    createdAt: "2026-01-01T00:00:00.000Z",
    text,
    fromRead: false,
    isCompactionSummary: false,
    searchHits: 1,
    searchRank: 2,
    firstSeen: 0,
  };
}

const AUTH = buildTopicProfile("What did we decide about authentication?");

describe("candidateQueries", () => {
  test("question words, then family terms, then remaining terms when no options were seen", () => {
    expect(candidateQueries(AUTH, [])).toEqual([
      "authentication",
      "login session jwt oauth password",
      "sign-in token signup cookie bearer refresh",
    ]);
  });
  test("named options seen in hits become the third query", () => {
    const seen = [observation("c1", "We could use Clerk or Supabase Auth; NextAuth is also fine.")];
    expect(observedEntities(AUTH, seen)).toEqual(["Clerk", "Supabase Auth", "NextAuth"]);
    expect(candidateQueries(AUTH, seen)).toEqual([
      "authentication",
      "login session jwt oauth password",
      "Clerk Supabase Auth NextAuth",
      "sign-in token signup cookie bearer refresh",
    ]);
  });
  test("without a family: the words, then their synonyms", () => {
    const profile = buildTopicProfile("what did we say about the onboarding checklist");
    expect(candidateQueries(profile, [])).toEqual([
      "onboarding checklist",
      "signup welcome tutorial",
    ]);
  });
  test("without a family or synonyms: the words with decision vocabulary", () => {
    const profile = buildTopicProfile("what did we say about the quokka");
    expect(candidateQueries(profile, [])).toEqual(["quokka", "quokka decided decision"]);
  });
  test("without any topic word: one decision-language query", () => {
    expect(candidateQueries(buildTopicProfile("what did we decide?"), [])).toEqual([
      DECISION_QUERY,
    ]);
  });
});

describe("nextSearchQuery", () => {
  test("skips queries already searched, comparing normalized", () => {
    expect(nextSearchQuery(AUTH, ["  AUTHENTICATION "], [], 0)).toBe(
      "login session jwt oauth password",
    );
  });
  test("stops at the search cap", () => {
    expect(nextSearchQuery(AUTH, ["a", "b", "c", "d", "e", "f"], [], 0)).toBeNull();
    expect(MAX_SEARCHES).toBe(6);
  });
  test("skips a 4th search once enough relevant messages are in", () => {
    const done = [
      "authentication",
      "login session jwt oauth password",
      "sign-in token signup cookie bearer refresh",
    ];
    expect(nextSearchQuery(AUTH, done, [], 4)).toBeNull();
  });
  test("returns null when the plan is exhausted", () => {
    expect(
      nextSearchQuery(
        AUTH,
        [
          "authentication",
          "login session jwt oauth password",
          "sign-in token signup cookie bearer refresh",
        ],
        [],
        0,
      ),
    ).toBeNull();
  });
});

describe("candidateQueries with a verb in the question", () => {
  test("reworded verbs keep the subject", () => {
    // The family-free reformulations, as `planQueries` runs them first for a question the family does not lead.
    const profile = { ...buildTopicProfile("how are tasks stored?"), families: [] };
    expect(candidateQueries(profile, []).slice(0, 2)).toEqual([
      "tasks stored",
      "tasks save saved persist",
    ]);
  });
});
