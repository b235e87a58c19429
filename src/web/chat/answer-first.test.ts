import { describe, expect, it } from "vitest";
import { answerFirst } from "./answer-first.js";

describe("answerFirst", () => {
  it("puts text before cards and keeps each group's order", () => {
    const parts = [
      { kind: "card", id: 1 },
      { kind: "text", id: 2 },
      { kind: "card", id: 3 },
      { kind: "text", id: 4 },
    ];
    expect(answerFirst(parts).map((part) => part.id)).toEqual([2, 4, 1, 3]);
  });
});
