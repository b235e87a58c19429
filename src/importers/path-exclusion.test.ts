import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors/recollect-error.js";
import { combineExclusions, createPathExclusion } from "./path-exclusion.js";

const anchors = { cwd: "/work/repo", home: "/home/dana" };
const exclude = (globs: string[]) => createPathExclusion(globs, "--exclude", anchors);

describe("createPathExclusion", () => {
  it("matches a glob without a slash against every name on the path", () => {
    const exclusion = exclude(["acme-*", "*.private.md"]);
    expect(
      [
        "/home/dana/acme-bank/.specstory/history/a.md",
        "/home/dana/shop/notes.private.md",
        "/home/dana/shop/.specstory/history/a.md",
      ].map((path) => exclusion.excludes(path)),
    ).toEqual([true, true, false]);
  });

  it("anchors ~/, relative and absolute globs; ** matches anywhere", () => {
    const exclusion = exclude([
      "~/clients",
      "drafts/*.jsonl",
      "/tmp/**/secret",
      "**/.codex/sessions/2026/01/**",
    ]);
    expect(
      [
        "/home/dana/clients/x/session.jsonl",
        "/home/dana/clientsX/session.jsonl",
        "/work/repo/drafts/a.jsonl",
        "drafts/b.jsonl",
        "/work/repo/drafts/deep/a.jsonl",
        "/tmp/a/b/secret/c.json",
        "/home/dana/.codex/sessions/2026/01/05/rollout-1.jsonl",
        "/home/dana/.codex/sessions/2026/02/05/rollout-1.jsonl",
      ].map((path) => exclusion.excludes(path)),
    ).toEqual([true, false, true, true, false, true, true, false]);
  });

  it("excludes nothing without globs, and combines lists", () => {
    expect(exclude([]).excludes("/anything")).toBe(false);
    const both = combineExclusions(exclude(["a"]), exclude(["b"]));
    expect([both.globs, both.excludes("/x/b/y"), both.excludes("/x/c")]).toEqual([
      ["a", "b"],
      true,
      false,
    ]);
  });

  it("rejects empty and negated globs, naming where they came from", () => {
    expect(() => exclude([" "])).toThrow(InvalidInputError);
    expect(() => createPathExclusion(["!keep"], "exclude", anchors)).toThrow(
      'Invalid exclude: expected globs of paths to leave out (no `!` negation) (got "!keep").',
    );
  });

  it("rejects a glob whose brackets, braces or parentheses do not balance; escaped ones match", () => {
    const errorOf = (glob: string): unknown[] | unknown => {
      try {
        exclude([glob]);
      } catch (error) {
        return error instanceof InvalidInputError ? [error.argument, error.message] : error;
      }
      return null;
    };
    expect(errorOf("notes[")).toEqual([
      "--exclude",
      'Invalid --exclude: expected globs whose [ ], { } and ( ) balance (write \\[ for a literal bracket) (notes[: Missing closing: "]").',
    ]);
    expect(errorOf("**/{a,b")).toEqual([
      "--exclude",
      'Invalid --exclude: expected globs whose [ ], { } and ( ) balance (write \\[ for a literal bracket) (**/{a,b: Missing closing: "}").',
    ]);
    expect(errorOf("a)")).toEqual(["--exclude", expect.stringContaining('Missing opening: "("')]);
    expect(exclude(["draft\\[1\\]"]).excludes("/work/repo/draft[1]/a.md")).toBe(true);
    expect(exclude(["{a,b}.md"]).excludes("/work/repo/b.md")).toBe(true);
  });
});
