import { describe, expect, test } from "vitest";
import { collectStatements as collectWith, coversAspect } from "./decision-statements.js";
import type { Observation } from "./exploration-state.js";
import { earlierStatementsOfDropped, findConflicts, followUpReversals } from "./find-conflicts.js";
import { OPTION_B_APPROVAL, observation } from "./offline-test-fixtures.js";
import { buildRelevanceModel } from "./score-hits.js";
import { nearbyDecisions } from "./statement-pool.js";
import { buildTopicProfile } from "./topic-profile.js";

const AUTH = buildTopicProfile("What did we decide about authentication?");

function collectStatements(profile: typeof AUTH, observations: Observation[]) {
  return collectWith(profile, buildRelevanceModel(profile, observations), observations);
}

const { proposal, approval } = OPTION_B_APPROVAL;
const reversal = observation("c5", "Going forward we will replace Supabase Auth with Clerk.", {
  role: "assistant",
  chatId: 2,
  messageId: 11,
  createdAt: "2026-03-02T09:01:00.000Z",
});

describe("collectStatements", () => {
  test("reads recommendation, approval (resolved through the proposal) and reversal", () => {
    const statements = collectStatements(AUTH, [proposal, approval, reversal]);
    expect(
      statements.map((item) => ({
        id: item.observation.candidateId,
        kind: item.kind,
        familyId: item.familyId,
        chosen: item.chosen,
        rejected: item.rejected,
        approves: item.approves?.candidateId ?? null,
      })),
    ).toEqual([
      {
        id: "c2",
        kind: "recommendation",
        familyId: "auth",
        chosen: "Supabase Auth",
        rejected: null,
        approves: null,
      },
      {
        id: "c3",
        kind: "approval",
        familyId: "auth",
        chosen: "Supabase Auth",
        rejected: null,
        approves: "c2",
      },
      {
        id: "c5",
        kind: "reversal",
        familyId: "auth",
        chosen: "Clerk",
        rejected: "Supabase Auth",
        approves: null,
      },
    ]);
  });

  test("off-topic decisions are ignored", () => {
    const tailwind = observation("c9", "We decided to use Tailwind for styling.");
    expect(collectStatements(AUTH, [tailwind])).toEqual([]);
  });
});

describe("findConflicts", () => {
  test("an approved choice later replaced is one conflict, earlier first", () => {
    const conflicts = findConflicts(collectStatements(AUTH, [proposal, approval, reversal]));
    expect(
      conflicts.map((item) => [
        item.familyId,
        item.earlier.observation.candidateId,
        item.earlier.chosen,
        item.later.observation.candidateId,
        item.later.chosen,
      ]),
    ).toEqual([["auth", "c3", "Supabase Auth", "c5", "Clerk"]]);
  });

  test("the same choice repeated is no conflict", () => {
    const again = observation("c6", "We decided to stick with Clerk.", {
      chatId: 3,
      createdAt: "2026-04-01T00:00:00.000Z",
    });
    const conflicts = findConflicts(collectStatements(AUTH, [reversal, again]));
    expect(conflicts).toEqual([]);
  });

  test("a recommendation alone never conflicts with a decision", () => {
    const conflicts = findConflicts(collectStatements(AUTH, [proposal, reversal]));
    expect(conflicts).toEqual([]);
  });

  test("a change inside one chat on one day is not a superseded decision", () => {
    const first = observation("c1", "Let's use NextAuth.", {
      createdAt: "2026-01-01T10:00:00.000Z",
    });
    const second = observation("c2", "Actually let's use Clerk.", {
      createdAt: "2026-01-01T11:00:00.000Z",
    });
    expect(findConflicts(collectStatements(AUTH, [first, second]))).toEqual([]);
  });
});

