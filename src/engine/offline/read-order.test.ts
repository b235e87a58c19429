import { describe, expect, test } from "vitest";
import { observation } from "./offline-test-fixtures.js";
import { readOrder } from "./read-order.js";
import { buildTopicProfile } from "./topic-profile.js";

describe("readOrder", () => {
  test("the best hit of each part comes first, then the rest by score", () => {
    const profile = buildTopicProfile("what did we decide about the quokka and the wombat?");
    const scored = [
      { observation: observation("c1", "quokka one"), score: 9, relevant: true },
      { observation: observation("c2", "quokka two"), score: 8, relevant: true },
      { observation: observation("c3", "wombat one"), score: 3, relevant: true },
    ];
    expect(readOrder(profile, scored).map((item) => item.candidateId)).toEqual(["c1", "c3", "c2"]);
  });
  test("a single-part question keeps score order", () => {
    const profile = buildTopicProfile("what about the quokka?");
    const scored = [
      { observation: observation("c2", "quokka two"), score: 8, relevant: true },
      { observation: observation("c1", "quokka one"), score: 2, relevant: true },
    ];
    expect(readOrder(profile, scored).map((item) => item.candidateId)).toEqual(["c2", "c1"]);
  });
});
