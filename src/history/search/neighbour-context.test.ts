import { describe, expect, it } from "vitest";
import { withNeighbourContext } from "./neighbour-context.js";

describe("withNeighbourContext", () => {
  it("adds the weight times the better adjacent candidate's score, same chat only", () => {
    const ranked = [
      { messageId: 10, chatId: 1, score: -4 },
      { messageId: 11, chatId: 1, score: -1 },
      { messageId: 12, chatId: 1, score: -2 },
      { messageId: 13, chatId: 2, score: -8 },
      { messageId: 20, chatId: 3, score: -3 },
    ];
    expect(withNeighbourContext(ranked, 0.5).map((c) => [c.messageId, c.score])).toEqual([
      [10, -4.5], // 11 is its neighbour
      [11, -3], // better of 10 (-4) and 12 (-2)
      [12, -2.5], // 13 is in another chat
      [13, -8],
      [20, -3], // 19 and 21 are not candidates
    ]);
  });

  it("keeps a candidate without neighbours as the same object", () => {
    const alone = { messageId: 5, chatId: 1, score: -1 };
    expect(withNeighbourContext([alone])[0]).toBe(alone);
  });
});
