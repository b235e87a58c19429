import { describe, expect, it } from "vitest";
import { renderCardXml } from "./card-xml.js";
import type { ExploreCard } from "./explore-card.js";
import type { ExploreChatHistoryReport } from "./report-schema.js";
import { segmentMessage, withoutCards } from "./segment-message.js";
import { evidenceTargetFixture, reportFixture } from "./testing/report-fixture.js";

const renderCard = (card: ExploreCard) => renderCardXml({ kind: "explore", card });

const report: ExploreChatHistoryReport = reportFixture({
  query: "auth",
  summary: "Sessions </dyad-explore-chat-history><script>alert(1)</script> replaced JWT.",
  findings: [
    {
      claim: "Sessions.",
      evidence: [
        evidenceTargetFixture({
          chat_id: 2,
          chat_title: "Sessions & <b>cookies</b>",
          message_id: 5,
          role: "assistant",
          created_at: "2026-03-16T10:02:00.000Z",
          excerpt: "Decision: replace JWT.",
        }),
      ],
    },
  ],
});

describe("segmentMessage", () => {
  it("splits text and an explore card, keeping archival markup inside the card as data", () => {
    const card = renderCard({ state: "complete", query: "auth", report });
    const segments = segmentMessage(`Before\n${card}\nAfter`);
    expect(segments).toEqual([
      { kind: "text", text: "Before\n" },
      {
        kind: "card",
        card: { kind: "explore", card: { state: "complete", query: "auth", report } },
      },
      { kind: "text", text: "\nAfter" },
    ]);
  });

  it("reads legacy search and read cards back with unescaped attributes and body", () => {
    const segments = segmentMessage(
      'x<dyad-search-chats query="a &amp; b">{&quot;chats&quot;:[]}</dyad-search-chats>' +
        '<dyad-read-chat chat_id="7">plain &lt;text&gt;</dyad-read-chat>',
    );
    expect(segments).toEqual([
      { kind: "text", text: "x" },
      {
        kind: "card",
        card: {
          kind: "search_chats",
          card: { state: "done", result: { query: "a & b", chats: [] } },
        },
      },
      {
        kind: "card",
        card: {
          kind: "read_chat",
          card: { state: "archived", chatId: 7, title: null, text: "plain <text>" },
        },
      },
    ]);
  });

  it("drops a malformed explore card and leaves unclosed tags as text", () => {
    expect(
      segmentMessage(
        'a<dyad-explore-chat-history state="bogus" query="q"></dyad-explore-chat-history>b',
      ),
    ).toEqual([{ kind: "text", text: "ab" }]);
    expect(segmentMessage('<dyad-read-chat chat_id="1">never closed')).toEqual([
      { kind: "text", text: '<dyad-read-chat chat_id="1">never closed' },
    ]);
    expect(segmentMessage("")).toEqual([]);
  });
});

describe("withoutCards", () => {
  it("removes every card element, well-formed or not, and keeps the text around it", () => {
    expect(
      withoutCards(
        'A <dyad-explore-chat-history state="bogus"></dyad-explore-chat-history>B<dyad-read-chat x>secret</dyad-read-chat>C',
      ),
    ).toBe("A BC");
  });
});
