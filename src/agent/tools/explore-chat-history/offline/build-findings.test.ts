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

/** The revisions (older, newer candidate ids) among `observations`, every one cited, for `question`. */
function revisionsAmong(question: string, observations: Parameters<typeof runState>[1]) {
  const ranking = rankEvidence(runState(question, observations), DEFAULT_POLICY);
  return buildFindings(ranking, ranking.messages, DEFAULT_POLICY).revisions.map(
    ([older, later]) => [older.observation.candidateId, later.observation.candidateId],
  );
}

describe("the newer side names the subject up front", () => {
  // An agent's apology for moving files turns away from a "directory" that an older summary
  // listed beside the subject; the later statement that revises the login really speaks of it.
  const SUMMARY = observation(
    "c5",
    "Done so far: the Authentication system with Clerk, a member Directory and a Photos page.",
    { role: "assistant", chatId: 1, createdAt: at(5), via: "read" },
  );
  const APOLOGY = observation(
    "c6",
    "I apologize for moving files from the prototypes Directory. Let me undo that; authentication stays on Clerk.",
    { role: "assistant", chatId: 1, createdAt: at(6), via: "read" },
  );
  const SWITCH = observation("c7", "Authentication now uses Supabase Auth instead of Clerk.", {
    role: "assistant",
    chatId: 1,
    createdAt: at(7),
    via: "read",
  });
  const revisions = (newer: typeof APOLOGY, text = newer.text) =>
    revisionsAmong("what did we decide about authentication?", [SUMMARY, { ...newer, text }]);

  test("a turn whose lead never names the subject revises nothing", () => {
    const apology = `I apologize for moving files from the prototypes Directory. Let me undo that.${" Checking the app folder again.".repeat(10)} Authentication stays on Clerk.`;
    expect(revisions(APOLOGY, apology)).toEqual([]);
  });

  test("a turn that names it up front, or by its abbreviation, does", () => {
    expect(revisions(SWITCH)).toEqual([["c5", "c7"]]);
    expect(revisions(SWITCH, "Auth now uses Supabase instead of Clerk.")).toEqual([["c5", "c7"]]);
  });
});

/** Candidate ids of `items`, in order. */
const ids = (items: Iterable<{ observation: { candidateId: string } }>) =>
  [...items].map((item) => item.observation.candidateId);

/**
 * The findings for `question` over an assistant turn (`c1`, cited) and the person's `reply` to
 * it (`c2`, a minute later, not cited).
 */
function answeredBy(question: string, turn: string, reply: string) {
  const state = runState(question, [
    observation("c1", turn, { role: "assistant", createdAt: at(10), via: "read" }),
    observation("c2", reply, { createdAt: at(11), via: "read" }),
  ]);
  const ranking = rankEvidence(state, DEFAULT_POLICY);
  const cited = ranking.messages.filter((item) => item.observation.candidateId === "c1");
  return buildFindings(ranking, cited, DEFAULT_POLICY);
}

describe("a number the question names", () => {
  // eagerminds (a newcomer's check on the shared corpus): the answer about the confirmation link
  // also said the welcome email fired at signup; the next turn moved the email ("remove it from
  // signup") and stood as the revision of the link's answer, which it never mentions.
  const ANSWER = observation(
    "c8",
    "The signup confirm link going to localhost:3000 is a misconfiguration: the Site URL is still localhost:3000. The welcome email fires at signup.",
    { role: "assistant", chatId: 1, createdAt: at(8), via: "read" },
  );
  const MOVE = observation(
    "c9",
    "Moving the welcome email to fire after confirmation: remove it from signup, add it to /auth/confirm.",
    { role: "assistant", chatId: 1, createdAt: at(9), via: "read" },
  );
  const revisions = (question: string) => revisionsAmong(question, [ANSWER, MOVE]);

  test("a newer turn that drops it changed something else: no revision", () => {
    expect(revisions("why do the signup confirmation links go to localhost:3000?")).toEqual([]);
  });

  test("asked about what the newer turn did change, it is one", () => {
    expect(revisions("when is the signup welcome email sent?")).toEqual([["c8", "c9"]]);
  });
});

describe("the person's reply to the turn it answers", () => {
  const PROMPTS = [
    "which library did we pick for interactive prompts in the init command?",
    "Updated the init command's spec: interactive prompts use bun-promptx when a value is missing.",
  ] as const;
  const NAV = [
    "did we actually fix the nav bar showing up twice?",
    "Fixed the duplicate nav bar: the terms page rendered its own header, which is now removed.",
  ] as const;

  test.each([
    ["turns away from what it answers", PROMPTS, "use @clack/prompts instead of bun-promptx"],
    [
      "says, naming the subject, that the claim did not hold",
      NAV,
      "There are several errors AND the duplicate nav isn't actually resolved yet. Try again.",
    ],
  ])(
    "one that %s revises it and leads, though the ranking did not cite it",
    (_, [q, turn], reply) => {
      const { revisions, findings } = answeredBy(q, turn, reply);
      expect(revisions.map(ids)).toEqual([["c1", "c2"]]);
      expect(findings.map((finding) => finding.lead.observation.candidateId)).toEqual(["c2", "c1"]);
    },
  );

  test.each([
    [
      "asks where it turns away (a proposal)",
      PROMPTS,
      "could we use @clack/prompts instead of bun-promptx? It looks better kept.",
    ],
    [
      "rejects without naming the subject",
      NAV,
      "Consistent, but wrong. Please see the mockup again.",
    ],
  ])("one that %s is the turn's thread reply, no revision", (_, [q, turn], reply) => {
    const { revisions, findings } = answeredBy(q, turn, reply);
    expect(revisions).toEqual([]);
    expect(ids(findings[0]?.turns ?? [])).toEqual(["c2"]);
  });
});
