import { describe, expect, it } from "vitest";
import { renderCard } from "../../agent/tools/explore-chat-history/card-xml.js";
import type { ExploreChatHistoryReport } from "../../agent/tools/explore-chat-history/report-schema.js";
import { segmentMessage, unescapeEntities } from "./segment-message.js";

const report: ExploreChatHistoryReport = {
  query: "auth",
  outcome: "complete",
  summary: "Sessions </dyad-explore-chat-history><script>alert(1)</script> replaced JWT.",
  findings: [
    {
      claim: "Sessions.",
      evidence: [
        {
          chat_id: 2,
          chat_title: "Sessions & <b>cookies</b>",
          message_id: 5,
          role: "assistant",
          created_at: "2026-03-16T10:02:00.000Z",
          excerpt: "Decision: replace JWT.",
        },
      ],
    },
  ],
  conflicts: [],
  missing_coverage: [],
  index_status: "ready",
  confidence: "high",
  action: "answer_from_report",
  archival_content: true,
  evidence_only: false,
};

describe("segmentMessage", () => {
  it("splits text and an explore card, keeping archival markup inside the card as data", () => {
    const card = renderCard({ state: "complete", query: "auth", report });
    const segments = segmentMessage(`Before\n${card}\nAfter`);
    expect(segments.map((segment) => segment.kind)).toEqual(["text", "explore", "text"]);
    expect(segments[0]).toEqual({ kind: "text", text: "Before\n" });
    expect(segments[2]).toEqual({ kind: "text", text: "\nAfter" });
    const explore = segments[1];
    expect(explore?.kind === "explore" && explore.card.state).toBe("complete");
    expect(explore?.kind === "explore" && "report" in explore.card && explore.card.report).toEqual(
      report,
    );
  });

  it("renders legacy search and read cards with unescaped attributes and body", () => {
    const segments = segmentMessage(
      'x<dyad-search-chats query="a &amp; b">{&quot;chats&quot;:[]}</dyad-search-chats>' +
        '<dyad-read-chat chat_id="7">plain &lt;text&gt;</dyad-read-chat>',
    );
    expect(segments).toEqual([
      { kind: "text", text: "x" },
      {
        kind: "legacy",
        tag: "dyad-search-chats",
        attributes: { query: "a & b" },
        body: '{"chats":[]}',
      },
      { kind: "legacy", tag: "dyad-read-chat", attributes: { chat_id: "7" }, body: "plain <text>" },
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

describe("unescapeEntities", () => {
  it("decodes the predefined and numeric entities only", () => {
    expect(unescapeEntities("&lt;&gt;&quot;&apos;&amp;lt;&#65;&#x42;&nbsp;")).toBe(
      "<>\"'&lt;AB&nbsp;",
    );
  });
});
