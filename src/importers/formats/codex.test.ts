import { describe, expect, it } from "vitest";
import { describeRequiring, SHARED_CORPUS } from "../../test/require-resource.js";
import { corpusFile, readCorpus } from "../testing/corpus.js";
import { CODEX_SESSION } from "../testing/synthetic-histories.js";
import { parseCodex } from "./codex.js";

const RTCHESS = "pinouchon__rtchess__dev_history__exported-session.jsonl";

describeRequiring([SHARED_CORPUS], "parseCodex on the real corpus", () => {
  it("reads event_msg prompts and replies once each (response_item copies skipped)", () => {
    const chats = parseCodex(
      corpusFile("codex-jsonl", RTCHESS),
      readCorpus("codex-jsonl", RTCHESS),
      0,
    );
    expect(chats).toHaveLength(1);
    const chat = chats[0]!;
    expect(chat.messages.filter((message) => message.role === "user")).toHaveLength(54);
    expect(chat.messages.filter((message) => message.role === "assistant")).toHaveLength(53);
    expect(chat.externalId).toBe("019aad50-a7e6-7422-b7a8-0b384290624f");
    expect(chat.appHint).toEqual({
      name: "rtchess",
      path: "/Users/pinouchon/code/rtchess",
      origin: "cwd",
    });
    expect(new Date(chat.createdAtMs).toISOString()).toBe("2025-11-22T20:45:35.590Z");
    expect(chat.messages[0]!.content.startsWith("I want to make a chess variant")).toBe(true);
    expect(chat.messages.some((message) => message.content.includes("<environment_context>"))).toBe(
      false,
    );
  });
});

describe("parseCodex", () => {
  it("reads event_msg turns once each, skipping response_item copies and other events", () => {
    const chats = parseCodex("/sessions/rollout-1.jsonl", CODEX_SESSION, 0);
    expect(chats).toHaveLength(1);
    const chat = chats[0]!;
    expect(chat.externalId).toBe("019b0000-aaaa-7bbb-8ccc-000000000001");
    expect(chat.appHint).toEqual({ name: "tidepool", path: "/home/dev/tidepool", origin: "cwd" });
    expect(new Date(chat.createdAtMs).toISOString()).toBe("2025-12-01T12:00:00.000Z");
    expect(chat.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "store the sensor readings in hourly buckets"],
      ["assistant", "Hourly buckets it is: one row per sensor per hour, raw rows kept for 7 days."],
    ]);
  });

  it("accepts un-wrapped early records", () => {
    const text = [
      JSON.stringify({
        type: "user_message",
        message: "old prompt",
        timestamp: "2025-01-01T00:00:00Z",
      }),
      JSON.stringify({
        type: "agent_message",
        message: "old reply",
        timestamp: "2025-01-01T00:00:05Z",
      }),
    ].join("\n");
    const [chat] = parseCodex("/tmp/rollout-old.jsonl", text, 0);
    expect(chat!.messages.map((message) => [message.role, message.content])).toEqual([
      ["user", "old prompt"],
      ["assistant", "old reply"],
    ]);
  });
});
