import { describe, expect, it } from "vitest";
import { statementsOf } from "./recall-request.js";

const unknownQuery = { query: null };

describe("statementsOf: a user turn answered by a history tool", () => {
  it("with no recorded question, keeps the clauses that are not questions; a turn of questions only, or of none, is all request", () => {
    expect(
      [
        "We're going with Postgres; also, what did we decide about auth?",
        "v1.5 ships Friday. Which database did we pick?\nAlso use Redis.",
        "我们用 Postgres。认证怎么决定的？",
        "What did we decide about auth? And why?",
        "Remind me which database we use",
      ].map((turn) => statementsOf(turn, unknownQuery)),
    ).toEqual([
      "We're going with Postgres;",
      "v1.5 ships Friday.\nAlso use Redis.",
      "我们用 Postgres。",
      "",
      "",
    ]);
  });

  it("drops the clause the tool's question repeats, so an imperative request needs no question mark", () => {
    const cases: [turn: string, query: string, statements: string][] = [
      ["We use Postgres. Remind me what we chose.", "what did we choose", "We use Postgres."],
      [
        "Tell me what we decided about auth. We're on Postgres now.",
        "what did we decide about auth",
        "We're on Postgres now.",
      ],
      ["Look up the auth decision; we deploy on Fly.io.", "auth decision", "we deploy on Fly.io."],
      ["我们用 Postgres。提醒我认证是怎么决定的。", "认证是怎么决定的", "我们用 Postgres。"],
      ["Remind me which database we use", "which database do we use", ""],
    ];
    for (const [turn, query, statements] of cases) {
      expect(statementsOf(turn, { query })).toBe(statements);
    }
  });

  it("when the tool's question repeats no clause, the request is the last clause", () => {
    expect(
      statementsOf("We use Postgres. Remind me of the rest.", { query: "database choice" }),
    ).toBe("We use Postgres.");
  });

  it("a question the agent forwarded whole (the offline router does) still leaves the statements", () => {
    const asking = "We are going with Postgres for the ledger; what did we decide about auth?";
    const telling =
      "We use Postgres for the orders service. Remind me what we chose for the queue.";
    expect(statementsOf(asking, { query: asking })).toBe(
      "We are going with Postgres for the ledger;",
    );
    expect(statementsOf(telling, { query: telling })).toBe(
      "We use Postgres for the orders service.",
    );
  });

  it("a turn that asks keeps every clause but its questions, whatever the tool's question", () => {
    expect(
      statementsOf("What did we decide about auth? We switched to Postgres last week.", {
        query: "We switched to Postgres last week",
      }),
    ).toBe("We switched to Postgres last week.");
  });
});
