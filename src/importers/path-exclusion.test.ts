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
      "Invalid exclude: expected globs of paths to leave out (no `!` negation) (got !keep).",
    );
  });
});
