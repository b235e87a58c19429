import { describe, expect, it } from "vitest";
import { MAX_EXCERPT_CHARS, makeExcerpt } from "./make-excerpt.js";

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
