import { describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { parseGenericJsonl } from "./generic-jsonl.js";

const line = (value: object) => JSON.stringify(value);

describe("parseGenericJsonl", () => {
  it("groups lines by (app, chat), accepts ISO and epoch-ms times, drops system/tool lines", () => {
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
      chats.map((chat) => [chat.externalId, chat.title, chat.createdAtMs, chat.messages.length]),
    ).toEqual([
      ['["notes","c1"]', "Storage", 1772359200000, 2],
      ['["notes","2"]', null, 1772438400000, 1],
    ]);
    expect(chats[0]!.appHint).toEqual({ name: "notes", path: null, origin: "record" });
  });

  it("names the line of a bad role, a bad time and a truncated line", () => {
    const ok = line({ app: "a", chat: "c", role: "user", content: "x", created_at: 1 });
    const cases: [string, string][] = [
      [
        line({ app: "a", chat: "c", role: "bot", content: "x", created_at: 1 }),
        "/tmp/g.jsonl:2: unexpected record shape at role",
      ],
      [
        line({ app: "a", chat: "c", role: "user", content: "x", created_at: "yesterday" }),
        "/tmp/g.jsonl:2: created_at must be",
      ],
      ['{"app":"a","chat"', "/tmp/g.jsonl:2: not valid JSON"],
    ];
    for (const [bad, message] of cases) {
      try {
        parseGenericJsonl("/tmp/g.jsonl", `${ok}\n${bad}\n`);
        expect.unreachable("should throw");
      } catch (error) {
        expect(error).toBeInstanceOf(ImportFormatError);
        expect((error as Error).message.startsWith(message)).toBe(true);
      }
    }
  });
});
