import { describe, expect, it } from "vitest";
import { zipfFrequency } from "./word-frequency.js";

describe("zipfFrequency (SUBTLEX-US, Zipf scale)", () => {
  it("puts function words above everyday words above rare ones", () => {
    // "you" is the list's commonest word: 2,134,713 of its 49.7 million counted words.
    expect(zipfFrequency("you")).toBeCloseTo(7.63, 2);
    expect(zipfFrequency("stop")).toBeGreaterThan(zipfFrequency("payment"));
    expect(zipfFrequency("payment")).toBeGreaterThan(zipfFrequency("prioritize"));
    expect(zipfFrequency("prioritize")).toBeGreaterThan(0);
  });

  it("gives 0 to a word the list lacks: names, identifiers, other languages, nothing", () => {
    for (const word of ["kubernetes", "supabase", "clerkMiddleware", "认证", "", "stop "]) {
      expect(zipfFrequency(word)).toBe(0);
    }
  });

  it("matches any letter case, the list's entries being case-unique", () => {
    expect(zipfFrequency("What")).toBe(zipfFrequency("what"));
    expect(zipfFrequency("STOP")).toBe(zipfFrequency("stop"));
    expect(zipfFrequency("what")).toBeGreaterThan(6);
  });
});
