import { describe, expect, it } from "vitest";
import type { AppHint, ImportedChat } from "./imported-chat.js";
import { resolveApp } from "./resolve-app.js";

const chat = (appHint: AppHint | null): ImportedChat => ({
  source: "specstory",
  externalId: "x",
  title: null,
  createdAtMs: 0,
  appHint,
  messages: [],
});
const cwd: AppHint = { name: "tasks1", path: "/Users/me/tasks1", origin: "cwd" };
const record: AppHint = { name: "shop", path: "/apps/shop", origin: "record" };

describe("resolveApp", () => {
  it("orders --app, the file's own app, the corpus name, the recorded cwd, then the layout", () => {
    const corpusName = "/c/claude-code-jsonl/Nishanth-sebastin__eagerminds-bookmarks__full.jsonl";
    expect(resolveApp(corpusName, chat(record), "Mine")).toEqual({
      name: "Mine",
      path: "/apps/shop",
    });
    expect(resolveApp(corpusName, chat(record), undefined)).toEqual({
      name: "shop",
      path: "/apps/shop",
    });
    expect(resolveApp(corpusName, chat(cwd), undefined)).toEqual({
      name: "eagerminds-bookmarks",
      path: null,
    });
    expect(resolveApp("/home/me/.claude/projects/x/abc.jsonl", chat(cwd), undefined)).toEqual({
      name: "tasks1",
      path: "/Users/me/tasks1",
      origin: "root",
    });
    expect(
      resolveApp(
        "/home/me/code/paper/.specstory/history/2026-01-01_00-00Z-x.md",
        chat(null),
        undefined,
      ),
    ).toEqual({ name: "paper", path: "/home/me/code/paper", origin: "root" });
    expect(resolveApp("/home/me/code/shop/.aider.chat.history.md", chat(null), undefined)).toEqual({
      name: "shop",
      path: "/home/me/code/shop",
      origin: "root",
    });
    expect(resolveApp("/exports/notes/chat.md", chat(null), undefined)).toEqual({
      name: "notes",
      path: null,
    });
  });
});
