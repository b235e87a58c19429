import { describe, expect, it } from "vitest";
import { HISTORY_ANSWER_LABEL } from "./project-message.js";
import { readView } from "./read-view.js";

const CARD =
  '<dyad-explore-chat-history state="complete" query="auth">{}</dyad-explore-chat-history>';

describe("readView", () => {
  it("is the projection of a message that may be evidence", () => {
    expect(
      readView({ source: "jsonl", role: "assistant", content: "Use <think>x</think>Postgres." }),
    ).toEqual({
      text: "Use Postgres.",
      truncated: false,
      notEvidence: null,
    });
  });

  it("shows a history answer as the label, never the recalled prose beside its card", () => {
    expect(
      readView({ source: "jsonl", role: "assistant", content: `${CARD}\nYou chose Clerk.` }),
    ).toEqual({
      text: HISTORY_ANSWER_LABEL,
      truncated: false,
      notEvidence: "history_answer",
    });
  });

  it("shows a history question and a fixed reply in their own words, private spans and secrets removed", () => {
    expect(
      readView({
        source: "jsonl",
        role: "user",
        content:
          "What did we decide about auth <private>mine</private> sk-live-abcdefghijklmnop1234?",
        answeredByHistoryTool: { query: "auth" },
      }),
    ).toEqual({
      text: "What did we decide about auth [REDACTED]?",
      truncated: false,
      notEvidence: "history_question",
    });
    expect(
      readView({ source: "jsonl", role: "assistant", content: "Noted.", recollectReply: true }),
    ).toEqual({
      text: "Noted.",
      truncated: false,
      notEvidence: "recollect_reply",
    });
  });
});
