import { describe, expect, it } from "vitest";
import { buildFtsMatch, quoteFtsString } from "./build-fts-query.js";
import { extractTerms } from "./extract-terms.js";

describe("extractTerms", () => {
  it("splits on anything but letters and numbers, lowercases, dedupes and separates CJK runs", () => {
    expect(extractTerms('Auth* "NEAR(login" title:JWT auth 用户auth 认证 ^x')).toEqual({
      words: ["auth", "near", "login", "title", "jwt", "x"],
      cjkRuns: ["用户", "认证"],
    });
  });

  it("keeps at most 12 terms and 64 chars a term", () => {
    const terms = extractTerms(
      `${"a".repeat(100)} ${Array.from({ length: 20 }, (_, n) => `w${n}`).join(" ")}`,
    );
    expect(terms.words).toHaveLength(12);
    expect(terms.words[0]).toBe("a".repeat(64));
  });

  it("finds nothing in pure punctuation", () => {
    expect(extractTerms('"*^():{}-+')).toEqual({ words: [], cjkRuns: [] });
  });
});

describe("buildFtsMatch", () => {
  it("quotes every term, adds the phrase, scopes to the app and excludes the current chat", () => {
    expect(
      buildFtsMatch({ terms: extractTerms("deploy database"), appId: 7, excludeChatId: 3 }),
    ).toBe(
      '(scope:"app7" AND ({title body}:("deploy" OR "database" OR "deploy database"))) NOT scope:"chat3"',
    );
  });

  it("turns CJK runs into bigram phrases and a single character into a prefix", () => {
    expect(
      buildFtsMatch({ terms: extractTerms("认证方式 库"), appId: 1, excludeChatId: null }),
    ).toBe('(scope:"app1" AND (cjk:("认证 证方 方式" OR "库"*)))');
  });

  it("returns null when there is nothing to search", () => {
    expect(buildFtsMatch({ terms: extractTerms("()"), appId: 1, excludeChatId: null })).toBeNull();
  });

  it("doubles quotes inside a quoted string", () => {
    expect(quoteFtsString('a"b')).toBe('"a""b"');
  });
});
