/**
 * Settle reads (issue 28, "read long sessions properly"): a proposal settled six turns later, past
 * any read's window, is cited with the turn that settled it; what only those reads observed never
 * leads a finding.
 */
import { describe, expect, test } from "vitest";
import { decideNextAction, reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { settleCalls, settleOnly } from "./settle-reads.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const at = (minute: number) => `2026-03-10T10:${String(minute).padStart(2, "0")}:00.000Z`;
const constraints = { availableTools: new Set(["search_chats", "read_chat", "submit_report"]) };
const QUESTION = "Which queue do the mailer worker retries use?";
/** The question's search words, which every read of the policy carries as its focus. */
const FOCUS = "queue mailer worker retries use";

/** The proposal the search found and the read around it (messages 1–5 of a long session). */
const READ = [
  observation("c1", "Which queue should the mailer worker use for retries?", {
    messageId: 1,
    createdAt: at(1),
    via: "read",
  }),
  observation("c2", "For the mailer worker retries I suggest BullMQ on Redis, with backoff.", {
    messageId: 2,
    role: "assistant",
    createdAt: at(2),
    via: "read",
  }),
  ...[3, 4, 5].map((id) =>
    observation(`c${id}`, `The build fails on a missing type export, step ${id}.`, {
      messageId: id,
      role: id % 2 === 0 ? "assistant" : "user",
      createdAt: at(id),
      via: "read",
    }),
  ),
];
/** Six turns after the proposal: the person's decision, which only a settle read observes. */
const DECISION = observation(
  "c8",
  "Ok, decided: the mailer worker retries queue is pg-boss instead of BullMQ, so no Redis to run.",
  { messageId: 8, createdAt: at(8), via: "read" },
);
const searched = {
  searches: [
    { query: "mailer worker retries queue", ranked: ["c1", "c2"], moreMatches: new Map() },
  ],
};
const readAround = { chat_id: 1, around_message_id: 1, before: 1, after: 3 };

describe("settle reads", () => {
  test("after the reads, the policy reads on past the best cited message, once", () => {
    const state = runState(QUESTION, READ, { ...searched, reads: [readAround] });
    const action = decideNextAction(state, constraints, DEFAULT_POLICY);
    expect(action).toEqual({
      type: "calls",
      calls: [
        {
          toolName: "read_chat",
          input: { chat_id: 1, around_message_id: 2, before: 0, after: 6, focus: FOCUS },
        },
        {
          toolName: "read_chat",
          input: { chat_id: 1, around_message_id: 1, before: 0, after: 6, focus: FOCUS },
        },
      ],
    });
    const settle = { chat_id: 1, around_message_id: 2, before: 0, after: 6 };
    const after = runState(QUESTION, READ, { ...searched, reads: [readAround, settle] });
    const next = decideNextAction(after, constraints, DEFAULT_POLICY);
    expect(next.type === "calls" && next.calls.map((call) => call.toolName)).toEqual([
      "submit_report",
    ]);
    const off = { ...DEFAULT_POLICY, off: new Set(["settle" as const]) };
    const ablated = decideNextAction(state, constraints, off);
    expect(ablated.type === "calls" && ablated.calls.map((call) => call.toolName)).toEqual([
      "submit_report",
    ]);
  });

  test("the decision a settle read found is cited after its proposal, never as a lead", () => {
    const settle = { chat_id: 1, around_message_id: 2, before: 0, after: 6 };
    const state = runState(QUESTION, [...READ, DECISION], {
      ...searched,
      reads: [readAround, settle],
    });
    const report = reportFor(state, DEFAULT_POLICY);
    const findings = report.findings.map((finding) => finding.candidate_ids);
    expect(findings.flat()).toContain("c8");
    expect(findings.map((ids) => ids.indexOf("c8")).filter((at) => at === 0)).toEqual([]);
    const unread = reportFor(
      runState(QUESTION, READ, { ...searched, reads: [readAround] }),
      DEFAULT_POLICY,
    );
    expect(unread.findings.flatMap((finding) => finding.candidate_ids)).not.toContain("c8");
  });

  test("no settle read when the turns after the best message were all observed", () => {
    const history = [1, 2, 3, 4, 5, 6, 7, 8].map((id) =>
      observation(`c${id}`, `The mailer worker retries use pg-boss, note ${id}.`, {
        messageId: id,
        via: "read",
      }),
    );
    expect(settleCalls(runState("mailer worker retries", history), [], DEFAULT_POLICY)).toEqual([]);
  });

  test("the newest match a search named in the best message's chat is read when nothing reached it", () => {
    const namedState = (ids: number[]) =>
      runState(QUESTION, READ, {
        searches: [
          {
            query: "mailer worker retries queue",
            ranked: ["c1", "c2"],
            moreMatches: new Map([[1, ids]]),
          },
        ],
        reads: [readAround],
      });
    const inputs = (ids: number[]) => {
      const action = decideNextAction(namedState(ids), constraints, DEFAULT_POLICY);
      return action.type === "calls" ? action.calls.map((call) => call.input) : [];
    };
    const settle = [
      { chat_id: 1, around_message_id: 2, before: 0, after: 6, focus: FOCUS },
      { chat_id: 1, around_message_id: 1, before: 0, after: 6, focus: FOCUS },
    ];
    // Message 40, named among the chat's other matches, lies past every window: read from 39.
    expect(inputs([4, 40, 31])).toEqual([
      ...settle,
      { chat_id: 1, around_message_id: 39, before: 0, after: 3, focus: FOCUS },
    ]);
    // Message 7 lies within the settle reads: nothing more.
    expect(inputs([4, 7])).toEqual(settle);
  });

  test("what only a settle read observed is set apart; a search hit in its window is not", () => {
    const hit = observation("c1", "The mailer worker retries use BullMQ.", { messageId: 2 });
    const later = observation("c2", "We go with pg-boss instead.", { messageId: 7, via: "read" });
    const searched = observation("c3", "pg-boss for retries.", { messageId: 8, via: "read" });
    const state = runState("mailer retries", [hit, later, searched], {
      searches: [{ query: "mailer retries", ranked: ["c1", "c3"], moreMatches: new Map() }],
      reads: [{ chat_id: 1, around_message_id: 2, before: 0, after: 6 }],
    });
    expect([...settleOnly(state)]).toEqual(["c2"]);
  });
});
