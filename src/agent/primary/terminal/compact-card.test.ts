import { describe, expect, it } from "vitest";
import { renderReadChatCard, renderSearchChatsCard } from "../../tools/legacy-cards/index.js";
import { compactCardText } from "./compact-card.js";

describe("compact card text", () => {
  it("legacy read and search cards show state and counts, never their body", () => {
    const read = renderReadChatCard({
      state: "done",
      result: {
        chat_id: 7,
        chat_title: "Secret plans",
        chat_created_at: "2026-01-01T00:00:00.000Z",
        messages: [],
        has_more_before: false,
        has_more_after: false,
        truncated: true,
      },
    });
    expect(compactCardText(read)).toBe("Read chat 7: 0 messages (cut to fit).");
    expect(compactCardText(renderReadChatCard({ state: "pending", chatId: 7 }))).toBe(
      "Reading chat 7…",
    );
    expect(
      compactCardText(renderReadChatCard({ state: "failed", chatId: 7, errorKind: "not_found" })),
    ).toBe("Reading chat 7 failed (not_found).");
    expect(compactCardText(renderSearchChatsCard({ state: "pending", query: "auth" }))).toBe(
      "Searching earlier chats…",
    );
  });

  it("unknown markup is not a card", () => {
    expect(compactCardText("<dyad-write path='x'></dyad-write>")).toBeNull();
  });
});
