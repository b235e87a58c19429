import { describe, expect, test } from "vitest";
import { nounPhrasePairs, subjectWordsOf } from "./subject-words.js";

describe("subject words", () => {
  test("the nouns and gerunds of a question, as it uses each word", () => {
    const words = subjectWordsOf("Which hosting provider did we pick to deploy the site?");
    expect([...words].sort()).toEqual(["hosting", "provider", "site"]);
  });

  test("a word is tagged as the question uses it", () => {
    expect(subjectWordsOf("Where did we put the fuel mix?").has("mix")).toBe(true);
    expect(subjectWordsOf("Can we mix the two configs?").has("mix")).toBe(false);
  });

  test("a possessive and a hyphenated word give their parts", () => {
    const words = subjectWordsOf("What sets a new book's structure in the in-browser editor?");
    expect(words.has("book")).toBe(true);
    expect(words.has("browser")).toBe(true);
  });

  test("no pronoun, and nothing for empty or odd input", () => {
    expect(subjectWordsOf("what did we decide?").has("we")).toBe(false);
    expect(subjectWordsOf("")).toEqual(new Set());
    expect(subjectWordsOf("?? !! \u0000")).toEqual(new Set());
  });
});

describe("nounPhrasePairs", () => {
  test("neighbours inside one noun phrase, an adjective before a noun included", () => {
    expect(nounPhrasePairs("What did we decide about dark mode?")).toEqual([["dark", "mode"]]);
    expect(nounPhrasePairs("What did we decide about rate limiting?")).toEqual([
      ["rate", "limiting"],
    ]);
  });

  test("a verb and its object, a pronoun, or empty input give no pair", () => {
    expect(nounPhrasePairs("Why did we abandon Kafka?")).toEqual([]);
    expect(nounPhrasePairs("what did we decide?")).toEqual([]);
    expect(nounPhrasePairs("")).toEqual([]);
  });
});
