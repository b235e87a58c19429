import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundedEditDistance } from "./edit-distance.js";

describe("boundedEditDistance", () => {
  it("counts each kind of edit as one", () => {
    expect(boundedEditDistance("databs", "databas", 2)).toBe(1); // insertion
    expect(boundedEditDistance("authentc", "authent", 2)).toBe(1); // deletion
    expect(boundedEditDistance("postgres", "postgrex", 2)).toBe(1); // substitution
    expect(boundedEditDistance("recieve", "receive", 2)).toBe(1); // transposition
    expect(boundedEditDistance("same", "same", 0)).toBe(0);
  });

  it("adds edits up to the bound and reports max + 1 beyond it", () => {
    expect(boundedEditDistance("kubernetes", "kubrnetis", 2)).toBe(2);
    expect(boundedEditDistance("redis", "react", 2)).toBe(3);
    expect(boundedEditDistance("a", "abcdef", 2)).toBe(3);
    expect(boundedEditDistance("abc", "", 5)).toBe(3);
  });

  it("does not edit a transposed pair twice (optimal string alignment)", () => {
    // Unrestricted Damerau–Levenshtein gives 2 (ca → ac → abc); the restricted form gives 3.
    expect(boundedEditDistance("ca", "abc", 3)).toBe(3);
  });

  it("is symmetric and never above the plain bound", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const distance = boundedEditDistance(a, b, 3);
        expect(boundedEditDistance(b, a, 3)).toBe(distance);
        expect(distance).toBeLessThanOrEqual(4);
        expect(distance === 0).toBe(a === b);
      }),
    );
  });
});
