import { describe, expect, test } from "vitest";
import { feedbackTerms, questionParts, uncoveredParts } from "./follow-up-queries.js";
import { observation } from "./offline-test-fixtures.js";
import { planQueries } from "./plan-queries.js";
import { buildTopicProfile } from "./topic-profile.js";

const TWO_PARTS = buildTopicProfile("what did we decide about the quokka and the wombat?");

describe("uncoveredParts", () => {
  test("every part is uncovered without evidence; a covered part drops out", () => {
    const query = (part: { query: string }) => part.query;
    expect(uncoveredParts(TWO_PARTS, []).map(query)).toEqual(["quokka", "wombat"]);
    const seen = [observation("c1", "The quokka enclosure is done.")];
    expect(uncoveredParts(TWO_PARTS, seen).map(query)).toEqual(["wombat"]);
  });
  test("a listed group splits back into parts; the thinnest come first, at most 3", () => {
    const listed = buildTopicProfile(
      "what about the quokka, the numbat, the bilby and the wombat?",
    );
    expect(questionParts(listed).map((part) => part.query)).toEqual([
      "quokka",
      "numbat",
      "bilby",
      "wombat",
    ]);
    const all = [observation("c1", "quokka numbat bilby"), observation("c2", "numbat bilby")];
    expect(uncoveredParts(listed, [], all).map((part) => part.query)).toEqual([
      "wombat",
      "quokka",
      "numbat",
    ]);
  });
  test("a single-part question has no parts", () => {
    expect(uncoveredParts(buildTopicProfile("what about the quokka?"), [])).toEqual([]);
  });
});

describe("feedbackTerms", () => {
  test("title words of top-ranked on-topic chats the question does not use, most frequent first", () => {
    const profile = buildTopicProfile("what did we decide about the quokka?");
    const seen = [
      observation("c1", "quokka notes", { chatTitle: "Marsupial feeding schedule", searchRank: 0 }),
      observation("c2", "quokka again", { chatTitle: "Feeding costs", searchRank: 0 }),
      observation("c3", "quokka third", { chatTitle: "Unrelated ranking", searchRank: 1 }),
      observation("c4", "nothing here", { chatTitle: "Zebra feeding", searchRank: 0 }),
    ];
    expect(feedbackTerms(profile, seen)).toEqual(["feeding", "marsupial", "schedule", "costs"]);
  });
});

describe("planQueries", () => {
  test("thin evidence: the words, each uncovered part alone, then title feedback", () => {
    const seen = [
      observation("c1", "the quokka plan", { chatTitle: "Marsupial enclosure", searchRank: 0 }),
    ];
    expect(planQueries(TWO_PARTS, [], { relevant: [], all: seen })).toEqual([
      "quokka wombat",
      // The part no observation mentions yet comes first.
      "wombat",
      "quokka",
      "marsupial enclosure",
      "quokka wombat decided decision",
    ]);
  });
});
