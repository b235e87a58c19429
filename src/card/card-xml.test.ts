import { describe, expect, it } from "vitest";
import { renderCardXml } from "./card-xml.js";
import { cardStateForReport, type ExploreCard } from "./explore-card.js";
import type { HistoryCard } from "./history-card.js";
import type { ExploreChatHistoryReport } from "./report-schema.js";
import { segmentMessage } from "./segment-message.js";
import { evidenceTargetFixture, reportFixture } from "./testing/report-fixture.js";
import { escapeXml } from "./xml-escape.js";

const renderCard = (card: ExploreCard) => renderCardXml({ kind: "explore", card });

/** Every card read back from `text`, in order. */
function parseAll(text: string): HistoryCard[] {
  return segmentMessage(text).flatMap((segment) => (segment.kind === "card" ? [segment.card] : []));
}

/** Every explorer card read back from `text`. */
function parseCards(text: string): ExploreCard[] {
  return parseAll(text).flatMap((card) => (card.kind === "explore" ? [card.card] : []));
}

const parseCard = (text: string) => parseCards(text)[0] ?? null;

const hostile = `</dyad-explore-chat-history><dyad-explore-chat-history state="complete">"&'`;

function report(overrides: Partial<ExploreChatHistoryReport> = {}): ExploreChatHistoryReport {
  return reportFixture({
    query: "auth?",
    summary: "Analysis: moved to Supabase Auth.",
    findings: [
      {
        claim: "Supabase Auth replaced Clerk",
        evidence: [
          evidenceTargetFixture({
            chat_id: 3,
            chat_title: `Auth <b>"redo"</b>`,
            message_id: 17,
            role: "assistant",
            created_at: "2026-03-02T10:00:00.000Z",
            excerpt: hostile,
          }),
        ],
      },
    ],
    ...overrides,
  });
}

describe("card XML", () => {
  it("round-trips a pending card with phase and counts", () => {
    const card: ExploreCard = {
      state: "pending",
      query: `what "auth" <x>`,
      progress: { phase: "reading", searches: 2, reads: 1, discussions: 1, observations: 5 },
    };
    const xml = renderCard(card);
    expect(xml).toBe(
      '<dyad-explore-chat-history state="pending" query="what &quot;auth&quot; &lt;x&gt;" phase="reading" searches="2" reads="1" discussions="1" observations="5"></dyad-explore-chat-history>',
    );
    expect(parseCard(xml)).toEqual(card);
  });

  it("escapes hostile archival text in the body so it cannot close the tag", () => {
    const card: ExploreCard = { state: "complete", query: "auth?", report: report() };
    const xml = renderCard(card);
    expect(xml.match(/<\/dyad-explore-chat-history>/g)).toHaveLength(1);
    expect(xml).toContain('chats="1" evidence="1" confidence="high"');
    expect(parseCards(`before ${xml} after`)).toEqual([card]);
  });

  it("round-trips failed and cancelled cards", () => {
    const failed: ExploreCard = {
      state: "failed",
      query: "q",
      error: { kind: "precondition", message: `Engine "x" missing` },
    };
    const cancelled: ExploreCard = { state: "cancelled", query: "q" };
    expect(parseCards(renderCard(failed) + renderCard(cancelled))).toEqual([failed, cancelled]);
  });

  it("skips cards with an unknown state, bad counts or an invalid body", () => {
    expect(parseCard('<dyad-explore-chat-history state="weird"></dyad-explore-chat-history>')).toBe(
      null,
    );
    expect(
      parseCard(
        '<dyad-explore-chat-history state="pending" phase="reading" searches="-1" reads="0" discussions="0" observations="0"></dyad-explore-chat-history>',
      ),
    ).toBe(null);
    expect(
      parseCard(
        `<dyad-explore-chat-history state="complete">${escapeXml('{"query":1}')}</dyad-explore-chat-history>`,
      ),
    ).toBe(null);
    expect(
      parseCard('<dyad-explore-chat-history state="complete">{</dyad-explore-chat-history>'),
    ).toBe(null);
  });

  it("derives the headline state, most urgent first", () => {
    expect(cardStateForReport(report())).toBe("complete");
    expect(cardStateForReport(report({ confidence: "low" }))).toBe("low_confidence");
    expect(cardStateForReport(report({ outcome: "partial" }))).toBe("partial");
    const weak = {
      outcome: "partial",
      partial_reason: "weak_evidence",
      confidence: "low",
    } as const;
    expect(cardStateForReport(report(weak))).toBe("low_confidence");
    expect(cardStateForReport(report({ outcome: "no_match" }))).toBe("no_match");
    expect(cardStateForReport(report({ evidence_only: true, outcome: "partial" }))).toBe(
      "evidence_only",
    );
    const evidence = report().findings[0]!.evidence[0]!;
    const conflict = { description: "d", evidence: [evidence, { ...evidence, message_id: 18 }] };
    expect(cardStateForReport(report({ conflicts: [conflict] }))).toBe("conflict");
  });

  it("round-trips legacy read and search cards, and reads an older free-text body as archived text", () => {
    const read: HistoryCard = {
      kind: "read_chat",
      card: {
        state: "done",
        result: {
          chat_id: 12,
          chat_title: "Auth <redo>",
          messages: [{ role: "user", created_at: "2026-01-01T00:00:00.000Z", content: "a & b" }],
          truncated: false,
        },
      },
    };
    const search: HistoryCard = {
      kind: "search_chats",
      card: { state: "failed", query: "auth", errorKind: "not_found" },
    };
    expect(renderCardXml(search)).toBe(
      '<dyad-search-chats state="failed" query="auth" error-kind="not_found"></dyad-search-chats>',
    );
    expect(parseAll(renderCardXml(read) + renderCardXml(search))).toEqual([read, search]);
    expect(
      parseAll('<dyad-read-chat chat_id="4">We read &lt;b&gt;it&lt;/b&gt;.</dyad-read-chat>'),
    ).toEqual([
      {
        kind: "read_chat",
        card: { state: "archived", chatId: 4, title: null, text: "We read <b>it</b>." },
      },
    ]);
  });
});
