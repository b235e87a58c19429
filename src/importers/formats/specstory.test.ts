import { describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { describeRequiring, SHARED_CORPUS } from "../../test/require-resource.js";
import { corpusFile, readCorpus } from "../testing/corpus.js";
import { SPECSTORY_CURSOR, SPECSTORY_V1 } from "../testing/synthetic-histories.js";
import { looksLikeSpecStory, parseSpecStory } from "./specstory.js";

function parseCorpus(name: string) {
  const chats = parseSpecStory(corpusFile("specstory", name), readCorpus("specstory", name), 0);
  expect(chats).toHaveLength(1);
  const chat = chats[0]!;
  const roles = chat.messages.map((message) => message.role);
  return {
    chat,
    users: roles.filter((role) => role === "user").length,
    assistants: roles.filter((role) => role === "assistant").length,
  };
}

describeRequiring([SHARED_CORPUS], "parseSpecStory on the real corpus", () => {
  it("v2.1.0 Cursor: session id, slug title, merged Agent blocks, raw tool markup kept", () => {
    const { chat, users, assistants } = parseCorpus(
      "Bucur21__PaperBites__2026-04-07_19-39-04Z-website-deployment-options-with-database.md",
    );
    expect(chat.externalId).toBe("76a5db5f-eb59-45f6-8189-f3541f307839");
    expect(chat.title).toBe("website deployment options with database");
    expect(new Date(chat.createdAtMs).toISOString()).toBe("2026-04-07T19:39:04.000Z");
    expect([users, assistants]).toEqual([1, 1]);
    expect(chat.messages[0]!.content).toBe(
      "what should I use to deploy the website giving the database",
    );
    const reply = chat.messages[1]!.content;
    expect(reply.startsWith("Exploring the project stack and database setup")).toBe(true);
    expect(reply).toContain('<tool-use data-tool-type="search" data-tool-name="glob_file_search">');
    expect(reply).not.toContain("_**Agent");
    // No own times in Cursor turns: start, then +1 ms each.
    expect(chat.messages.map((message) => message.createdAtMs - chat.createdAtMs)).toEqual([0, 1]);
  });

  it("v2.1.0 main session: 20 user and 20 assistant turns despite think blocks with glued fences", () => {
    const { users, assistants } = parseCorpus(
      "Bucur21__PaperBites__2026-04-07_19-37-09Z-404-error-handling-and-paper-entry-navigation.md",
    );
    expect([users, assistants]).toEqual([20, 20]);
  });

  it("v2.1.0 Claude Code variant: per-turn timestamps from the headers", () => {
    const { chat, users, assistants } = parseCorpus(
      "0-auth__zero-auth__2026-08-06_20-58-44Z-go-through-the-given.md",
    );
    expect(chat.externalId).toBe("51de9da8-5cc4-41b8-b00d-9049ea99ef53");
    expect([users, assistants]).toEqual([4, 3]);
    expect(new Date(chat.messages[0]!.createdAtMs).toISOString()).toBe("2026-08-06T20:58:45.000Z");
    expect(new Date(chat.messages[1]!.createdAtMs).toISOString()).toBe("2026-08-06T20:59:29.000Z");
  });

  it("v2.1.0 Codex CLI prompt-only session is one user message", () => {
    const { chat, users, assistants } = parseCorpus(
      "0-auth__zero-auth__2026-08-06_20-56-32Z-go-through-the-given.md",
    );
    expect([users, assistants]).toEqual([1, 0]);
    expect(chat.title).toBe("go through the given");
  });

  it("v1 (Apr 2025, local header time): header title, filename time as UTC start", () => {
    const { chat, users, assistants } = parseCorpus(
      "edobry__minsky__2025-04-26_20-30-setting-up-minsky-cli-with-bun.md",
    );
    expect(chat.title).toBe("Setting Up Minsky CLI with Bun");
    expect(chat.externalId).toBe(
      "edobry__minsky__2025-04-26_20-30-setting-up-minsky-cli-with-bun.md",
    );
    expect(new Date(chat.createdAtMs).toISOString()).toBe("2025-04-26T20:30:00.000Z");
    expect([users, assistants]).toEqual([26, 26]);
  });

  it("v1 with a never-closed quoted fence: the separator before each header still splits turns", () => {
    const { users, assistants } = parseCorpus(
      "edobry__minsky__2025-05-01_20-45-existing-guidelines-for-cursor-rules.md",
    );
    expect([users, assistants]).toEqual([6, 6]);
  });

  it("v1 mid-2025 (Z header): empty user turns are dropped", () => {
    const { chat, users, assistants } = parseCorpus(
      "maloneype__yposfgold-community-platform__2025-07-17_22-04Z-continuing-with-next-steps.md",
    );
    expect(new Date(chat.createdAtMs).toISOString()).toBe("2025-07-17T22:04:00.000Z");
    expect([users, assistants]).toEqual([5, 7]);
  });
});

describe("parseSpecStory on synthetic input", () => {
  it("v2.1.0 Cursor: session id, slug title, merged Agent blocks, raw tool markup kept", () => {
    const path = "/h/dev__Quillmark__2026-03-02_10-15-00Z-which-queue-for-export-jobs.md";
    const [chat] = parseSpecStory(path, SPECSTORY_CURSOR, 0);
    expect(chat!.externalId).toBe("3f0c2a9e-1b7d-4c55-9e0a-5d2f8b6c1a44");
    expect(chat!.title).toBe("which queue for export jobs");
    expect(new Date(chat!.createdAtMs).toISOString()).toBe("2026-03-02T10:15:00.000Z");
    expect(chat!.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    const reply = chat!.messages[1]!.content;
    expect(reply.startsWith("Looking at how the export worker is wired")).toBe(true);
    expect(reply).toContain('<tool-use data-tool-type="search" data-tool-name="glob_file_search">');
    expect(reply.endsWith("a few hundred jobs a minute.")).toBe(true);
    expect(reply).not.toContain("_**Agent");
    expect(chat!.messages.map((message) => message.createdAtMs - chat!.createdAtMs)).toEqual([
      0, 1,
    ]);
  });

  it("v1: header title, filename time as UTC start, separators inside a reply kept", () => {
    const path = "/h/dev__Quillmark__2025-05-14_09-05-choosing-a-date-library.md";
    const [chat] = parseSpecStory(path, SPECSTORY_V1, 0);
    expect(chat!.title).toBe("Choosing a Date Library for Quillmark");
    expect(chat!.externalId).toBe("dev__Quillmark__2025-05-14_09-05-choosing-a-date-library.md");
    expect(new Date(chat!.createdAtMs).toISOString()).toBe("2025-05-14T09:05:00.000Z");
    expect(chat!.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(chat!.messages[1]!.content).toContain("Move to date-fns");
  });

  const file = "/tmp/2026-01-02_03-04-05Z-fence-check.md";

  it("treats role headers inside a fenced quote as content (fence-aware)", () => {
    const text = [
      "<!-- Generated by SpecStory -->",
      "",
      "# Fence check (2026-01-02 03:04Z)",
      "",
      "_**User**_",
      "",
      "show me the transcript",
      "",
      "---",
      "",
      "_**Assistant**_",
      "",
      "Here it is:",
      "````markdown",
      "_**User**_",
      "quoted question",
      "````",
      "",
      "_**Assistant**_",
      "",
      "Second block of the same turn.",
    ].join("\n");
    const [chat] = parseSpecStory(file, text, 0);
    expect(chat!.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
    expect(chat!.messages[1]!.content).toBe(
      "Here it is:\n````markdown\n_**User**_\nquoted question\n````\n\nSecond block of the same turn.",
    );
    expect(chat!.title).toBe("Fence check");
  });

  it("reads a v0 file: `## SpecStory`, US-locale title time", () => {
    const text = [
      "## SpecStory",
      "",
      "## Pick a database (3/11/2025, 8:11:06 PM)",
      "",
      "_**User**_",
      "",
      "Postgres or SQLite?",
      "",
      "---",
      "",
      "_**Assistant**_",
      "",
      "SQLite for now.",
    ].join("\n");
    const [chat] = parseSpecStory("/tmp/pick-a-database.md", text, 0);
    expect(chat!.title).toBe("Pick a database");
    expect(new Date(chat!.createdAtMs).toISOString()).toBe("2025-03-11T20:11:06.000Z");
    expect(chat!.messages.map((message) => message.content)).toEqual([
      "Postgres or SQLite?",
      "SQLite for now.",
    ]);
  });

  it("rejects a file without any role header, naming the file", () => {
    expect(() =>
      parseSpecStory(file, "<!-- Generated by SpecStory -->\n\n# Only a title\n", 0),
    ).toThrow(ImportFormatError);
  });

  it("detects by the first line, not by extension", () => {
    expect(looksLikeSpecStory("<!-- Generated by SpecStory, Markdown v2.1.0 -->\n")).toBe(true);
    expect(looksLikeSpecStory("# SpecStory: hand-written summary\n")).toBe(false);
  });
});
