/**
 * Behaviour of select evidence on a small ranking of our own: messages within `citeRatio` of the
 * best local score are cited in fused order, and a place they leave goes to a weaker message
 * within `fillRatio`, after them; a weaker message never leads and one below both is not cited.
 */
import { describe, expect, test } from "vitest";
import { reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import type { RankedMessage } from "./rank-evidence.js";
import { termVector } from "./score-messages.js";
import { selectEvidence } from "./select-evidence.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

/** A ranked message with the given local score (fused order is the array's order). */
function ranked(id: string, text: string, score: number): RankedMessage {
  return {
    observation: observation(id, text),
    vector: termVector(text),
    score,
    relevance: 1,
    coverage: 0,
  };
}

/** Fused order: a passing mention the search put first, the statement, a weaker reply, noise. */
const RANKING = [
  ranked("c1", "We can pick the database next week.", 0.45),
  ranked("c2", "Decided: the database is Postgres on Supabase.", 1),
  ranked("c3", "Postgres it is; Drizzle runs the migrations.", 0.42),
  ranked("c4", "Lunch is at noon.", 0.2),
];

const cited = (parameters = DEFAULT_POLICY.parameters) =>
  selectEvidence(RANKING, { ...DEFAULT_POLICY, parameters }).cited.map(
    (item) => item.observation.candidateId,
  );

describe("select evidence", () => {
  test("free places go to messages within fillRatio, after every stronger one", () => {
    expect(cited()).toEqual(["c2", "c1", "c3"]);
  });

  test("without the fill, only the messages within citeRatio are cited", () => {
    const { citeRatio } = DEFAULT_POLICY.parameters;
    expect(cited({ ...DEFAULT_POLICY.parameters, fillRatio: citeRatio })).toEqual(["c2"]);
  });

  test("no more than maxCited, the strong ones first", () => {
    expect(cited({ ...DEFAULT_POLICY.parameters, maxCited: 2 })).toEqual(["c2", "c1"]);
  });

  test("a summary request cites up to summaryCited; any other question up to maxCited", () => {
    // Nine chats each state one step of the same story at equal strength.
    const steps = Array.from({ length: 9 }, (_, i) =>
      observation(
        `c${i + 1}`,
        `Onboarding step ${i + 1}: the onboarding flow gained a checklist.`,
        // An assistant's: the person's own messages with other numbers would be revisions.
        { chatId: i + 1, role: "assistant", via: "read" },
      ),
    );
    const { maxCited, summaryCited } = DEFAULT_POLICY.parameters;
    const citedFor = (question: string) =>
      reportFor(runState(question, steps), DEFAULT_POLICY).findings.flatMap((f) => f.candidate_ids);
    expect(citedFor("How did the onboarding flow evolve?")).toHaveLength(maxCited);
    expect(citedFor("Can you summarize how the onboarding flow evolved?")).toHaveLength(
      summaryCited,
    );
    expect(citedFor("Give me an overview of the onboarding flow.")).toHaveLength(summaryCited);
    // The history of a subject over time is a summary too.
    expect(
      citedFor("What have we changed in the onboarding flow over the last few sessions?"),
    ).toHaveLength(summaryCited);
    expect(citedFor("What onboarding flow work have we done across sessions?")).toHaveLength(
      summaryCited,
    );
    expect(summaryCited).toBeGreaterThan(maxCited);
  });
});
