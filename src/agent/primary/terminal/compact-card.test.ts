import { describe, expect, it } from "vitest";
import { compactCardText } from "./compact-card.js";

describe("compact card text", () => {
  it("legacy read and search cards show state and counts, never their body", () => {
    const read = compactCardText({
      kind: "read_chat",
      card: {
        state: "done",
        result: {
          chat_id: 7,
          chat_title: "Secret plans",
          messages: [{ role: "user", created_at: "2026-01-01T00:00:00.000Z", content: "secret" }],
          truncated: true,
        },
      },
    });
    expect(read).toBe("Read chat 7: 1 message (cut to fit).");
    expect(compactCardText({ kind: "read_chat", card: { state: "pending", chatId: 7 } })).toBe(
      "Reading chat 7…",
    );
    expect(
      compactCardText({
        kind: "read_chat",
        card: { state: "failed", chatId: 7, errorKind: "not_found" },
      }),
    ).toBe("Reading chat 7 failed (not_found).");
    expect(
      compactCardText({ kind: "search_chats", card: { state: "pending", query: "auth" } }),
    ).toBe("Searching earlier chats…");
  });

  it("an explorer card shows its phase, then its state and counts", () => {
    const progress = { phase: "reading", searches: 2, reads: 1, discussions: 1, observations: 3 };
    expect(
      compactCardText({
        kind: "explore",
        card: { state: "pending", query: "q", progress: { ...progress, phase: "reading" } },
      }),
    ).toBe("Reading 1 relevant discussion…");
    expect(compactCardText({ kind: "explore", card: { state: "cancelled", query: "q" } })).toBe(
      "History exploration cancelled.",
    );
  });
});
