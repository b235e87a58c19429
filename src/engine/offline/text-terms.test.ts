import { describe, expect, test } from "vitest";
import { STOPWORDS, stem, tokenize, topicStems, topicWords } from "./text-terms.js";

describe("tokenize", () => {
  test("lower-cases letter/number runs and keeps in-word apostrophes", () => {
    expect(tokenize("Let's use Next.js 14 — OAuth2!")).toEqual([
      "let's",
      "use",
      "next",
      "js",
      "14",
      "oauth2",
    ]);
  });
  test("keeps non-Latin runs whole", () => {
    expect(tokenize("认证 Überprüfung")).toEqual(["认证", "überprüfung"]);
  });
});

describe("stem", () => {
  test.each([
    ["authentication", "authentic"],
    ["authenticate", "authentic"],
    ["authenticated", "authentic"],
    ["deploying", "deploy"],
    ["deployed", "deploy"],
    ["deploys", "deploy"],
    ["migrations", "migr"],
    ["migrate", "migr"],
    ["sessions", "session"],
    ["policies", "policy"],
    ["running", "run"],
    ["decided", "decid"],
    ["decide", "decid"],
    ["yes", "yes"],
    ["Clerk's", "clerk"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe("topic words", () => {
  test("drop question scaffolding and decision verbs", () => {
    expect(topicWords("What did we decide about authentication?")).toEqual(["authentication"]);
    expect(topicWords("How are we deploying the app again?")).toEqual(["deploying"]);
    expect(topicWords("what did we decide?")).toEqual([]);
  });
  test("dedupe by stem, keeping the first spelling", () => {
    expect(topicWords("deploy deployment deployed hosting")).toEqual(["deploy", "hosting"]);
    expect(topicStems("Sessions and session tokens")).toEqual(["session", "token"]);
  });
  test("the stopword list holds the question words of the plan's example", () => {
    for (const word of ["what", "did", "we", "decide", "about"])
      expect(STOPWORDS.has(word)).toBe(true);
  });
});
