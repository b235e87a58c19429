import { describe, expect, test } from "vitest";
import { observation } from "./offline-test-fixtures.js";
import {
  buildRelevanceModel,
  decisionPoints,
  isTroubleshooting,
  scoreObservations,
  trustedByRank,
} from "./score-hits.js";
import { buildTopicProfile } from "./topic-profile.js";

const AUTH = buildTopicProfile("What did we decide about authentication?");

describe("scoreObservations", () => {
  test("rarity-weighted keywords, family terms, options, decision language, agreement and recency add up exactly", () => {
    const scored = scoreObservations(AUTH, [
      observation("c1", "Authentication: let's go with Clerk for login.", {
        createdAt: "2026-03-01T00:00:00.000Z",
        searchHits: 2,
      }),
      observation("c2", "We decided the login page needs a password reset.", {
        createdAt: "2026-01-01T00:00:00.000Z",
      }),
      observation("c3", "We decided to use Tailwind.", { createdAt: "2026-04-01T00:00:00.000Z" }),
      observation("c4", "Summary: authentication uses Clerk.", {
        createdAt: "2026-02-01T00:00:00.000Z",
        isCompactionSummary: true,
      }),
    ]);
    expect(scored.map((item) => [item.observation.candidateId, item.score, item.relevant])).toEqual(
      [
        // "authentication" is in 2 of 4 observations → weight 2. c1: 3×2 + login 1 + Clerk 1 +
        // decision 2 + 1 extra search + 1 newest third (c3, c1) = 12.
        ["c1", 12, true],
        // c4: 3×2 + Clerk 1 − compaction 2 = 5.
        ["c4", 5, true],
        // Off topic (no keyword, only two family terms), whatever its decision language.
        ["c3", 0, false],
        ["c2", 0, false],
      ],
    );
  });

  test("ties break by newer first, then first seen", () => {
    const scored = scoreObservations(AUTH, [
      observation("c1", "authentication", { createdAt: "2026-01-01T00:00:00.000Z" }),
      observation("c2", "authentication", { createdAt: "2026-01-01T00:00:00.000Z" }),
      observation("c3", "authentication", { createdAt: "2025-01-01T00:00:00.000Z" }),
    ]);
    expect(scored.map((item) => `${item.observation.candidateId}:${item.score}`)).toEqual([
      "c1:4",
      "c2:3",
      "c3:3",
    ]);
  });
});

describe("buildRelevanceModel", () => {
  const question = buildTopicProfile("Did we pick Meilisearch or Algolia for recipe search?");
  const observations = [
    observation("c1", "Meilisearch. Host it on Fly.io."),
    observation("c2", "Recipe photos stay in Supabase Storage."),
    observation("c3", "Recipe cards get a new layout."),
    observation("c4", "Recipe search is slow."),
  ];
  const model = buildRelevanceModel(question, observations);

  test("frequent keywords weigh less than rare ones", () => {
    expect(question.keywords).toEqual(["meilisearch", "algolia", "recipe", "search"]);
    // "Meilisearch or Algolia" is one any-of group.
    expect([...model.weights]).toEqual([
      ["meilisearch/algolia", 3],
      ["recipe", 1],
      ["search", 3],
    ]);
    expect(model.maxPoints).toBe(7);
  });

  test("a frequent keyword alone is not relevant; rare ones are", () => {
    expect(model.isRelevant("Recipe photos stay in Supabase Storage.")).toBe(false);
    expect(model.keywordPoints("Recipe search is slow.")).toBe(4);
    expect(model.isRelevant("Meilisearch or Algolia for search?")).toBe(true);
    // A keyword that is also a named option of the question's family (search) is enough.
    expect(model.isRelevant("Meilisearch. Host it on Fly.io.")).toBe(true);
    expect(model.isRelevant("Host it on Fly.io.")).toBe(false);
    expect(model.isRelevant("Meilisearch for recipe search.")).toBe(true);
  });

  test("synonyms count as the keyword they stand for", () => {
    const evening = buildTopicProfile("do we ever ping users in the evening?");
    const text = "We send push notifications at most once a day at 5 pm.";
    expect(buildRelevanceModel(evening, []).keywordPoints(text)).toBe(6);
  });

  test("the subject outweighs the verb, however common the subject is", () => {
    const profile = buildTopicProfile("how are tasks stored?");
    const common = [
      observation("c1", "Task #1 is done."),
      observation("c2", "Task #2 is open."),
      observation("c3", "Store session repos under the state folder."),
    ];
    const model = buildRelevanceModel(profile, common);
    expect([...model.weights.entries()]).toEqual([
      ["tasks", 2],
      ["stored", 1],
    ]);
    expect(model.maxPoints).toBe(3);
    expect(model.isRelevant("Store session repos under the state folder.")).toBe(false);
    expect(model.isRelevant("Tasks are read from process/tasks.md by default.")).toBe(true);
  });
});

