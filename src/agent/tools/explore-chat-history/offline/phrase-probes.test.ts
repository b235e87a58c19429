/**
 * Phrase probes (phrase-probes.ts) on fixtures of our own: a yes/no question naming a
 * technology of several words probes the name once, and abstains when no message the probe
 * returns says its words together, though each word alone is all over the history.
 */
import { describe, expect, test } from "vitest";
import { decideNextAction, reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const QUESTION = "Did we set up a GitHub Actions workflow to run the tests on each push?";
const read = { via: "read" as const };
/** Each word of the name, never the name: a repository path, a workflow of the app's own. */
const HISTORY = [
  observation("c1", "Pushed the branch to GitHub; the tests run locally with vitest.", read),
  observation("c2", "The onboarding workflow runs three actions on each push of a draft.", {
    ...read,
    role: "assistant",
  }),
];
const searched = {
  query: "github actions workflow tests push",
  ranked: ["c1", "c2"],
  moreMatches: new Map(),
};

describe("phrase probes", () => {
  test("the expand stage probes the technology name once, one chat", () => {
    const state = runState(QUESTION, HISTORY, {
      searches: [searched],
      steps: 2,
      lastStepTools: ["read_chat"],
    });
    const action = decideNextAction(
      state,
      { availableTools: new Set(["search_chats", "read_chat", "submit_report"]) },
      DEFAULT_POLICY,
    );
    const probes = action.type === "calls" ? action.calls.map((call) => call.input) : [];
    expect(probes).toContainEqual({ query: "github actions", limit: 1 });
  });

  test("a probe whose hits never say the name together abstains and names it as absent", () => {
    const probe = { query: "github actions", ranked: ["c1"], moreMatches: new Map() };
    const report = reportFor(
      runState(QUESTION, HISTORY, { searches: [searched, probe] }),
      DEFAULT_POLICY,
    );
    expect(report.findings).toEqual([]);
    expect(report.missing_coverage?.[0]).toContain("github actions");
  });

  test("a hit that says the name keeps the answer", () => {
    const said = observation(
      "c3",
      "Added a GitHub Actions workflow: tests run on each push.",
      read,
    );
    const probe = { query: "github actions", ranked: ["c3"], moreMatches: new Map() };
    const report = reportFor(
      runState(QUESTION, [...HISTORY, said], { searches: [searched, probe] }),
      DEFAULT_POLICY,
    );
    expect(report.findings.flatMap((finding) => finding.candidate_ids)).toContain("c3");
  });
});
