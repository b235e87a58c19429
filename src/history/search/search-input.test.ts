import { describe, expect, it } from "vitest";
import { InvalidInputError, TextTooLongError } from "../../errors/recollect-error.js";
import { parsePersonSearchInput, parseSearchInput } from "./search-input.js";

/** The error `parse` throws for `query`, or undefined. */
function refusal(parse: (input: unknown) => unknown, query: string): unknown {
  try {
    parse({ query });
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("search input", () => {
  const invisible = ["\u001b\u0007", "\u200b", " \t\u202e\u0000 "];

  it("a person's query of only control or invisible characters is invalid input saying so", () => {
    for (const query of invisible) {
      const error = refusal(parsePersonSearchInput, query);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error).toMatchObject({
        argument: "query",
        allowed: "a non-blank string of at most 500 characters with a letter or digit",
        detail: "got only control or invisible characters",
      });
    }
    expect(refusal(parsePersonSearchInput, "x".repeat(501))).toBeInstanceOf(TextTooLongError);
    expect(parsePersonSearchInput({ query: "auth\u200b", limit: 3 })).toEqual({
      query: "auth\u200b",
      limit: 3,
    });
  });

  it("a person's query with no letter or digit is invalid input saying so", () => {
    for (const query of ["?!.,;:", "🔥🔥", "-- // **"]) {
      expect(refusal(parsePersonSearchInput, query)).toMatchObject({
        argument: "query",
        allowed: "a non-blank string of at most 500 characters with a letter or digit",
        detail: "got no letter or digit to search for",
      });
    }
    for (const query of ["v2?", "日本語", "١٢"]) {
      expect(parsePersonSearchInput({ query })).toEqual({ query, limit: 8 });
    }
  });

  it("the internal search tool's input keeps such a query as a search that finds nothing", () => {
    for (const query of [...invisible, "?!"]) {
      expect(parseSearchInput({ query })).toEqual({ query, limit: 8 });
    }
    expect(refusal(parseSearchInput, "   ")).toBeInstanceOf(InvalidInputError);
  });
});
