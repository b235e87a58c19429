import { describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { looksLikeGenericRecord, parseGenericJsonl } from "./generic-jsonl.js";
import { MAX_JSON_LINE_BYTES } from "./json-lines.js";

const line = (value: object) => JSON.stringify(value);

const CREATED_AT_ALLOWED =
  "an ISO-8601 date-time (2026-04-07T19:39:04Z) or integer epoch milliseconds, from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z (epoch milliseconds 0 to 253402300799999)";

describe("parseGenericJsonl", () => {
  it("groups lines by (app, chat), accepts ISO and epoch-ms times, drops system/tool lines, titles from the first prompt", () => {
    const text = [
      line({
        app: "notes",
        chat: "c1",
        title: "Storage",
        role: "user",
        content: "SQLite or files?",
        created_at: "2026-03-01T10:00:00Z",
      }),
      line({
        app: "notes",
        chat: "c1",
        role: "tool",
        content: "ls output",
        created_at: 1772359205000,
      }),
      line({
        app: "notes",
        chat: "c1",
        role: "assistant",
        content: "SQLite.",
        created_at: 1772359210000,
      }),
      line({
        app: "notes",
        chat: 2,
        role: "user",
        content: "Sync?",
        created_at: "2026-03-02 08:00:00",
        is_compaction_summary: false,
      }),
    ].join("\n");
    const chats = parseGenericJsonl("/tmp/export.jsonl", text);
    expect(
      chats.map((chat) => [
        chat.externalId,
        chat.title,
        chat.titleFromPrompt,
        chat.createdAtMs,
        chat.messages.length,
      ]),
    ).toEqual([
      ['["notes","c1"]', "Storage", undefined, 1772359200000, 2],
      // No line gives a title: the first line of the first prompt.
      ['["notes","2"]', "Sync?", true, 1772438400000, 1],
    ]);
    expect(chats[0]!.appHint).toEqual({ name: "notes", path: null, origin: "record" });
  });

  it("names the line, the field and what it allows for a missing or wrong field", () => {
    const ok = { app: "a", chat: "c", role: "user", content: "x", created_at: 1 };
    const { content: _content, ...noContent } = ok;
    const { app: _app, ...noApp } = ok;
    const cases: [string, string, { field: string; allowed: string } | undefined][] = [
      [
        line(noContent),
        '/tmp/g.jsonl:2: missing field "content": expected a string (the message text); a line is {app, chat, title?, role, content, created_at, is_compaction_summary?}',
        { field: "content", allowed: "a string (the message text)" },
      ],
      [
        line(noApp),
        '/tmp/g.jsonl:2: missing field "app": expected a non-empty string (the app\'s name); a line is {app, chat, title?, role, content, created_at, is_compaction_summary?}',
        { field: "app", allowed: "a non-empty string (the app's name)" },
      ],
      [
        line({ ...ok, content: 5 }),
        '/tmp/g.jsonl:2: field "content" must be a string (the message text), got a number',
        { field: "content", allowed: "a string (the message text)" },
      ],
      [
        line({ ...ok, app: "  " }),
        '/tmp/g.jsonl:2: field "app" must be a non-empty string (the app\'s name), got "  "',
        { field: "app", allowed: "a non-empty string (the app's name)" },
      ],
      [
        line({ ...ok, role: "bot" }),
        '/tmp/g.jsonl:2: field "role" must be one of user, assistant, system, tool, got "bot"',
        { field: "role", allowed: "one of user, assistant, system, tool" },
      ],
      [
        line({ ...ok, created_at: "yesterday" }),
        `/tmp/g.jsonl:2: field "created_at" must be ${CREATED_AT_ALLOWED}, got "yesterday"`,
        { field: "created_at", allowed: CREATED_AT_ALLOWED },
      ],
      [
        "[1, 2]",
        "/tmp/g.jsonl:2: each line must be a JSON object {app, chat, title?, role, content, created_at, is_compaction_summary?}, got an array",
        undefined,
      ],
      [
        '{"app":"a","chat"',
        "/tmp/g.jsonl:2: not valid JSON (truncated or corrupt line)",
        undefined,
      ],
    ];
    for (const [bad, message, problem] of cases) {
      try {
        parseGenericJsonl("/tmp/g.jsonl", `${line(ok)}\n${bad}\n`);
        expect.unreachable("should throw");
      } catch (error) {
        expect(error).toBeInstanceOf(ImportFormatError);
        const format = error as ImportFormatError;
        expect([format.message, format.line, format.problem]).toEqual([message, 2, problem]);
      }
    }
  });

  it("refuses a created_at Date cannot hold, out of range, fractional or naming no real date", () => {
    const ok = { app: "a", chat: "c", role: "user", content: "x" };
    // Each value as it is written in the file (JSON text: a number past 2^53 stays as typed).
    const cases: [string, string, string][] = [
      ["past Date's range", "99999999999999999", "100000000000000000"],
      ["negative", "-99999999999999999", "-100000000000000000"],
      ["before 1970", "-1", "-1"],
      ["after 9999", "253402300800000", "253402300800000"],
      ["fractional ms", "1.5", "1.5"],
      ["month 13, day 45", '"2026-13-45T00:00:00Z"', '"2026-13-45T00:00:00Z"'],
      ["February 30", '"2026-02-30T00:00:00Z"', '"2026-02-30T00:00:00Z"'],
      ["hour 25", '"2026-01-01T25:00:00Z"', '"2026-01-01T25:00:00Z"'],
      ["second 60", '"2026-01-01T10:00:60Z"', '"2026-01-01T10:00:60Z"'],
      ["zone hour 24", '"2026-01-01T10:00:00+24:00"', '"2026-01-01T10:00:00+24:00"'],
      ["a 6-digit year", '"+275760-09-13T00:00:00Z"', '"+275760-09-13T00:00:00Z"'],
      ["a date without time", '"2026-01-01"', '"2026-01-01"'],
    ];
    const refused = cases.map(([label, createdAt]) => {
      const bad = `${line(ok).slice(0, -1)},"created_at":${createdAt}}`;
      try {
        parseGenericJsonl("/tmp/g.jsonl", `${line({ ...ok, created_at: 1 })}\n${bad}`);
        return [label, "accepted"];
      } catch (error) {
        const format = error as ImportFormatError;
        return [label, format.message, format.line, format.problem];
      }
    });
    expect(refused).toEqual(
      cases.map(([label, , echoed]) => [
        label,
        `/tmp/g.jsonl:2: field "created_at" must be ${CREATED_AT_ALLOWED}, got ${echoed}`,
        2,
        { field: "created_at", allowed: CREATED_AT_ALLOWED },
      ]),
    );
  });

  it("accepts the range's ends, February 29 of a leap year and a zone offset", () => {
    const at = (created_at: unknown) =>
      line({ app: "a", chat: String(created_at), role: "user", content: "x", created_at });
    const text = [0, 253402300799999, "2028-02-29T23:59:59.999Z", "2026-03-01T01:30:00+05:30"]
      .map(at)
      .join("\n");
    expect(parseGenericJsonl("/tmp/g.jsonl", text).map((chat) => chat.createdAtMs)).toEqual([
      0,
      253402300799999,
      Date.UTC(2028, 1, 29, 23, 59, 59, 999),
      Date.UTC(2026, 1, 28, 20, 0, 0),
    ]);
  });

  it("reads a line of megabytes, and rejects one over MAX_JSON_LINE_BYTES naming its line", () => {
    const at = { app: "a", chat: "c", role: "user", created_at: 1 };
    const big = "x".repeat(3 * 1024 * 1024);
    const [chat] = parseGenericJsonl("/tmp/g.jsonl", line({ ...at, content: big }));
    expect(chat!.messages.map((message) => message.content.length)).toEqual([big.length]);
    const huge = line({ ...at, content: "x".repeat(MAX_JSON_LINE_BYTES) });
    expect(() =>
      parseGenericJsonl("/tmp/g.jsonl", `${line({ ...at, content: "x" })}\n${huge}`),
    ).toThrow(
      "/tmp/g.jsonl:2: the line is longer than 64 MiB, the most a JSON Lines line may hold",
    );
  });

  it("takes a record holding 3 of the required fields for a generic line, valid or not", () => {
    expect(looksLikeGenericRecord({ app: "a", role: "user", created_at: 1 })).toBe(true);
    expect(looksLikeGenericRecord({ app: 1, chat: [], role: null })).toBe(true);
    expect(looksLikeGenericRecord({ role: "user", content: "hi" })).toBe(false);
    expect(looksLikeGenericRecord(["app", "chat", "role"])).toBe(false);
    expect(looksLikeGenericRecord("app chat role")).toBe(false);
  });
});
