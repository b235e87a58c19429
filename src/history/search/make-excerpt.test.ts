import { describe, expect, it } from "vitest";
import {
  findTermPosition,
  isSubstantive,
  isTitleOnlyMatch,
  MAX_EXCERPT_CHARS,
  makeExcerpt,
} from "./make-excerpt.js";

describe("makeExcerpt", () => {
  it("returns short text whole, whitespace flattened", () => {
    expect(makeExcerpt("We chose\n\nPostgres.", ["postgres"])).toBe("We chose Postgres.");
  });

  it("centres on the first stem-ish match, marks cuts with …, and stays within 300 chars", () => {
    const text = `${"lead ".repeat(100)}the authentication flow uses sessions. ${"tail ".repeat(100)}`;
    const excerpt = makeExcerpt(text, ["authenticate"]);
    expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_CHARS);
    expect(excerpt.startsWith("…lead")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt).toContain("the authentication flow uses sessions.");
  });

  it("never splits a surrogate pair", () => {
    const excerpt = makeExcerpt(`${"😀".repeat(400)} needle ${"😀".repeat(400)}`, ["needle"]);
    expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_CHARS);
    expect(excerpt).toContain("needle");
    expect(excerpt).not.toMatch(/^…?[\uDC00-\uDFFF]|[\uD800-\uDBFF]…?$/);
  });
});

describe("findTermPosition", () => {
  it("finds the earliest stem-ish occurrence of any term, case-insensitively", () => {
    expect(
      findTermPosition("We chose Postgres for authentication.", ["authenticate", "postgres"]),
    ).toBe(9);
    expect(findTermPosition("认证方式是JWT", ["认证"])).toBe(0);
    expect(findTermPosition("a.b", ["."])).toBe(1);
    expect(findTermPosition("nothing here", ["redis"])).toBe(-1);
    expect(findTermPosition("anything", ["", ""])).toBe(-1);
  });
});

describe("isSubstantive and isTitleOnlyMatch", () => {
  it("needs 40 chars of flattened text to stand in for a chat", () => {
    expect(isSubstantive("了解。")).toBe(false);
    expect(isSubstantive(`${"x".repeat(39)}   `)).toBe(false);
    expect(isSubstantive("x".repeat(40))).toBe(true);
  });

  it("is true only when the title has a term and the text has none", () => {
    expect(isTitleOnlyMatch("了解。", "Redis migration", ["redis"])).toBe(true);
    expect(isTitleOnlyMatch("the redis cache", "Redis migration", ["redis"])).toBe(false);
    expect(isTitleOnlyMatch("了解。", "Other", ["redis"])).toBe(false);
    expect(isTitleOnlyMatch("了解。", null, ["redis"])).toBe(false);
  });
});
