import { describe, expect, it } from "vitest";
import { capTermsByIdf } from "./cap-terms-by-idf.js";

describe("capTermsByIdf", () => {
  const rows = 1_000_000;

  it("keeps the 3 rarest occurring words and drops more frequent ones above 1%, in query order", () => {
    const words = [
      { word: "what", doc: 205_000 },
      { word: "deploy", doc: 42_000 },
      { word: "react", doc: 45_000 },
      { word: "redis", doc: 30_000 },
      { word: "cache", doc: 40_000 },
    ];
    expect(capTermsByIdf(words, rows)).toEqual(["deploy", "redis", "cache"]);
  });

  it("never drops a word in at most 1% of rows, nor one that occurs nowhere", () => {
    const words = [
      { word: "about", doc: 0 },
      { word: "kalo", doc: 300 },
      { word: "mira", doc: 9_000 },
      { word: "nuta", doc: 10_000 },
      { word: "zeta", doc: 10_000 },
      { word: "build", doc: 10_001 },
      { word: "did", doc: 0 },
    ];
    expect(capTermsByIdf(words, rows)).toEqual(["about", "kalo", "mira", "nuta", "zeta", "did"]);
  });

  it("drops a word over 5% once one rarer word is kept, never the only one", () => {
    expect(
      capTermsByIdf(
        [
          { word: "the", doc: 600_000 },
          { word: "react", doc: 65_000 },
        ],
        rows,
      ),
    ).toEqual(["react"]);
    expect(
      capTermsByIdf(
        [
          { word: "the", doc: 600_000 },
          { word: "we", doc: 500_000 },
        ],
        rows,
      ),
    ).toEqual(["we"]);
    expect(
      capTermsByIdf(
        [
          { word: "deploy", doc: 50_000 },
          { word: "react", doc: 50_000 },
        ],
        rows,
      ),
    ).toEqual(["deploy", "react"]);
    expect(
      capTermsByIdf(
        [
          { word: "react", doc: 65_000 },
          { word: "deploy", doc: 50_000 },
        ],
        rows,
      ),
    ).toEqual(["deploy"]);
  });

  it("breaks frequency ties by query order, honours options and keeps all for an empty index", () => {
    const words = [
      { word: "b", doc: 50_000 },
      { word: "a", doc: 50_000 },
      { word: "c", doc: 50_000 },
    ];
    expect(capTermsByIdf(words, rows, { keep: 2 })).toEqual(["b", "a"]);
    expect(capTermsByIdf(words, rows, { keep: 1, neverDropShare: 0.05 })).toEqual(["b", "a", "c"]);
    expect(capTermsByIdf(words, rows, { functionWordShare: 0.04 })).toEqual(["b"]);
    expect(capTermsByIdf(words, 0, { keep: 1 })).toEqual(["b", "a", "c"]);
    expect(capTermsByIdf([], rows)).toEqual([]);
  });
});
