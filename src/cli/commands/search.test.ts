import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { corpusFile } from "../../importers/testing/corpus.js";
import { describeRequiring, SHARED_CORPUS } from "../../test/require-resource.js";
import { recollectInvocation } from "../recollect-invocation.js";
import { formatSearch, otherMatchesLine } from "./search.js";
import { createTempStores, runCaptured } from "./testing/run-captured.js";

describeRequiring([SHARED_CORPUS], "recollect search and read on the real corpus", () => {
  const stores = createTempStores();
  let db = "";
  /** Runs `recollect --db <this test's store> …args`. */
  const recollect = (args: readonly string[]) => runCaptured(["--db", db, ...args]);

  const PAPERBITES = [
    "Bucur21__PaperBites__2026-04-07_19-39-04Z-website-deployment-options-with-database.md",
    "Bucur21__PaperBites__2026-04-12_14-42-28Z-github-push-without-exposing-secrets.md",
    "Bucur21__PaperBites__2026-04-09_19-38-27Z-docx-document-editing-capabilities.md",
  ].map((name) => corpusFile("specstory", name));

  beforeEach(async () => {
    db = stores.path();
    const run = await recollect(["import", ...PAPERBITES]);
    expect(run.code).toBe(0);
    expect((await recollect(["settings", "set", "entitlement", "pro"])).code).toBe(0);
  });
  afterEach(() => stores.cleanup());

  describe("recollect search", () => {
    it("search and read obey the entitlement: free gives exit 4 and no data", async () => {
      await recollect(["settings", "set", "entitlement", "free"]);
      const search = await recollect(["search", "--app", "PaperBites", "deploy"]);
      const read = await recollect(["read", "--app", "PaperBites", "--chat", "1"]);
      expect([search.code, search.stdout, read.code, read.stdout]).toEqual([4, "", 4, ""]);
      expect(search.stderr).toContain("Searching chat history requires Pro");
      expect(read.stderr).toContain("Reading chat history requires Pro");
    });

    it("finds the deployment discussion with ISO dates and excerpts free of tool payloads", async () => {
      const run = await recollect(["search", "--app", "PaperBites", "deploy database"]);
      expect(run.code).toBe(0);
      // "database" and "deploy" ask about kinds: the names this history uses for them come first.
      const all = run.stdout.split("\n");
      const kinds = all.filter((line) => line.startsWith("(for "));
      expect(kinds.map((line) => line.split(" products:")[0])).toEqual([
        "(for database, this app's chats mention database",
        "(for deploy, this app's chats mention hosting",
      ]);
      const lines = all.slice(kinds.length);
      expect(lines[0]).toMatch(
        /^#\d+ {2}website deployment options with database {2}2026-04-07T19:39:04\.000Z$/,
      );
      expect(lines[1]).toMatch(/^ {2}\[\d+\] user 2026-04-07T19:39:04\.000Z$/);
      expect(lines[2]).toBe("    what should I use to deploy the website giving the database");
      expect(run.stdout).not.toContain("<tool-use");
      expect(run.stdout).not.toContain("```");
      expect(run.stdout).not.toContain("Directory: **d:\\PaperBites**");
    });

    it("--json returns the typed result", async () => {
      const run = await recollect([
        "--json",
        "search",
        "--app",
        "PaperBites",
        "deploy",
        "--limit",
        "1",
      ]);
      expect(run.code).toBe(0);
      const result = JSON.parse(run.stdout) as {
        index_status: string;
        chats: { chat_title: string }[];
      };
      expect(result.index_status).toBe("ready");
      expect(result.chats.map((chat) => chat.chat_title)).toEqual([
        "website deployment options with database",
      ]);
    });

    it("rejects --limit 0, a non-number limit and an unknown app with one line and an exit code", async () => {
      const zero = await recollect(["search", "--app", "PaperBites", "deploy", "--limit", "0"]);
      expect([zero.code, zero.stderr]).toEqual([
        2,
        'recollect: Invalid --limit: expected an integer from 1 to 20 (got "0").\n',
      ]);
      const word = await recollect(["search", "--app", "PaperBites", "deploy", "--limit", "ten"]);
      expect([word.code, word.stderr]).toEqual([
        2,
        'recollect: Invalid --limit: expected an integer from 1 to 20 (got "ten").\n',
      ]);
      const app = await recollect(["search", "--app", "Nope", "deploy"]);
      expect([app.code, app.stderr]).toEqual([
        3,
        `recollect: App "Nope" was not found. Run \`${recollectInvocation(process.env).join(" ")} --db ${db} apps\` to list the apps.\n`,
      ]);
    });
  });

  describe("recollect read", () => {
    it("reads a window around a search hit and pages from the start", async () => {
      const search = await recollect([
        "--json",
        "search",
        "--app",
        "PaperBites",
        "deploy database",
      ]);
      const hit = (
        JSON.parse(search.stdout) as {
          chats: { chat_id: number; matches: { message_id: number }[] }[];
        }
      ).chats[0]!;
      const around = await recollect([
        "--json",
        "read",
        "--app",
        "PaperBites",
        "--chat",
        String(hit.chat_id),
        "--around",
        String(hit.matches[0]!.message_id),
        "--before",
        "0",
        "--after",
        "1",
      ]);
      expect(around.code).toBe(0);
      const window = JSON.parse(around.stdout) as {
        messages: { role: string; created_at: string }[];
        has_more_after: boolean;
      };
      expect(window.messages.map((message) => [message.role, message.created_at])).toEqual([
        ["user", "2026-04-07T19:39:04.000Z"],
        ["assistant", "2026-04-07T19:39:04.001Z"],
      ]);
      expect(window.has_more_after).toBe(false);
      const page = await recollect([
        "read",
        "--app",
        "PaperBites",
        "--chat",
        String(hit.chat_id),
        "--limit",
        "1",
      ]);
      expect(page.stdout.split("\n").slice(0, 4)).toEqual([
        `#${hit.chat_id}  website deployment options with database  2026-04-07T19:39:04.000Z`,
        "",
        expect.stringMatching(/^\[\d+\] user 2026-04-07T19:39:04\.000Z$/),
        "what should I use to deploy the website giving the database",
      ]);
    });

    it("gives the same not-found answer for a missing chat and bad flag mixes exit 2", async () => {
      const missing = await recollect(["read", "--app", "PaperBites", "--chat", "999999"]);
      expect([missing.code, missing.stderr]).toEqual([
        3,
        'recollect: Chat 999999 was not found in app "PaperBites".\n',
      ]);
      const mixed = await recollect([
        "read",
        "--app",
        "PaperBites",
        "--chat",
        "1",
        "--around",
        "1",
        "--offset",
        "2",
      ]);
      expect(mixed.code).toBe(2);
    });
  });
});

describe("formatSearch", () => {
  it("names a chat's other matches by id, for `recollect read --around`", () => {
    const match = {
      message_id: 7,
      role: "user" as const,
      created_at: "2026-01-01T00:00:00.000Z",
      excerpt: "we deploy on render",
      is_compaction_summary: false,
      projection_truncated: false,
    };
    const chat = { chat_id: 3, chat_title: "Deploys", chat_created_at: null, matches: [match] };
    const result = {
      query: "deploy",
      index_status: "ready" as const,
      pending_count: 0,
      truncated: false,
      chats: [
        { ...chat, more_match_ids: [40, 12], more_match_count: 2 },
        { ...chat, chat_id: 4 },
        { ...chat, chat_id: 5, more_match_ids: [7], more_match_count: 41 },
      ],
    };
    const lines = formatSearch(result).split("\n");
    expect(lines.filter((line) => line.includes(" more message"))).toEqual([
      "  2 more messages of this chat match (message ids, for read --around): [40] [12]",
      "  41 more messages of this chat match, the best 1 (message ids, for read --around): [7]",
    ]);
    expect(otherMatchesLine([9])).toBe(
      "1 more message of this chat matches (message ids, for read --around): [9]",
    );
  });
});
