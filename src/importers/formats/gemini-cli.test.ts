import { describe, expect, it } from "vitest";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { detectionHeadOf } from "../detection-head.js";
import { detectFormatModule } from "../format-registry.js";
import {
  GEMINI_SESSION_ID,
  geminiLegacySession,
  geminiRecordedSession,
} from "../testing/gemini-fixture.js";
import { parseGeminiSession } from "./gemini-cli.js";

const DIR = `/home/dana/.gemini/tmp/${"a".repeat(64)}/chats`;
const EXPECTED = [
  ["user", "Add a rate limiter to @src/api.ts", "2026-03-02T09:00:10.000Z"],
  ["assistant", "Use a token bucket: 10 requests a second per key.", "2026-03-02T09:00:30.000Z"],
  ["user", "Agreed, token bucket it is.", "2026-03-02T09:00:40.000Z"],
];
const summary = (text: string, file: string) =>
  parseGeminiSession(`${DIR}/${file}`, text, 0).map((chat) => ({
    externalId: chat.externalId,
    title: chat.title,
    createdAt: new Date(chat.createdAtMs).toISOString(),
    messages: chat.messages.map((m) => [m.role, m.content, new Date(m.createdAtMs).toISOString()]),
  }));

describe("parseGeminiSession", () => {
  it("reads an older .json session: typed prompts and replies, no info lines, tool calls or thoughts", () => {
    expect(summary(geminiLegacySession(), "session-2026-03-02T09-00-7f3c9a52.json")).toEqual([
      {
        externalId: GEMINI_SESSION_ID,
        title: "Add a rate limiter to @src/api.ts",
        createdAt: "2026-03-02T09:00:00.000Z",
        messages: EXPECTED,
      },
    ]);
  });

  it("replays a .jsonl recording: rewritten records replaced, rewinds dropped, $set summary as title", () => {
    expect(summary(geminiRecordedSession(), "session-2026-03-02T09-00-7f3c9a52.jsonl")).toEqual([
      {
        externalId: GEMINI_SESSION_ID,
        title: "Token bucket rate limiter for the API",
        createdAt: "2026-03-02T09:00:00.000Z",
        messages: EXPECTED,
      },
    ]);
  });

  it("reads Gemini CLI 0.61's layout: every record after the first $set.messages, no preamble", () => {
    const preamble =
      "<session_context>\nThis is the Gemini CLI. Today's date is …\n</session_context>";
    const lines = [
      { sessionId: "s-061", projectHash: "h", startTime: "2026-12-01T10:00:00.000Z", kind: "main" },
      { $set: { messages: [{ id: "m0", type: "user", content: [{ text: preamble }] }] } },
      { id: "m1", type: "user", content: [{ text: "Let's use Postgres on Railway for the API." }] },
      { $set: { lastUpdated: "2026-12-01T10:01:00.000Z" } },
      { id: "m2", type: "gemini", content: "Agreed: Postgres on Railway." },
      // A later model-history sync (here after compression): it drops m1 from the CLI's context,
      // not from the archive, and rewrites m2's content.
      {
        $set: {
          messages: [
            { id: "m0", type: "user", content: [{ text: preamble }] },
            { id: "m2", type: "gemini", content: "Agreed: Postgres on Railway (masked)." },
          ],
        },
      },
      { id: "m3", type: "user", content: "And Redis for the queue?" },
    ];
    const text = lines.map((line) => JSON.stringify(line)).join("\n");
    expect(summary(text, "session-2026-12-01T10-00-s-061.jsonl")).toEqual([
      {
        externalId: "s-061",
        title: "Let's use Postgres on Railway for the API.",
        createdAt: "2026-12-01T10:00:00.000Z",
        messages: [
          ["user", "Let's use Postgres on Railway for the API.", "2026-12-01T10:00:00.000Z"],
          ["assistant", "Agreed: Postgres on Railway (masked).", "2026-12-01T10:00:00.001Z"],
          ["user", "And Redis for the queue?", "2026-12-01T10:00:00.002Z"],
        ],
      },
    ]);
  });

  it("is recognized in both layouts, and not confused with Claude Code or generic JSONL", () => {
    const detect = (text: string) =>
      detectFormatModule(detectionHeadOf(`${DIR}/s.json`, Buffer.from(text)))?.format;
    expect([detect(geminiLegacySession()), detect(geminiRecordedSession())]).toEqual([
      "gemini-cli",
      "gemini-cli",
    ]);
  });

  it("rejects a broken line naming it, and a session without its header", () => {
    const lines = geminiRecordedSession().split("\n");
    lines[4] = '{"id": "m3", "type": ';
    expect(() => parseGeminiSession(`${DIR}/s.jsonl`, lines.join("\n"), 0)).toThrow(
      `${DIR}/s.jsonl:5: not valid JSON (truncated or corrupt line)`,
    );
    const headless = geminiRecordedSession().split("\n").slice(1).join("\n");
    expect(() => parseGeminiSession(`${DIR}/s.jsonl`, headless, 0)).toThrow(
      `${DIR}/s.jsonl:1: not a Gemini CLI session: no sessionId/projectHash line`,
    );
    const noType = JSON.stringify(
      { sessionId: "s", projectHash: "h", messages: [{ id: "x" }] },
      null,
      2,
    );
    expect(() => parseGeminiSession(`${DIR}/s.json`, noType, 0)).toThrow(ImportFormatError);
    expect(() => parseGeminiSession(`${DIR}/s.json`, noType, 0)).toThrow(
      `${DIR}/s.json: not a Gemini CLI session: unexpected shape at messages.0.type`,
    );
  });
});
