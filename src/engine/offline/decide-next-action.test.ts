import { describe, expect, test } from "vitest";
import { type ActionConstraints, decideNextAction, MAX_TOOL_CALLS } from "./decide-next-action.js";
import type { ExplorationState } from "./exploration-state.js";
import { observation } from "./offline-test-fixtures.js";

const ALL: ActionConstraints = {
  availableTools: new Set(["search_chats", "read_chat", "submit_report"]),
  toolChoice: "auto",
};

function state(extra: Partial<ExplorationState> = {}): ExplorationState {
  return {
    question: "What did we decide about authentication?",
    searchedQueries: [],
    reads: [],
    currentChatId: null,
    observations: [],
    toolCallCount: 0,
    budget: null,
    budgetExhausted: false,
    indexStatus: "ready",
    pendingCount: 0,
    truncated: false,
    submissions: [],
    ...extra,
  };
}

const hit = observation("c1", "We switched authentication to Clerk.", { chatId: 7, messageId: 70 });

describe("decideNextAction", () => {
  test("starts with the question's own words", () => {
    expect(decideNextAction(state(), ALL)).toEqual({
      type: "search",
      input: { query: "authentication", limit: 8 },
    });
  });

  test("after the planned searches, reads around the best unread hit", () => {
    const done = [
      "authentication",
      "login session jwt oauth password",
      "Clerk",
      "sign-in token signup cookie bearer refresh",
    ];
    expect(
      decideNextAction(
        state({ searchedQueries: done, observations: [hit], toolCallCount: 4 }),
        ALL,
      ),
    ).toEqual({
      type: "read",
      input: { chat_id: 7, around_message_id: 70, before: 2, after: 3 },
    });
  });

  test("a question about the current chat pages through it first, then searches", () => {
    const about = "Earlier in this chat, what format did we settle on?";
    expect(decideNextAction(state({ question: about, currentChatId: 9 }), ALL)).toEqual({
      type: "read-page",
      input: { chat_id: 9, offset: 0, limit: 20 },
    });
    const onePage = [{ chatId: 9, aroundMessageId: null, offset: 0, hasMoreAfter: true }];
    expect(
      decideNextAction(
        state({ question: about, currentChatId: 9, reads: onePage, toolCallCount: 1 }),
        ALL,
      ),
    ).toEqual({
      type: "read-page",
      input: { chat_id: 9, offset: 20, limit: 20 },
    });
    const done = [{ chatId: 9, aroundMessageId: null, offset: 0, hasMoreAfter: false }];
    expect(
      decideNextAction(
        state({ question: about, currentChatId: 9, reads: done, toolCallCount: 1 }),
        ALL,
      ).type,
    ).toBe("search");
    expect(decideNextAction(state({ currentChatId: 9 }), ALL).type).toBe("search");
  });

  test("a forced submit_report submits at once", () => {
    const action = decideNextAction(state(), { ...ALL, toolChoice: { toolName: "submit_report" } });
    expect(action.type).toBe("submit");
  });

  test("a budget stop, the last step, or the call cap submits", () => {
    expect(decideNextAction(state({ budgetExhausted: true }), ALL).type).toBe("submit");
    expect(
      decideNextAction(
        state({ budget: { calls_left: 5, observation_bytes_left: 100, steps_left: 1 } }),
        ALL,
      ).type,
    ).toBe("submit");
    expect(decideNextAction(state({ toolCallCount: MAX_TOOL_CALLS - 1 }), ALL).type).toBe("submit");
  });

  test("after an accepted report it answers in text; toolChoice none answers in text", () => {
    expect(decideNextAction(state({ submissions: [{ accepted: true }] }), ALL)).toEqual({
      type: "text",
      text: "Report submitted.",
    });
    expect(decideNextAction(state(), { ...ALL, toolChoice: "none" }).type).toBe("text");
  });

  test("a bounced report is resubmitted once with single citations and no conflicts", () => {
    const action = decideNextAction(
      state({
        observations: [hit],
        searchedQueries: ["authentication"],
        submissions: [{ accepted: false, reason: "bad" }],
      }),
      ALL,
    );
    expect(action.type).toBe("submit");
    if (action.type === "submit") {
      expect(action.input.conflicts).toEqual([]);
      expect(action.input.findings.every((finding) => finding.candidate_ids.length === 1)).toBe(
        true,
      );
    }
  });

  test("never calls a tool that was not offered", () => {
    const onlySubmit: ActionConstraints = {
      availableTools: new Set(["submit_report"]),
      toolChoice: "auto",
    };
    expect(decideNextAction(state(), onlySubmit).type).toBe("submit");
    const noSubmit: ActionConstraints = {
      availableTools: new Set(["search_chats"]),
      toolChoice: "auto",
    };
    expect(
      decideNextAction(state({ searchedQueries: ["a", "b", "c", "d", "e", "f"] }), noSubmit).type,
    ).toBe("text");
  });
});
