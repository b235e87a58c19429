import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import type { ExploreChatHistoryReport } from "../../../card/report-schema.js";
import { textDeltas } from "../offline-router-model.js";
import { isRecallQuestion, routedQuery } from "./recall-classifier.js";
import { ROUTER_HELP_TEXT, ROUTER_NO_HISTORY_TEXT, routeTurn } from "./route-turn.js";
import {
  ASK_FOR_CONTEXT,
  ASK_TO_CONFIRM,
  ASK_WHICH_STANDS,
  textUnderCard,
} from "./text-under-card.js";

const user = (text: string): LanguageModelV3Prompt => [
  { role: "user", content: [{ type: "text", text }] },
];

const evidence = (chat: number, message: number, date: string, title: string | null) => ({
  chat_id: chat,
  chat_title: title,
  message_id: message,
  role: "assistant" as const,
  created_at: `${date}T10:00:00.000Z`,
  excerpt: "…",
});

const report: ExploreChatHistoryReport = {
  query: "auth?",
  outcome: "partial",
  summary: "Sessions first, then Clerk.",
  findings: [
    { claim: "Auth moved to Clerk.", evidence: [evidence(2, 4, "2026-02-03", "Switch auth")] },
  ],
  conflicts: [
    {
      description: "Sessions vs Clerk.",
      evidence: [evidence(1, 2, "2026-01-10", null), evidence(2, 4, "2026-02-03", "Switch auth")],
    },
  ],
  missing_coverage: [],
  index_status: "indexing",
  confidence: "low",
  action: "ask_user",
  archival_content: true,
  partial_reason: "index_incomplete",
  evidence_only: false,
};

describe("offline router policy", () => {
  it("classifies recall questions by transparent cues", () => {
    expect(
      [
        "What did we decide about authentication?",
        "remind me why we went with Postgres",
        "Did we agree on a deploy target previously",
        "hello",
        "write a function that adds two numbers",
      ].map(isRecallQuestion),
    ).toEqual([true, true, true, false, false]);
    expect(routedQuery("  what   did\nwe decide  ")).toBe("what did we decide");
    expect(routedQuery("did we ".repeat(200))).toHaveLength(500);
  });

  it("calls the explorer only when offered, never a tool it was not given", () => {
    expect(routeTurn(user("What did we decide about auth?"), ["explore_chat_history"])).toEqual({
      kind: "tool-call",
      toolName: "explore_chat_history",
      input: { query: "What did we decide about auth?" },
    });
    expect(routeTurn(user("What did we decide about auth?"), ["read_chat"])).toEqual({
      kind: "text",
      text: ROUTER_NO_HISTORY_TEXT,
    });
    expect(routeTurn(user("make it blue"), ["explore_chat_history"])).toEqual({
      kind: "text",
      text: ROUTER_HELP_TEXT,
    });
  });

  it("answers from the explorer's result, never exploring again", () => {
    const prompt: LanguageModelV3Prompt = [
      ...user("What did we decide about auth?"),
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c",
            toolName: "explore_chat_history",
            output: { type: "text", value: JSON.stringify(report) },
          },
        ],
      },
    ];
    expect(routeTurn(prompt, ["explore_chat_history"])).toEqual({
      kind: "text",
      text: textUnderCard(report),
    });
  });

  it("drills down once into the first cited target when the report says read_targets", () => {
    const explored: LanguageModelV3Prompt = [
      ...user("What did we decide about auth?"),
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c1",
            toolName: "explore_chat_history",
            output: { type: "text", value: JSON.stringify({ ...report, action: "read_targets" }) },
          },
        ],
      },
    ];
    expect(routeTurn(explored, ["explore_chat_history", "read_chat"])).toEqual({
      kind: "tool-call",
      toolName: "read_chat",
      input: { chat_id: 2, around_message_id: 4, before: 1, after: 1 },
    });
    expect(routeTurn(explored, ["explore_chat_history"])).toEqual({
      kind: "text",
      text: textUnderCard({ ...report, action: "read_targets" }),
    });
    const read = (value: unknown): LanguageModelV3Prompt => [
      ...explored,
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "c2",
            toolName: "read_chat",
            output: { type: "text", value: JSON.stringify(value) },
          },
        ],
      },
    ];
    const base = textUnderCard({ ...report, action: "read_targets" });
    expect(routeTurn(read({ chat_id: 2, messages: [] }), ["read_chat"])).toEqual({
      kind: "text",
      text: `${base}\n\nI read the cited discussion (chat #2) to check the exact wording.`,
    });
    expect(
      routeTurn(read({ error: { kind: "user_cancelled", message: "declined" } }), ["read_chat"]),
    ).toEqual({
      kind: "text",
      text: `${base}\n\nYou declined reading the cited discussion, so this rests on the report alone.`,
    });
  });

  it("under the card, says only what the card does not: a question back, or nothing", () => {
    expect(textUnderCard(report)).toBe(`${ASK_WHICH_STANDS} ${ASK_TO_CONFIRM}`);
    const settled = {
      ...report,
      outcome: "complete" as const,
      conflicts: [],
      confidence: "high" as const,
      action: "answer_from_report" as const,
    };
    expect(textUnderCard(settled)).toBe("");
    expect(textUnderCard({ ...report, outcome: "no_match", findings: [], conflicts: [] })).toBe(
      ASK_FOR_CONTEXT,
    );
    // Nothing of the report's own text comes back: not the summary, a claim, a title or an excerpt.
    for (const text of [
      report.summary,
      "Auth moved to Clerk.",
      "Switch auth",
      "Sessions vs Clerk.",
    ]) {
      expect(textUnderCard(report)).not.toContain(text);
    }
  });

  it("streams text in deltas that concatenate back exactly", () => {
    const text = "one two three four five six seven eight nine ten\n  eleven";
    expect(textDeltas(text).join("")).toBe(text);
    expect(textDeltas(text)).toHaveLength(2);
  });
});
