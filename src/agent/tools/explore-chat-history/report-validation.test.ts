import { describe, expect, it } from "vitest";
import { EXPLORER_BUDGETS } from "./budgets.js";
import { submitReportInputSchema } from "./child-protocol.js";
import { createEvidenceRegistry } from "./evidence-registry.js";
import { clampText, submitProposalSchema, validateProposal } from "./report-validation.js";

function registryWith(messageIds: number[]) {
  const registry = createEvidenceRegistry(EXPLORER_BUDGETS);
  registry.admitCall();
  registry.recordRead("k", {
    chat_id: 1,
    chat_title: "T",
    chat_created_at: "2026-01-01T00:00:00.000Z",
    messages: messageIds.map((id) => ({
      message_id: id,
      role: "user",
      created_at: "2026-01-01T00:00:00.000Z",
      content: `m${id}`,
      is_compaction_summary: false,
      projection_truncated: false,
    })),
    has_more_before: false,
    has_more_after: false,
    truncated: false,
  });
  return registry;
}

describe("report validation", () => {
  it("accepts every strict child-protocol submission", () => {
    const strict = submitReportInputSchema.parse({
      summary: "s",
      findings: [{ claim: "c", candidate_ids: ["c1"] }],
      confidence: "low",
    });
    expect(submitProposalSchema.parse(strict)).toEqual(strict);
  });

  it("drops findings without evidence and conflicts with fewer than two, counting reasons", () => {
    const registry = registryWith([10, 11, 12]);
    const located = new Map([
      [10, { chatId: 1, appId: 7 }],
      [11, { chatId: 1, appId: 8 }],
      [12, { chatId: 2, appId: 7 }],
    ]);
    const result = validateProposal({
      proposal: submitProposalSchema.parse({
        summary: "  s  ",
        findings: [
          { claim: "ok", candidate_ids: ["c1"] },
          { claim: "other app", candidate_ids: ["c2"] },
          { claim: "moved chat", candidate_ids: ["c3"] },
        ],
        conflicts: [{ description: "half", candidate_ids: ["c1", "c9"] }],
        missing_coverage: ["  ", "n".repeat(300)],
        confidence: "high",
      }),
      registry,
      appId: 7,
      locate: (id) => located.get(id) ?? null,
      budgets: EXPLORER_BUDGETS,
    });
    expect(result.findings.map((f) => f.text)).toEqual(["ok"]);
    expect(result.conflicts).toEqual([]);
    expect(result.dropped).toEqual({
      unknown: 1,
      duplicate: 0,
      other_app: 2,
      deleted: 0,
      over_budget: 0,
    });
    expect(result.droppedItems).toBe(3);
    expect(result.summary).toBe("s");
    expect(result.modelCoverageNotes).toEqual([`${"n".repeat(199)}…`]);
    expect([result.cited, result.resolved]).toEqual([5, 2]);
  });

  it("clamps text without splitting a surrogate pair", () => {
    expect(clampText("abc", 3)).toBe("abc");
    expect(clampText("ab😀cd", 4)).toBe("ab…");
    expect(clampText("abcdef", 4)).toBe("abc…");
  });
});
