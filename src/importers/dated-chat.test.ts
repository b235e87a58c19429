import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors/recollect-error.js";
import { importedChatFromDatedTurns } from "./dated-chat.js";

describe("importedChatFromDatedTurns", () => {
  it("keeps each turn's own time and starts the chat at its first turn", () => {
    expect(
      importedChatFromDatedTurns({
        source: "jsonl",
        externalId: "demo/a",
        title: "A",
        turns: [
          ["user", "hello", "2026-02-01T10:00:00Z"],
          ["assistant", "hi", "2026-02-01T10:00:05Z"],
        ],
      }),
    ).toEqual({
      source: "jsonl",
      externalId: "demo/a",
      title: "A",
      createdAtMs: Date.UTC(2026, 1, 1, 10, 0, 0),
      appHint: null,
      messages: [
        {
          role: "user",
          content: "hello",
          createdAtMs: Date.UTC(2026, 1, 1, 10, 0, 0),
          aiMessagesJson: null,
          isCompactionSummary: false,
        },
        {
          role: "assistant",
          content: "hi",
          createdAtMs: Date.UTC(2026, 1, 1, 10, 0, 5),
          aiMessagesJson: null,
          isCompactionSummary: false,
        },
      ],
    });
  });

  it("starts an empty chat at 2026-01-01T00:00:00Z", () => {
    const chat = importedChatFromDatedTurns({
      source: "jsonl",
      externalId: "demo/empty",
      title: "Empty",
      turns: [],
    });
    expect(chat.createdAtMs).toBe(Date.UTC(2026, 0, 1));
    expect(chat.messages).toEqual([]);
  });

  it("refuses a hand-written time that names no real date instead of rolling it over", () => {
    const chat = (at: string) =>
      importedChatFromDatedTurns({
        source: "jsonl",
        externalId: "demo/typo",
        title: "Typo",
        turns: [["user", "hello", at]],
      });
    expect(() => chat("2026-02-30T10:00:00Z")).toThrow(InvalidInputError);
    expect(() => chat("2026-02-30T10:00:00Z")).toThrow(
      expect.objectContaining({ kind: "invalid_input", argument: "time" }),
    );
  });
});
