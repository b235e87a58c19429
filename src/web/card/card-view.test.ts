import { describe, expect, it } from "vitest";
import type { ExploreCard } from "../../card/explore-card.js";
import type { ExploreChatHistoryReport } from "../../card/report-schema.js";
import { evidenceTargetFixture, reportFixture } from "../../card/testing/report-fixture.js";
import {
  announcementKey,
  type DrawnEvidence,
  drawnEvidence,
  headerCounts,
  startsCollapsed,
  statusKey,
} from "./card-view.js";

const target = (chat: number, message: number) =>
  evidenceTargetFixture({ chat_id: chat, message_id: message });
const base: ExploreChatHistoryReport = reportFixture({
  findings: [{ claim: "c", evidence: [target(1, 1), target(1, 2), target(2, 5)] }],
});
const complete = (report: Partial<ExploreChatHistoryReport>): ExploreCard => ({
  state: "complete",
  query: "q",
  report: { ...base, ...report },
});

describe("card view", () => {
  it("collapses only complete, high-confidence, fully covered reports", () => {
    expect(startsCollapsed(complete({}))).toBe(true);
    expect(startsCollapsed(complete({ confidence: "medium" }))).toBe(false);
    expect(startsCollapsed(complete({ missing_coverage: ["x"] }))).toBe(false);
    expect(startsCollapsed(complete({ index_status: "indexing" }))).toBe(false);
    expect(startsCollapsed({ state: "conflict", query: "q", report: base })).toBe(false);
    expect(startsCollapsed({ state: "cancelled", query: "q" })).toBe(false);
  });

  it("announces phase changes, not count changes", () => {
    const pending = (searches: number, phase: "searching" | "reading"): ExploreCard => ({
      state: "pending",
      query: "q",
      progress: { phase, searches, reads: 0, discussions: 0, observations: 0 },
    });
    expect(announcementKey(pending(1, "searching"))).toBe(announcementKey(pending(3, "searching")));
    expect(announcementKey(pending(1, "searching"))).not.toBe(
      announcementKey(pending(1, "reading")),
    );
    expect(announcementKey({ state: "cancelled", query: "q" })).toBe("cancelled");
  });

  it("counts distinct chats and evidence targets and names indexing partials", () => {
    expect(headerCounts(complete({}))).toEqual({ chats: 2, evidence: 3 });
    expect(headerCounts({ state: "cancelled", query: "q" })).toBeNull();
    expect(
      statusKey({ state: "partial", query: "q", report: { ...base, index_status: "indexing" } }),
    ).toBe("indexing");
    expect(statusKey({ state: "partial", query: "q", report: base })).toBe("partial");
  });

  it("draws each cited message once, so the boxes are the header's evidence count", () => {
    const report = reportFixture({
      conflicts: [{ description: "d", evidence: [target(1, 2), target(1, 2), target(3, 9)] }],
      findings: [
        { claim: "a", evidence: [target(1, 1), target(1, 2)] },
        { claim: "b", evidence: [target(1, 1), target(3, 9)] },
        { claim: "c", evidence: [target(2, 5), target(1, 1)] },
      ],
    });
    const drawn = drawnEvidence(report);
    const ids = (groups: DrawnEvidence["findings"]) =>
      groups.map((group) => group.map((evidence) => evidence.message_id));
    expect(ids(drawn.conflicts)).toEqual([[2, 9]]);
    expect(ids(drawn.findings)).toEqual([[1], [], [5]]);
    const boxes = [...drawn.conflicts, ...drawn.findings].flat().length;
    expect(boxes).toBe(headerCounts({ state: "conflict", query: "q", report })?.evidence);
  });
});
