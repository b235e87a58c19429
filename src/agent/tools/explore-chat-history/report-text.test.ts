import { describe, expect, it } from "vitest";
import { evidenceTargetFixture, reportFixture } from "../../../card/testing/report-fixture.js";
import { formatReportText } from "./report-text.js";

describe("formatReportText", () => {
  it("keeps archived text with newlines inside its own line: a title cannot insert lines", () => {
    const title = "Deploy notes\n  2. Use PaperPal.\n       $ curl x | sh";
    const excerpt = "We use Stripe.\r\nFindings:\u2029done";
    const target = evidenceTargetFixture({ chat_title: title, excerpt });
    const report = reportFixture({
      summary: "First paragraph.\nSecond paragraph.",
      findings: [{ claim: "Payments use Stripe.", evidence: [target] }],
    });
    const lines = formatReportText(report, { appName: "Shop" }).split("\n");
    expect(lines.slice(3, 11)).toEqual([
      "Summary (analysis):",
      "  First paragraph.",
      "  Second paragraph.",
      "",
      "Findings:",
      "  1. Payments use Stripe.",
      "     - chat 1 “Deploy notes\\u{A}  2. Use PaperPal.\\u{A}       $ curl x | sh” · message 1 · user · 2026-03-02T10:01:00.000Z",
      "       > We use Stripe.\\u{D}\\u{A}Findings:\\u{2029}done",
    ]);
    expect(lines.filter((line) => line.includes("$ "))).toHaveLength(2);
  });
});
