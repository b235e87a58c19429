import type { LanguageModelV3Prompt } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import { extractCurrentChatId, extractQuestion, readPrompt } from "./read-prompt.js";

const user = (text: string): LanguageModelV3Prompt[number] => ({
  role: "user",
  content: [{ type: "text", text }],
});

describe("extractQuestion", () => {
  test("prefers a <question> element", () => {
    expect(
      extractQuestion([
        { role: "system", content: "rules" },
        user("Research question:\n<question>What about auth?</question>\nGo."),
      ]),
    ).toBe("What about auth?");
  });
  test("then a Question: line", () => {
    expect(extractQuestion([user("Context here.\nQuestion: which database did we pick?")])).toBe(
      "which database did we pick?",
    );
  });
  test("else the last user message, bounded to 500 chars", () => {
    expect(extractQuestion([user("first"), user("  deploy?  ")])).toBe("deploy?");
    expect(extractQuestion([user("x".repeat(600))])).toHaveLength(500);
  });
});

const search = {
  index_status: "indexing",
  pending_count: 7,
  truncated: false,
  chats: [
    {
      chat_id: 4,
      title: "Auth",
      created_at: "2026-01-01T00:00:00.000Z",
      matches: [
        {
          candidate_id: "c1",
          message_id: 40,
          role: "user",
          created_at: "2026-01-01T00:00:00.000Z",
          excerpt: "short",
        },
      ],
    },
  ],
  budget: { calls_left: 20, observation_bytes_left: 90_000, steps_left: 8 },
};
const read = {
  chat_id: 4,
  title: "Auth",
  messages: [
    {
      candidate_id: "c1",
      message_id: 40,
      role: "user",
      created_at: "2026-01-01T00:00:00.000Z",
      content: "short but now longer",
    },
    {
      candidate_id: "c2",
      message_id: 41,
      role: "assistant",
      created_at: "2026-01-01T00:01:00.000Z",
      content: "reply",
      is_compaction_summary: true,
    },
  ],
  has_more_before: false,
  has_more_after: false,
  truncated: true,
  budget: { calls_left: 19, observation_bytes_left: 80_000, steps_left: 7 },
};

describe("extractCurrentChatId", () => {
  test("reads the locked current chat from the system prompt", () => {
    expect(
      extractCurrentChatId([
        { role: "system", content: "The current chat is chat 12. Do not read it otherwise." },
      ]),
    ).toBe(12);
    expect(
      extractCurrentChatId([
        { role: "system", content: "There is no current chat in this session." },
      ]),
    ).toBeNull();
  });
});

describe("readPrompt", () => {
  test("pairs calls with json and text results and merges observations by candidate id", () => {
    const state = readPrompt([
      user("<question>auth?</question>"),
      {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            toolCallId: "t1",
            toolName: "search_chats",
            input: { query: "Auth  Login" },
          },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "t1",
            toolName: "search_chats",
            output: { type: "json", value: search },
          },
        ],
      },
      {
        role: "assistant",
        content: [
          {
            type: "tool-call",
            toolCallId: "t2",
            toolName: "read_chat",
            input: { chat_id: 4, around_message_id: 40 },
          },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "t2",
            toolName: "read_chat",
            output: { type: "text", value: JSON.stringify(read) },
          },
        ],
      },
    ]);
    expect(state.question).toBe("auth?");
    expect(state.searchedQueries).toEqual(["auth login"]);
    expect(state.reads).toEqual([
      { chatId: 4, aroundMessageId: 40, offset: 0, hasMoreAfter: false },
    ]);
    expect(state.currentChatId).toBeNull();
    expect(state.toolCallCount).toBe(2);
    expect(state.indexStatus).toBe("indexing");
    expect(state.pendingCount).toBe(7);
    expect(state.truncated).toBe(true);
    expect(state.budget).toEqual({ calls_left: 19, observation_bytes_left: 80_000, steps_left: 7 });
    expect(state.budgetExhausted).toBe(false);
    expect(state.observations).toEqual([
      {
        candidateId: "c1",
        chatId: 4,
        chatTitle: "Auth",
        messageId: 40,
        role: "user",
        createdAt: "2026-01-01T00:00:00.000Z",
        text: "short but now longer",
        fromRead: true,
        isCompactionSummary: false,
        searchHits: 1,
        searchRank: 0,
        firstSeen: 0,
      },
      {
        candidateId: "c2",
        chatId: 4,
        chatTitle: "Auth",
        messageId: 41,
        role: "assistant",
        createdAt: "2026-01-01T00:01:00.000Z",
        text: "reply",
        fromRead: true,
        isCompactionSummary: true,
        searchHits: 0,
        searchRank: null,
        firstSeen: 1,
      },
    ]);
  });

  test("a budget_exhausted tool error or a budget notice stops exploration", () => {
    const error = readPrompt([
      user("q"),
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "t1", toolName: "search_chats", input: { query: "a" } },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "t1",
            toolName: "search_chats",
            output: {
              type: "json",
              value: { error: { kind: "budget_exhausted", message: "The call budget is spent." } },
            },
          },
        ],
      },
    ]);
    expect(error.budgetExhausted).toBe(true);
    const notice = readPrompt([
      user("q"),
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "t1", toolName: "search_chats", input: { query: "a" } },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "t1",
            toolName: "search_chats",
            output: {
              type: "json",
              value: { ...search, notice: "Observation byte budget reached." },
            },
          },
        ],
      },
    ]);
    expect(notice.budgetExhausted).toBe(true);
  });

  test("a dedupe notice is not a budget stop; junk results are ignored", () => {
    const state = readPrompt([
      user("q"),
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "t1", toolName: "search_chats", input: { query: "a" } },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "t1",
            toolName: "search_chats",
            output: {
              type: "json",
              value: {
                ...search,
                notice:
                  "Repeated request: answered from this run's earlier results (not re-run, not counted).",
              },
            },
          },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "t2", toolName: "read_chat", input: { chat_id: 1 } },
        ],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "t2",
            toolName: "read_chat",
            output: { type: "text", value: "not json" },
          },
        ],
      },
    ]);
    expect(state.budgetExhausted).toBe(false);
    expect(state.observations.map((item) => item.candidateId)).toEqual(["c1"]);
    expect(state.reads).toEqual([
      { chatId: 1, aroundMessageId: null, offset: 0, hasMoreAfter: false },
    ]);
  });

  test("submit answers are recorded", () => {
    const state = readPrompt([
      user("q"),
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "t1", toolName: "submit_report", input: {} }],
      },
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "t1",
            toolName: "submit_report",
            output: { type: "json", value: { accepted: false, reason: "bad ids" } },
          },
        ],
      },
    ]);
    expect(state.submissions).toEqual([{ accepted: false, reason: "bad ids" }]);
  });
});
