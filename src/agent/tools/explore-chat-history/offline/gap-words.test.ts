/**
 * The gaps a report names (issue 28: "Gaps name only subject terms the app lacks"): the things a
 * question asks about that the app never mentions, never the everyday words it asks with.
 */
import { describe, expect, test } from "vitest";
import { gapWords } from "./gap-words.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";

const gaps = (absent: string[], question: string) =>
  gapWords(absent, question, DEFAULT_POLICY.parameters);

describe("gap words", () => {
  test("a verb or an adjective the question asks with is no gap", () => {
    expect(gaps(["turned"], "What turned out to be the cause of the crash?")).toEqual([]);
    expect(gaps(["put", "hold"], "Why did we put the billing work on hold?")).toEqual([]);
    expect(gaps(["large"], "How large was the fixture file we downloaded?")).toEqual([]);
  });

  test("a noun the question is about is a gap, in question order", () => {
    expect(gaps(["lithium", "mix"], "Which ratio did we use for the lithium fuel mix?")).toEqual([
      "lithium",
      "mix",
    ]);
  });

  test("an everyday noun is no gap: every history lacks some of them", () => {
    expect(gaps(["people"], "how do people get into the app?")).toEqual([]);
  });

  test("a thing's name is a gap whatever the tagger reads it as", () => {
    // The tagger reads "CV" as a Roman numeral; its rarity says it names a thing.
    expect(gaps(["cv"], "How should I lay out my CV?")).toEqual(["cv"]);
    expect(gaps(["stripe"], "Did we set up Stripe for payments?")).toEqual(["stripe"]);
  });

  test("a technology phrase and a word the question does not spell stay", () => {
    expect(gaps(["github actions"], "Did we add GitHub Actions?")).toEqual(["github actions"]);
    expect(gaps(["authentication"], "what did we decide about authentcation?")).toEqual([
      "authentication",
    ]);
  });
});