describe("pool extensions", () => {
  const banks = buildTopicProfile("how do people hook up their bank?");
  const ask = observation("c1", "Customers need to link their bank accounts.", {
    chatId: 4,
    messageId: 40,
    fromRead: true,
  });
  const reply = observation("c2", "Which regions first?", {
    chatId: 4,
    messageId: 41,
    fromRead: true,
    role: "assistant",
  });
  const recorded = observation(
    "c3",
    "Recorded: Plaid Link for US institutions and TrueLayer for UK/EU.",
    {
      chatId: 4,
      messageId: 43,
      fromRead: true,
      role: "assistant",
    },
  );
  const far = observation("c4", "Recorded: link previews in chat.", {
    chatId: 4,
    messageId: 49,
    fromRead: true,
    role: "assistant",
  });

  test("nearbyDecisions keeps a read window's decision right after a relevant message", () => {
    const all = [ask, reply, recorded, far];
    const model = buildRelevanceModel(banks, all);
    expect(nearbyDecisions([ask], all, model).map((item) => item.candidateId)).toEqual(["c3"]);
  });

  test("followUpReversals finds a later change that drops a pooled choice", () => {
    const charts = buildTopicProfile("Which charting library do the dashboards use?");
    const answer = observation("c8", "Recharts: small and React-friendly.", {
      chatId: 45,
      messageId: 178,
      role: "assistant",
    });
    const change = observation("c9", "Switch the dashboard charts from Recharts to ECharts.", {
      chatId: 58,
      messageId: 223,
    });
    const statements = [
      {
        observation: answer,
        sentence: answer.text,
        kind: "answer" as const,
        familyId: "question",
        chosen: "Recharts",
        rejected: null,
        approves: null,
      },
    ];
    expect(charts.keywords).toEqual(["charting", "library", "dashboards"]);
    expect(
      followUpReversals(statements, [answer], [answer, change]).map((item) => [
        item.observation.candidateId,
        item.chosen,
        item.rejected,
      ]),
    ).toEqual([["c9", "ECharts", "Recharts"]]);
  });
});

describe("earlierStatementsOfDropped", () => {
  test("an earlier message stating the dropped thing becomes the earlier side of a conflict", () => {
    const before = observation("c1", "A cosmetic-only battle pass at $9.99 per season.", {
      chatId: 1,
      createdAt: "2026-02-01T00:00:00.000Z",
      role: "assistant",
    });
    const question = observation("c2", "Should we keep the battle pass?", {
      chatId: 3,
      createdAt: "2026-04-01T00:00:00.000Z",
    });
    const change = observation(
      "c3",
      "Dropping the battle pass: Starforge becomes a one-time purchase.",
      {
        chatId: 2,
        createdAt: "2026-05-15T00:00:00.000Z",
        role: "assistant",
      },
    );
    const reversal = {
      observation: change,
      sentence: change.text,
      kind: "reversal" as const,
      familyId: "question",
      chosen: null,
      rejected: "battle pass",
      approves: null,
    };
    const earlier = earlierStatementsOfDropped([reversal], [before, question, change]);
    expect(
      earlier.map((item) => [item.observation.candidateId, item.chosen, item.sentence]),
    ).toEqual([["c1", "battle pass", "A cosmetic-only battle pass at $9.99 per season."]]);
    expect(
      findConflicts([reversal, ...earlier]).map((item) => [
        item.earlier.observation.candidateId,
        item.later.observation.candidateId,
      ]),
    ).toEqual([["c1", "c3"]]);
  });
});

describe("coversAspect", () => {
  test("with a verb in the question, a decision must touch it or name one of its options", () => {
    const stored = buildTopicProfile("how are tasks stored?");
    expect(coversAspect(stored, "I'll add task #027 to the list.")).toBe(false);
    expect(coversAspect(stored, "Tasks are saved in process/tasks.md.")).toBe(true);
    const hosted = buildTopicProfile("Where is the dashboard hosted?");
    expect(coversAspect(hosted, "The dashboard runs on Vercel now.")).toBe(true);
    expect(coversAspect(buildTopicProfile("What did we decide about auth?"), "Anything.")).toBe(
      true,
    );
  });
});
