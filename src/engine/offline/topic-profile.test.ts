import { describe, expect, test } from "vitest";
import { buildTopicProfile, mentionIndex, textMentions, topicOverlap } from "./topic-profile.js";

describe("buildTopicProfile", () => {
  test("the plan's vague question maps to the auth family", () => {
    const profile = buildTopicProfile("What did we decide about authentication?");
    expect(profile.keywords).toEqual(["authentication"]);
    expect(profile.families.map((family) => family.id)).toEqual(["auth"]);
    expect(profile.familyStems.has("login")).toBe(true);
    expect(profile.familyStems.has("jwt")).toBe(true);
  });
  test("a named product selects its family", () => {
    expect(buildTopicProfile("Are we still on Clerk?").families.map((family) => family.id)).toEqual(
      ["auth"],
    );
  });
  test("terms shared between families do not trigger them", () => {
    expect(
      buildTopicProfile("database schema and migrations").families.map((family) => family.id),
    ).toEqual(["database"]);
  });
  test("two topics give two families in data order", () => {
    expect(
      buildTopicProfile("how do we deploy the database?").families.map((family) => family.id),
    ).toEqual(["database", "deploy"]);
  });
  test("choice questions are recognised", () => {
    expect(buildTopicProfile("Which payment provider did we choose?").asksForChoice).toBe(true);
    expect(buildTopicProfile("Did we decide to integrate a crypto wallet?").asksForChoice).toBe(
      true,
    );
    expect(buildTopicProfile("What did we decide about authentication?").asksForChoice).toBe(true);
    expect(buildTopicProfile("how do we avoid rounding errors in balances?").asksForChoice).toBe(
      false,
    );
  });

  test("keywords carry their synonyms; CJK questions yield segments", () => {
    const profile = buildTopicProfile("do we ever ping users in the evening?");
    expect(profile.groups.map((group) => group.keyword)).toEqual(["ping", "users", "evening"]);
    expect(profile.groups[2]?.synonyms).toEqual(["night", "pm", "dinner", "late", "nightly"]);
    expect(buildTopicProfile("对账任务什么时候运行？").keywords).toEqual(["对账任务", "运行"]);
  });

  test("no topic words: empty profile", () => {
    const profile = buildTopicProfile("what did we decide?");
    expect(profile.keywords).toEqual([]);
    expect(profile.families).toEqual([]);
  });
});

describe("mentions", () => {
  test("whole words only, case-insensitive, punctuation in names kept", () => {
    expect(textMentions("we moved to next.js 14", "Next.js")).toBe(true);
    expect(textMentions("Clerkenwell office", "Clerk")).toBe(false);
    expect(textMentions("use Auth0 here", "Auth0")).toBe(true);
    expect(mentionIndex("a Clerk b", "clerk")).toBe(2);
    expect(mentionIndex("nothing", "Clerk")).toBe(-1);
  });
});

describe("topicOverlap", () => {
  test("counts distinct keyword stems and other family stems", () => {
    const profile = buildTopicProfile("What did we decide about authentication?");
    expect(topicOverlap(profile, "Authenticated login sessions with a session token")).toEqual({
      matched: ["authentication"],
      keywordHits: 1,
      familyHits: 3,
    });
    expect(topicOverlap(profile, "Tailwind colours")).toEqual({
      matched: [],
      keywordHits: 0,
      familyHits: 0,
    });
  });
});

describe("familyLed", () => {
  test("families lead when at least half the keyword groups are family words", () => {
    expect(buildTopicProfile("What did we decide about authentication?").familyLed).toBe(true);
  });
  test("one passing family word among other topics only informs", () => {
    const profile = buildTopicProfile("which fertilizer brand for the orchid account?");
    expect(profile.families.map((family) => family.id)).toEqual(["auth"]);
    expect(profile.familyLed).toBe(false);
  });
});
