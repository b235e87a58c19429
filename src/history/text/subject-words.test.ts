import { describe, expect, test } from "vitest";
import { subjectWordsOf } from "./subject-words.js";

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
