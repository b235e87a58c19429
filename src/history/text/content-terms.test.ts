import { describe, expect, it } from "vitest";
import { contentTerms } from "./content-terms.js";

const terms = (text: string) => contentTerms(text).map((item) => item.term);

describe("contentTerms", () => {
  it("folds Latin accents as the index's tokenizer does, so an accented question matches", () => {
    expect(terms("sessión répositories")).toEqual(terms("session repositories"));
    expect(contentTerms("Café").map((item) => item.word)).toEqual(["cafe"]);
  });

  it("keeps letters that are no marked Latin letter, in composed form", () => {
    expect(contentTerms("straße łódź йод").map((item) => item.word)).toEqual([
      "straße",
      "łodz",
      "йод",
    ]);
  });
});
