import { describe, expect, it } from "vitest";
import { familyZipf, surprisal, zipfFrequency } from "./word-frequency.js";

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

describe("surprisal (−log10 P, the background idf)", () => {
  it("is 9 − Zipf: everyday words low, a word the list lacks 9", () => {
    expect(surprisal("you")).toBeCloseTo(9 - zipfFrequency("you"), 12);
    expect(surprisal("use")).toBeLessThan(surprisal("clerk"));
    expect(surprisal("kubectl")).toBe(9);
  });
});

describe("familyZipf (the commonest inflection of the word's Porter stem)", () => {
  it("lifts a rare inflection of an everyday word to its family's commonest form", () => {
    expect(familyZipf("happens")).toBe(zipfFrequency("happened"));
    expect(familyZipf("happens")).toBeGreaterThan(zipfFrequency("happens"));
    expect(familyZipf("works")).toBe(zipfFrequency("work"));
  });

  it("never lowers a word, nor lifts it to a word of another stem", () => {
    for (const word of ["stop", "payments", "ounces", "cash"]) {
      expect(familyZipf(word)).toBeGreaterThanOrEqual(zipfFrequency(word));
    }
    // "payments" reaches "payment" (its stem's own form), not "pay" (another stem).
    expect(familyZipf("payments")).toBe(zipfFrequency("payment"));
    expect(familyZipf("kubernetes")).toBe(0);
  });
});
