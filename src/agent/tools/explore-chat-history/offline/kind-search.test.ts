/**
 * The kind names' search (issue 28, vague questions): when the first search says which names the
 * app uses for a kind the question asked about ("how do people log in?" → clerk), the policy
 * searches them once beside its own, and they count in the ranking as the kind word they stand for.
 */
import { describe, expect, test } from "vitest";
import { decideNextAction, reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY, NAME_REQUEST } from "./policy-parameters.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const constraints = { availableTools: new Set(["search_chats", "read_chat", "submit_report"]) };
const QUESTION = "how do people log in?";
const kinds = [{ from: "login", names: ["clerk", "auth0"] }];

/** After the first search (step 1) and the reads around its hits (step 2). */
function afterReads(extra: Parameters<typeof runState>[2] = {}) {
  const login = observation("c1", "The login page needs a new logo.", { via: "read" });
  return runState(QUESTION, [login], { steps: 2, toolCallCount: 2, kinds, ...extra });
}

describe("the kind names' search", () => {
  test("searches the names once, after the reads", () => {
    const action = decideNextAction(afterReads(), constraints, DEFAULT_POLICY);
    const searches =
      action.type === "calls"
        ? action.calls.filter((call) => call.toolName === "search_chats").map((call) => call.input)
        : [];
    expect(searches).toContainEqual({ query: "clerk auth0", limit: 20 });
    const searched = afterReads({
      searches: [
        { query: "people login", ranked: ["c1"], moreMatches: new Map() },
        { query: "clerk auth0", ranked: [], moreMatches: new Map() },
      ],
    });
    const again = decideNextAction(searched, constraints, DEFAULT_POLICY);
    const queries = again.type === "calls" ? again.calls.map((call) => call.input) : [];
    expect(queries).not.toContainEqual({ query: "clerk auth0", limit: 20 });
  });

  test("a question asking what something uses asks for a name, whoever uses it", () => {
    for (const question of [
      "what do we use for email?",
      "what database does the catalog service use?",
      "which database did we pick?",
    ]) {
      expect(NAME_REQUEST.test(question)).toBe(true);
    }
    expect(NAME_REQUEST.test("What did we decide about authentication?")).toBe(false);
  });

  test("every read looks for the kind's names too, so a long turn shows where it names one", () => {
    // Step 1: the first search is done; its hit is read next.
    const hit = observation("c1", "The login page needs a new logo.", { messageId: 4 });
    const state = runState(QUESTION, [hit], { steps: 1, toolCallCount: 1, kinds });
    const action = decideNextAction(state, constraints, DEFAULT_POLICY);
    const reads = action.type === "calls" ? action.calls.map((call) => call.input) : [];
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(read).toMatchObject({ focus: "login clerk auth0" });
  });

  test("no search for a question that asks what was decided, not for a name", () => {
    const decided = runState("What did we decide about authentication?", [], {
      steps: 2,
      toolCallCount: 2,
      kinds: [{ from: "authentication", names: ["clerk", "auth0"] }],
    });
    const action = decideNextAction(decided, constraints, DEFAULT_POLICY);
    const queries = action.type === "calls" ? action.calls.map((call) => call.input) : [];
    expect(queries).not.toContainEqual({ query: "clerk auth0", limit: 20 });
  });

  test("no search when the stage is off", () => {
    const off = { ...DEFAULT_POLICY, off: new Set(["kinds" as const]) };
    const action = decideNextAction(afterReads(), constraints, off);
    const queries = action.type === "calls" ? action.calls.map((call) => call.input) : [];
    expect(queries).not.toContainEqual({ query: "clerk auth0", limit: 20 });
  });

  test("a message naming the app's provider is cited for the vague question", () => {
    const history = [
      observation("c1", "The login page needs a new logo.", { via: "read" }),
      observation("c2", "Then let's go with Clerk using magic links only.", {
        role: "assistant",
        via: "read",
        messageId: 9,
      }),
    ];
    const withKinds = runState(QUESTION, history, { kinds });
    const cited = reportFor(withKinds, DEFAULT_POLICY).findings.flatMap((f) => f.candidate_ids);
    expect(cited).toContain("c2");
    const without = reportFor(runState(QUESTION, history), DEFAULT_POLICY);
    expect(without.findings.flatMap((f) => f.candidate_ids)).not.toContain("c2");
  });

  test("a kind word the history never says is no absent word when the app names things of it", () => {
    const question = "which UI component library did we pick?";
    const history = [
      observation(
        "c1",
        "Great call: shadcn/ui on Base UI gives the UI components a consistent base.",
        {
          role: "assistant",
          via: "read",
        },
      ),
    ];
    // The first search matched "UI component"; the probe of "library" found nothing.
    const searches = [
      { query: "ui component library pick", ranked: ["c1"], moreMatches: new Map() },
      { query: "library", ranked: [], moreMatches: new Map() },
    ];
    const named = runState(question, history, {
      searches,
      kinds: [{ from: "component library", names: ["shadcn", "base"] }],
    });
    expect(reportFor(named, DEFAULT_POLICY).missing_coverage).toEqual([]);
    expect(reportFor(named, DEFAULT_POLICY).findings.length).toBeGreaterThan(0);
    const unnamed = reportFor(runState(question, history, { searches }), DEFAULT_POLICY);
    expect(unnamed.missing_coverage).toEqual(["The history never mentions: library."]);
  });
});
