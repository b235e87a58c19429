/**
 * Behaviour of the breadth decisions on small fixtures of our own: which chats are read (best
 * local score first, not the search's order) and how many messages are cited (at most
 * `maxCited`, even when the answer is spread over many turns).
 */
import { describe, expect, test } from "vitest";
import { decideNextAction, reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY, type OfflineParameters, type PolicyConfig } from "./policy-parameters.js";
import type { Observation, RunState } from "./run-state.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

/** Right after the first search: the step that decides which chats to read. */
function state(question: string, observations: Observation[]): RunState {
  return runState(question, observations, {
    steps: 1,
    lastStepTools: ["search_chats"],
    toolCallCount: 1,
    callsLeft: 23,
    stepsLeft: 9,
  });
}

const TOOLS = {
  availableTools: new Set(["search_chats", "read_chat", "submit_report"]),
  toolChoice: { type: "auto" as const },
};

function withParameters(parameters: Partial<OfflineParameters>): PolicyConfig {
  return { ...DEFAULT_POLICY, parameters: { ...DEFAULT_POLICY.parameters, ...parameters } };
}

describe("read", () => {
  test("reads the chat whose message matches the question best, not the search's first hit", () => {
    const history = [
      observation("c1", "The landing page footer links to billing.", { chatId: 1 }),
      observation("c2", "Billing runs on Stripe: billing retries failed invoices every night.", {
        chatId: 2,
        messageId: 2,
      }),
    ];
    const action = decideNextAction(
      state("How does billing retry failed invoices?", history),
      TOOLS,
      withParameters({ reads: 1 }),
    );
    expect(action).toEqual({
      type: "calls",
      calls: [
        {
          toolName: "read_chat",
          // Every read carries the question's search words as its focus.
          input: {
            chat_id: 2,
            around_message_id: 2,
            before: 1,
            after: 3,
            focus: "billing retry failed invoices",
          },
        },
      ],
    });
  });
});

describe("read: a second window in a long session", () => {
  /** Two search matches of one chat, `gap` messages apart, and a match in another chat. */
  const history = (gap: number) => [
    observation("c1", "Billing retries failed invoices every night.", { chatId: 1, messageId: 2 }),
    observation("c2", "Billing retries moved to hourly for failed invoices.", {
      chatId: 1,
      messageId: 2 + gap,
    }),
    observation("c3", "The footer links to billing.", { chatId: 2, messageId: 90 }),
  ];
  const reads = (gap: number, places: number) => {
    const action = decideNextAction(
      state("How does billing retry failed invoices?", history(gap)),
      TOOLS,
      withParameters({ reads: places }),
    );
    return action.type === "calls" ? action.calls.map((call) => call.input) : [];
  };
  const around = (chat_id: number, around_message_id: number) => ({
    chat_id,
    around_message_id,
    before: 1,
    after: 3,
    focus: "billing retry failed invoices",
  });

  test("a match outside the first window gets its own read when places are left, after every chat's first", () => {
    expect(reads(30, 3)).toEqual([around(1, 2), around(2, 90), around(1, 32)]);
    expect(reads(30, 2)).toEqual([around(1, 2), around(2, 90)]);
  });

  test("a match the first window already covers gets none", () => {
    expect(reads(3, 3)).toEqual([around(1, 2), around(2, 90)]);
  });

  test("when both shown matches lie in the first window, the second reads around the chat's next match named by id", () => {
    const named = (ids: number[]) => {
      const base = state("How does billing retry failed invoices?", history(3));
      const [search] = base.searches;
      const moreMatches = new Map([[1, ids]]);
      const action = decideNextAction(
        { ...base, searches: [{ ...(search as RunState["searches"][number]), moreMatches }] },
        TOOLS,
        withParameters({ reads: 4 }),
      );
      return action.type === "calls" ? action.calls.map((call) => call.input) : [];
    };
    // 4 lies within before + after (4) of the first anchor, 2; 40 is the first outside; one window more a chat.
    expect(named([4, 40, 70])).toEqual([around(1, 2), around(2, 90), around(1, 40)]);
    expect(named([4])).toEqual([around(1, 2), around(2, 90)]);
  });
});

describe("select: how many are cited", () => {
  const turns = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      observation(`c${i + 1}`, "The nightly backup copies the staging database.", {
        chatId: i + 1,
        via: "read",
      }),
    );
  const cited = (count: number) =>
    reportFor(
      state("When does the nightly backup copy the staging database?", turns(count)),
      withParameters({ maxCited: 2 }),
    ).findings.length;

  test("at most maxCited, however many messages clear the bar (a flat distribution too)", () => {
    expect(cited(1)).toBe(1);
    expect(cited(3)).toBe(2);
    expect(cited(9)).toBe(2);
  });
});
