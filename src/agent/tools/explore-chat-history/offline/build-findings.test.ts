/**
 * buildFindings' revisions (issue 28, "a conflict only when both sides are statements … that the
 * engine ranked as answers"): a thread's later turn that turns away from something is a revision
 * only when the ranking cited it too.
 */
import { describe, expect, test } from "vitest";
import { buildFindings } from "./build-findings.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { rankEvidence } from "./rank-evidence.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const at = (minute: number) => `2026-03-10T10:${String(minute).padStart(2, "0")}:00.000Z`;

const PROPOSAL = observation(
  "c2",
  "Rename the service folder to agent and keep its virtualenv in backend-venv at the root.",
  { role: "assistant", createdAt: at(2), via: "read" },
);
const REPLY = observation("c3", "Ok.", { createdAt: at(3), via: "read" });
const LATER = observation(
  "c4",
  "Switching the service folder off backend-venv: the renamed service folder's virtualenv is agent/venv.",
  { role: "assistant", createdAt: at(4), via: "read" },
);

function revisionsCiting(ids: readonly string[]) {
  const state = runState("why did we rename the service folder?", [PROPOSAL, REPLY, LATER]);
  const ranking = rankEvidence(state, DEFAULT_POLICY);
  const cited = ranking.messages.filter((item) => ids.includes(item.observation.candidateId));
  const { revisions } = buildFindings(ranking, cited, DEFAULT_POLICY);
  return revisions.map(([older, newer]) => [
    older.observation.candidateId,
    newer.observation.candidateId,
  ]);
}

describe("revisions among the findings", () => {
  test("a later turn the thread brought along, not cited itself, revises nothing", () => {
    expect(revisionsCiting(["c2"])).toEqual([]);
  });

  test("the same turn, cited by the ranking as an answer, is a revision", () => {
    expect(revisionsCiting(["c2", "c4"])).toEqual([["c2", "c4"]]);
  });
});
