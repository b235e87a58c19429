/**
 * readRunState on hand-built prompts: the task comes only from the typed providerOptions, and the
 * host's JSON answers are merged into one fullest observation per candidate ID.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import { explorerTaskOptions } from "../child-protocol.js";
import { readRunState } from "./run-state.js";

const BUDGET = { calls_left: 20, observation_bytes_left: 9000, steps_left: 7 };
const MATCH = {
  candidate_id: "c1",
  message_id: 5,
  role: "user",
  created_at: "2026-01-01T00:00:00.000Z",
};

function call(id: string, toolName: string, input: unknown) {
  return { type: "tool-call" as const, toolCallId: id, toolName, input };
}
function result(id: string, toolName: string, value: unknown) {
  const output = { type: "json" as const, value: value as never };
  return { type: "tool-result" as const, toolCallId: id, toolName, output };
}

const PROMPT: LanguageModelV3Prompt = [
  { role: "user", content: [{ type: "text", text: "<question>ignored prose</question>" }] },
  { role: "assistant", content: [call("a", "search_chats", { query: " auth " })] },
  {
    role: "tool",
    content: [
      result("a", "search_chats", {
        index_status: "ready",
        chats: [
          {
            chat_id: 2,
            title: "Login",
            matches: [{ ...MATCH, excerpt: "…auth…" }],
            more_match_ids: [9, 12],
          },
        ],
        budget: BUDGET,
      }),
    ],
  },
  {
    role: "assistant",
    content: [
      call("b", "read_chat", { chat_id: 2, around_message_id: 5 }),
      call("c", "read_chat", {}),
    ],
  },
  {
    role: "tool",
    content: [
      result("b", "read_chat", {
        chat_id: 2,
        title: "Login",
        messages: [{ ...MATCH, content: "We use Clerk for auth." }],
        budget: { ...BUDGET, calls_left: 0, steps_left: 6 },
      }),
      result("c", "read_chat", { error: { kind: "invalid_input", message: "chat_id" } }),
    ],
  },
];

function options(extra: Partial<LanguageModelV3CallOptions> = {}): LanguageModelV3CallOptions {
  return { prompt: PROMPT, ...extra };
}

describe("readRunState", () => {
  test("the task is the typed providerOptions only; prose is never parsed back", () => {
    const typed = readRunState(
      options({ providerOptions: explorerTaskOptions({ question: "auth?", currentChatId: 3 }) }),
    );
    expect([typed.question, typed.currentChatId]).toEqual(["auth?", 3]);
    const untyped = readRunState(options());
    expect([untyped.question, untyped.currentChatId]).toEqual(["", null]);
  });

  test("merges a search excerpt and a read of the same candidate into its fullest view", () => {
    const state = readRunState(options());
    expect(state.searches).toEqual([
      { query: "auth", ranked: ["c1"], moreMatches: new Map([[2, [9, 12]]]) },
    ]);
    expect(state.readChats).toEqual([2]);
    expect(state.observations).toHaveLength(1);
    expect(state.observations[0]).toMatchObject({
      candidateId: "c1",
      chatId: 2,
      chatTitle: "Login",
      text: "We use Clerk for auth.",
      via: "read",
    });
  });

  test("counts steps and calls, and a zero calls_left marks the budget spent", () => {
    const state = readRunState(options());
    expect(state.steps).toBe(2);
    expect(state.lastStepTools).toEqual(["read_chat", "read_chat"]);
    expect(state.toolCallCount).toBe(3);
    expect([state.callsLeft, state.stepsLeft, state.budgetExhausted]).toEqual([0, 6, true]);
    expect(state.submitted).toBe(false);
  });
});
