import { describe, expect, test } from "vitest";
import { collectStatements } from "./decision-statements.js";
import { observation } from "./offline-test-fixtures.js";
import { recencyLead } from "./recency-lead.js";
import { buildRelevanceModel } from "./score-hits.js";
import { buildTopicProfile } from "./topic-profile.js";

const AUTH = buildTopicProfile("What did we decide about authentication?");

describe("recencyLead", () => {
  const plan = observation(
    "c27",
    "Then we're replacing Clerk with Supabase Auth for authentication.",
    {
      chatId: 9,
      createdAt: "2026-04-07T09:44:00.000Z",
    },
  );
  const older = observation("c12", "Authentication with Clerk works in middleware.", {
    chatId: 5,
    createdAt: "2026-02-11T11:00:00.000Z",
  });
  const later = observation("c30", "Supabase Auth covers login and Google sign-in now.", {
    chatId: 10,
    role: "assistant",
    createdAt: "2026-04-15T15:12:30.000Z",
  });
  const statements = (pool: ReturnType<typeof observation>[]) =>
    collectStatements(AUTH, buildRelevanceModel(AUTH, pool), pool, pool);

  test("after a decision chain, the newest later message naming the chosen option", () => {
    const pool = [older, plan, later];
    expect(recencyLead(pool, statements([older, plan]))?.candidateId).toBe("c30");
  });

  test("nothing newer than the latest choice, or no choice yet: no lead", () => {
    expect(recencyLead([older, plan], statements([older, plan]))).toBeNull();
    expect(recencyLead([older, later], [])).toBeNull();
  });
});
