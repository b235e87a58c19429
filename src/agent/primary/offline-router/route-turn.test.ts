import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import type { ExploreChatHistoryReport } from "../../../card/report-schema.js";
import { REPLY_LOCALES } from "../../../contracts/reply-locale.js";
import { textDeltas } from "../offline-router-model.js";
import { FIXED_REPLIES } from "./fixed-replies.js";
import { classifyMessage, routedQuery } from "./recall-classifier.js";
import {
  ROUTER_GREETING_TEXT,
  ROUTER_HELP_TEXT,
  ROUTER_NO_HISTORY_TEXT,
  ROUTER_NOTED_TEXT,
  routeTurn,
} from "./route-turn.js";
import {
  ASK_FOR_CONTEXT,
  ASK_TO_CONFIRM,
  newestConflictStatements,
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
  // Which tool the router calls for a message (the explorer, or none), as the person phrases it.
  const RECALL_REQUESTS = [
    "What did we decide about authentication?",
    "what did we decide about billing",
    "remind me what we chose for hosting",
    "Remind me why we went with Postgres",
    "why did we drop Clerk?",
    "Did we agree on a deploy target previously",
    "So, which database did we pick?",
    "Is there a decision on the CSV export?",
    "Tell me what we discussed about pricing.",
    "I forgot what we decided about the landing page.",
    "Not sure what we settled on for styling.",
    "We use Postgres. Remind me what we chose for auth.",
    "We are going with Postgres for the ledger; what did we decide about authentication?",
    "Do you remember the requirements for export?",
    "What was the reason we moved off sessions?",
  ];
  const STATEMENTS = [
    "We use Postgres for storage.",
    "Decision: billing goes through Stripe.",
    "We decided to keep Tailwind.",
    "We went with Vercel for hosting.",
    "Previously we used MySQL; now it is Postgres.",
    "Remember: the free plan stays at three boards.",
    "Let's decide on billing next week.",
    "make it blue",
  ];
  const OTHER_QUESTIONS = ["write a function that adds two numbers?", "How do I add a column?"];

  it.each(RECALL_REQUESTS)("sends a recall request to the explorer: %s", (message) => {
    expect(classifyMessage(message)).toBe("recall");
    expect(routeTurn(user(message), ["explore_chat_history", "read_chat"])).toEqual({
      kind: "tool-call",
      toolName: "explore_chat_history",
      input: { query: routedQuery(message) },
    });
  });

  it.each(STATEMENTS)("answers a statement without a tool: %s", (message) => {
    expect(classifyMessage(message)).toBe("statement");
    expect(routeTurn(user(message), ["explore_chat_history", "read_chat"])).toEqual({
      kind: "text",
      text: ROUTER_NOTED_TEXT,
    });
  });

  it("answers greetings and other questions with help, never a tool", () => {
    for (const message of OTHER_QUESTIONS) {
      expect(routeTurn(user(message), ["explore_chat_history"])).toEqual({
        kind: "text",
        text: ROUTER_HELP_TEXT,
      });
    }
    expect(routeTurn(user("hello"), ["explore_chat_history"])).toEqual({
      kind: "text",
      text: ROUTER_GREETING_TEXT,
    });
    expect(classifyMessage("hi, what did we decide about auth?")).toBe("recall");
  });

  it("sends the message as the query, whitespace-collapsed and at most 500 characters", () => {
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
      recallNotice: true,
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
    expect(
      routeTurn(read({ chat_id: 2, chat_title: "Auth", messages: [] }), ["read_chat"]),
    ).toEqual({
      kind: "text",
      text: `${base}\n\nI read the cited discussion ([“Auth”](recollect:chat/2/message/4)) to check the exact wording.`,
    });
    // Another chat than the one drilled into is no read of it.
    expect(routeTurn(read({ chat_id: 7, messages: [] }), ["read_chat"])).toEqual({
      kind: "text",
      text: `${base}\n\nI could not read the cited discussion, so this rests on the report alone.`,
    });
    expect(
      routeTurn(read({ error: { kind: "user_cancelled", message: "declined" } }), ["read_chat"]),
    ).toEqual({
      kind: "text",
      text: `${base}\n\nYou declined reading the cited discussion, so this rests on the report alone.`,
    });
  });

  it("under the card, says only what the card does not: a question back, or nothing", () => {
    const settled = {
      ...report,
      outcome: "complete" as const,
      conflicts: [],
      confidence: "high" as const,
      action: "answer_from_report" as const,
    };
    expect(textUnderCard(settled)).toBe("");
    expect(textUnderCard({ ...settled, confidence: "low" })).toBe(ASK_TO_CONFIRM);
    expect(textUnderCard({ ...report, outcome: "no_match", findings: [], conflicts: [] })).toBe(
      ASK_FOR_CONTEXT,
    );
    // Nothing of the report's own text comes back: not the summary, a claim or an excerpt (the
    // cited statement's link names only its chat's title and date).
    for (const text of [report.summary, "Auth moved to Clerk.", "Sessions vs Clerk.", "…"]) {
      expect(textUnderCard(report)).not.toContain(text);
    }
  });

  it("asks whether the conflict's newer statement still stands, naming its chat and date", () => {
    expect(newestConflictStatements(report).map((target) => target.message_id)).toEqual([4]);
    const question = textUnderCard(report);
    // A link to the statement, named by its chat's title and date (never a bare "chat 2").
    expect(question).toContain(", 2026-02-03](recollect:chat/2/message/4)");
    expect(question).not.toMatch(/chat 2\b/);
    expect(question).not.toContain("2026-01-10");
    expect(question).not.toContain(ASK_TO_CONFIRM);
    // The evidence order does not matter: the date decides, then the message id.
    const swapped = {
      ...report,
      conflicts: [
        { ...report.conflicts[0]!, evidence: [...report.conflicts[0]!.evidence].reverse() },
      ],
    };
    expect(newestConflictStatements(swapped).map((target) => target.message_id)).toEqual([4]);
    const sameTime = {
      ...report,
      conflicts: [
        {
          description: "x",
          evidence: [evidence(3, 9, "2026-03-01", null), evidence(3, 7, "2026-03-01", null)],
        },
      ],
    };
    expect(newestConflictStatements(sameTime).map((target) => target.message_id)).toEqual([9]);
  });

  it("follows a chain of revisions to its last statement, and keeps independent conflicts apart", () => {
    const chain = {
      ...report,
      conflicts: [
        {
          description: "sessions, then Clerk",
          evidence: [evidence(3, 9, "2026-01-14", null), evidence(5, 16, "2026-02-11", null)],
        },
        {
          description: "Clerk, then Supabase Auth",
          evidence: [evidence(5, 16, "2026-02-11", null), evidence(9, 27, "2026-04-07", null)],
        },
      ],
    };
    expect(newestConflictStatements(chain).map((target) => target.message_id)).toEqual([27]);
    expect(textUnderCard(chain)).toContain(
      "[“untitled chat”, 2026-04-07](recollect:chat/9/message/27)",
    );
    expect(textUnderCard(chain)).not.toContain("recollect:chat/5/");
    const apart = {
      ...chain,
      conflicts: [
        chain.conflicts[1]!,
        {
          description: "Vercel, then Fly",
          evidence: [evidence(7, 20, "2026-03-02", null), evidence(8, 23, "2026-03-10", null)],
        },
      ],
    };
    expect(newestConflictStatements(apart).map((target) => target.message_id)).toEqual([27, 23]);
    expect(textUnderCard(apart)).toContain(", 2026-04-07](recollect:chat/9/message/27); [");
    expect(textUnderCard(apart)).toContain(", 2026-03-10](recollect:chat/8/message/23)");
  });

  it("writes its fixed replies in the turn's locale, English by default", () => {
    expect(routeTurn(user("hello"), [], "zh-CN")).toEqual({
      kind: "text",
      text: FIXED_REPLIES["zh-CN"].greeting,
    });
    expect(routeTurn(user("Decision: billing goes through Stripe."), [], "es")).toEqual({
      kind: "text",
      text: "Anotado.",
    });
    expect(textUnderCard(report, "zh-CN")).toBe(
      "以前的聊天说法不一致。最新的说法（[“Switch auth”，2026-02-03](recollect:chat/2/message/4)）现在还成立吗？",
    );
    for (const locale of REPLY_LOCALES) {
      expect(textUnderCard({ ...report, conflicts: [], confidence: "low" }, locale)).toBe(
        FIXED_REPLIES[locale].askToConfirm,
      );
    }
    expect(routeTurn(user("hello"), [])).toEqual({ kind: "text", text: ROUTER_GREETING_TEXT });
  });

  it("streams text in deltas that concatenate back exactly", () => {
    const text = "one two three four five six seven eight nine ten\n  eleven";
    expect(textDeltas(text).join("")).toBe(text);
    expect(textDeltas(text)).toHaveLength(2);
  });
});
