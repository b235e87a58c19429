import { describe, expect, it } from "vitest";
import { isDictionaryWord } from "./dictionary-word.js";

describe("isDictionaryWord", () => {
  it("knows English words and their inflections, not misspellings or product names", () => {
    const words = ["voice", "scores", "decided", "authentication", "a", "zygote"];
    expect(words.map(isDictionaryWord)).toEqual([true, true, true, true, true, true]);
    const others = ["authentcation", "databse", "supabase", "", "Voice", "zzzz"];
    expect(others.map(isDictionaryWord)).toEqual([false, false, false, false, false, false]);
  });

  it("finds the list's first and last entries and tells their neighbours apart (searched as bytes)", () => {
    const words = ["a", "aa", "aah", "zyzzyva", "zyzzyvas"];
    expect(words.map(isDictionaryWord)).toEqual([true, true, true, true, true]);
    const others = ["aaa", "aahz", "zyzzyvass", "zzzzzzzzzz", "caf\u00e9", "a b"];
    expect(others.map(isDictionaryWord)).toEqual([false, false, false, false, false, false]);
  });
});
