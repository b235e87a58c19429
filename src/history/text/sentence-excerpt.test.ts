import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { porterStem } from "../search/porter-stem.js";
import { sentenceExcerpt } from "./sentence-excerpt.js";

const FILLER = new Set(["the", "we", "a", "to", "is", "it", "and", "of", "for", "why", "did"]);
/** Stems of the words of `text` outside a small filler list (the caller's terms function). */
const termsOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [])
    .filter((word) => !FILLER.has(word))
    .map(porterStem);
const query = (text: string) => new Set(termsOf(text));

const PREAMBLE =
  "Great question, and thanks for the detailed context about the project so far. " +
  "There are several angles to consider here, and it helps to go through them one at a time. " +
  "First, let me restate the constraints you mentioned earlier in our conversation. ";
const ANSWER = "We left Clerk because its pricing per monthly active user broke the budget.";
const TAIL =
  " After that the team moved on to other work for the release, and nobody revisited it.";

describe("sentenceExcerpt", () => {
  it("starts at the sentence that matches, not at the message's first characters", () => {
    const excerpt = sentenceExcerpt(
      PREAMBLE + ANSWER + TAIL,
      query("why did we leave Clerk?"),
      termsOf,
      220,
    );
    expect(excerpt.startsWith(`…${ANSWER}`)).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(220);
  });

  it("pulls back to preceding context when the matching sentence ends the message", () => {
    const excerpt = sentenceExcerpt(
      PREAMBLE + ANSWER,
      query("pricing per active user"),
      termsOf,
      220,
    );
    expect(excerpt.endsWith(ANSWER)).toBe(true);
    expect(excerpt.startsWith("…")).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(220);
  });

  it("prefers the sentence holding more of the rarer terms", () => {
    const text = `${PREAMBLE}The budget was tight. ${ANSWER}${TAIL}`;
    expect(
      sentenceExcerpt(text, query("Clerk budget"), termsOf, 120).startsWith(
        `…${ANSWER.slice(0, 40)}`,
      ),
    ).toBe(true);
  });

  it("starts at the sentence the claim quotes, before the one the question's words match best", () => {
    const quoted = "The budget was tight that quarter, so every seat mattered.";
    const text = `${PREAMBLE}${quoted} ${ANSWER}${TAIL}`;
    const claim = `assistant on 2026-01-10: "${quoted}"`;
    expect(sentenceExcerpt(text, query("why did we leave Clerk?"), termsOf, 120, claim)).toMatch(
      /^…The budget was tight that quarter/,
    );
    // A claim quoting nothing of the text, or sharing a short phrase only, changes nothing.
    for (const other of ['user: "something else entirely, nothing quoted"', "the budget was"]) {
      expect(sentenceExcerpt(text, query("why did we leave Clerk?"), termsOf, 120, other)).toBe(
        sentenceExcerpt(text, query("why did we leave Clerk?"), termsOf, 120),
      );
    }
  });

  it("shows the quoted window of a sentence longer than the bound", () => {
    const long = `${"word ".repeat(80)}then the Postgres decision came after the load test ${"more ".repeat(40)}`;
    const excerpt = sentenceExcerpt(
      long,
      query("word"),
      termsOf,
      100,
      'assistant: "…the Postgres decision came after the load test"',
    );
    expect(excerpt).toContain("Postgres decision came after the load test");
    expect(excerpt.length).toBeLessThanOrEqual(100);
  });

  it("shows the first matching word of a sentence longer than the bound", () => {
    const long = `${"word ".repeat(80)}then the Postgres decision came ${"more ".repeat(40)}`;
    const excerpt = sentenceExcerpt(long, query("postgres"), termsOf, 100);
    expect(excerpt).toContain("Postgres decision");
    expect(excerpt.length).toBeLessThanOrEqual(100);
  });

  it("quotes a token the segmenter splits after '?' as it is written", () => {
    const text = "Before that: open `/login?error=` and read the message. Nothing else matters.";
    const excerpt = sentenceExcerpt(text, new Set(["error"]), termsOf, 220);
    expect(excerpt).toBe(text);
  });

  it("keeps the start when nothing matches and the whole text when it fits", () => {
    const head = sentenceExcerpt(PREAMBLE + ANSWER, query("kubernetes"), termsOf, 60);
    expect(head).toBe("Great question, and thanks for the detailed context about…");
    expect(sentenceExcerpt("Short\n\nanswer.  Here.", query("answer"), termsOf, 220)).toBe(
      "Short answer. Here.",
    );
  });

  it("segments CJK sentences", () => {
    const text = `${"这是一个很长的开场白，".repeat(12)}。我们决定使用 Clerk 登录。${"后来的讨论。".repeat(10)}`;
    const excerpt = sentenceExcerpt(text, new Set(["clerk"]), termsOf, 60);
    expect(excerpt.startsWith("…我们决定使用 Clerk 登录。")).toBe(true);
  });

  it("never exceeds the bound and never splits a surrogate pair (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 600 }),
        fc.integer({ min: 8, max: 300 }),
        fc.string({ unit: "grapheme", maxLength: 200 }),
        (text, max, claim) => {
          const excerpt = sentenceExcerpt(text, query("a b c 😀"), termsOf, max, claim + text);
          expect(excerpt.length).toBeLessThanOrEqual(max);
          expect(excerpt).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
        },
      ),
    );
  });

  it("rejects a bound with no room for a sentence", () => {
    expect(() => sentenceExcerpt("text", new Set(), termsOf, 7)).toThrow(RangeError);
  });
});
