import { describe, expect, it } from "vitest";
import { isDictionaryWord } from "./dictionary-word.js";

describe("isDictionaryWord", () => {
  it("knows English words and their inflections, not misspellings or product names", () => {
    const words = ["voice", "scores", "decided", "authentication", "a", "zygote"];
    expect(words.map(isDictionaryWord)).toEqual([true, true, true, true, true, true]);
    const others = ["authentcation", "databse", "supabase", "", "Voice", "zzzz"];
    expect(others.map(isDictionaryWord)).toEqual([false, false, false, false, false, false]);
  });
});
