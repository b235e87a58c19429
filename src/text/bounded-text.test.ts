import { describe, expect, it } from "vitest";
import { boundedTextProblem, hasVisibleText } from "./bounded-text.js";

describe("bounded text", () => {
  it("counts only text that shows: whitespace, controls and format characters do not", () => {
    expect(["why?", " x ", "\u001b[31mred"].map(hasVisibleText)).toEqual([true, true, true]);
    const nothing = ["", " \t\n", "\u001b\u0007", "\u200b\u202e", "\u0000 \u007f"];
    expect(nothing.map(hasVisibleText)).toEqual([false, false, false, false, false]);
  });

  it("names the problem, with the actual length and the limit when too long", () => {
    expect(boundedTextProblem("x".repeat(501), 500)).toEqual({
      kind: "too_long",
      length: 501,
      limit: 500,
    });
    expect(boundedTextProblem("\u001b\u0007\t", 500)).toEqual({ kind: "invisible" });
    expect([boundedTextProblem("", 500), boundedTextProblem("  ", 500)]).toEqual([
      { kind: "empty" },
      { kind: "empty" },
    ]);
    expect(boundedTextProblem("x".repeat(500), 500)).toBeNull();
  });
});
