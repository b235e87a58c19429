import { describe, expect, it } from "vitest";
import { corpusFile, readCorpus } from "../testing/corpus.js";
import { parseCodex } from "./codex.js";

const RTCHESS = "pinouchon__rtchess__dev_history__exported-session.jsonl";

describe("parseCodex", () => {
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
