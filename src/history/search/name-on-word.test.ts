import { describe, expect, it } from "vitest";
import { nameOnWord } from "./name-on-word.js";

describe("nameOnWord", () => {
  it.each([
    ["graph", "graphql"],
    ["next", "nextjs"],
  ])("%s opens a name built on it: %s", (short, long) => {
    expect(nameOnWord(short, long)).toBe(true);
  });

  it.each([
    // A truncation: "auth" is no word.
    ["auth", "authentication"],
    // Forms of the word: a plural, a derivative.
    ["parameter", "parameters"],
    ["authentic", "authentication"],
    // Two words: a compound, which `compoundOf` tells apart.
    ["data", "database"],
    // A rare dictionary entry is no word a name is built on.
    ["compone", "component"],
    // Not a prefix, or one letter left.
    ["graph", "paragraph"],
    ["graph", "graphs"],
  ])("%s does not open a name built on it: %s", (short, long) => {
    expect(nameOnWord(short, long)).toBe(false);
  });
});