describe("decisionPoints", () => {
  test("3 for a reversal, 2 for other decision language, 0 otherwise", () => {
    expect(decisionPoints("We should switch to Clerk.")).toBe(3);
    expect(decisionPoints("Let's use Clerk.")).toBe(2);
    expect(decisionPoints("Clerk has a nice dashboard.")).toBe(0);
  });
});

describe("trustedByRank", () => {
  const profile = buildTopicProfile("which payment provider for premium subscriptions?");
  const cjk = observation("c1", "我们决定使用 Stripe。", {
    chatTitle: "Premium subscriptions payment",
    searchRank: 0,
  });
  test("a top-ranked chat's title counts with its text; lower ranks and reads never", () => {
    const model = buildRelevanceModel(profile, [cjk]);
    expect(model.isRelevant(cjk.text)).toBe(false);
    expect(trustedByRank(model, cjk)).toBe(true);
    expect(trustedByRank(model, { ...cjk, searchRank: 1 })).toBe(false);
    expect(trustedByRank(model, { ...cjk, searchRank: null })).toBe(false);
  });
  test("for leads, one title keyword and a third of the weight is enough", () => {
    const short = buildTopicProfile("which payment provider for premium?");
    const thin = { ...cjk, text: "我们决定了。", chatTitle: "Premium" };
    const model = buildRelevanceModel(short, [thin]);
    expect(trustedByRank(model, thin)).toBe(false);
    expect(trustedByRank(model, thin, true)).toBe(true);
  });
});

describe("the one-third fallback", () => {
  test("a near miss is a lead to read, never report evidence", () => {
    const profile = buildTopicProfile("unit conversion for the quokka?");
    const nearMiss = observation("c1", "Store integer minor units; conversion happens late.");
    const strict = scoreObservations(profile, [nearMiss]);
    const leads = scoreObservations(profile, [nearMiss], undefined, true);
    expect(strict.map((item) => item.relevant)).toEqual([false]);
    expect(leads.map((item) => item.relevant)).toEqual([true]);
  });
});

describe("isTroubleshooting", () => {
  test("error output and debugging talk are side remarks; plain design talk is not", () => {
    expect(
      isTroubleshooting("The error `asyncpg.exceptions.DuplicateTableError: relation exists`."),
    ).toBe(true);
    expect(isTroubleshooting("You are still getting the error when documents upload.")).toBe(true);
    expect(isTroubleshooting("Documents are chunked and embedded after upload.")).toBe(false);
  });

  test("ranks below design talk unless the question asks about errors", () => {
    const design = observation("c1", "Documents are chunked and embedded after upload.");
    const debug = observation("c2", "The error DocumentError: documents chunk upload failed.");
    const how = buildTopicProfile("how are documents chunked?");
    expect(scoreObservations(how, [design, debug]).map((item) => item.score)).toEqual([10, 6]);
    const why = buildTopicProfile("why did documents chunking fail?");
    expect(
      scoreObservations(why, [design, debug]).map((item) => item.observation.candidateId),
    ).toEqual(["c2", "c1"]);
  });
});
