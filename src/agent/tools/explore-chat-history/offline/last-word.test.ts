/**
 * The report's last word, on fixtures of our own (issue 28): a proposal overruled two turns later
 * and a revision in a later chat lead with the statement in force and show the pair as a conflict;
 * two agreeing statements and an unrelated later "instead" are no conflict, and the unrelated one
 * does not come first.
 */
import { describe, expect, test } from "vitest";
import { reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { rankEvidence } from "./rank-evidence.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

const read = { via: "read" as const };
const at = (minute: number, day = 10) =>
  `2026-03-${String(day).padStart(2, "0")}T10:${String(minute).padStart(2, "0")}:00.000Z`;

function cited(report: ReturnType<typeof reportFor>) {
  return report.findings.map((finding) => finding.candidate_ids);
}

describe("the last word", () => {
  test("a proposal overruled two turns later: the overruling turn leads, the pair is a conflict", () => {
    const history = [
      observation("c1", "Which library should the init command use for interactive prompts?", {
        createdAt: at(0),
        ...read,
      }),
      observation("c2", "For interactive prompts in the init command I suggest Inquirer.", {
        role: "assistant",
        createdAt: at(1),
        ...read,
      }),
      observation("c3", "Let me think about the init command prompts for a second.", {
        createdAt: at(2),
        ...read,
      }),
      observation("c4", "Not Inquirer. Use @clack/prompts for the init command prompts instead.", {
        createdAt: at(3),
        ...read,
      }),
    ];
    const report = reportFor(
      runState("Which library did we pick for interactive prompts in the init command?", history),
      DEFAULT_POLICY,
    );
    expect(cited(report)[0]?.[0]).toBe("c4");
    expect(report.conflicts.map((conflict) => conflict.candidate_ids)).toEqual([["c2", "c4"]]);
    expect(report.confidence).not.toBe("high");
  });

  test("the person's go-ahead after a revision is cited with it, though it followed the proposal", () => {
    const history = [
      observation(
        "c1",
        "Plan: a separate project on Vercel, chef-staging, for the staging environment.",
        {
          createdAt: at(0),
          ...read,
        },
      ),
      observation(
        "c2",
        "Rather than a separate project, use the one Vercel project with its Preview environment.",
        {
          createdAt: at(1),
          ...read,
        },
      ),
      observation("c3", "Single project it is: staging uses the Preview environment.", {
        role: "assistant",
        createdAt: at(2),
        ...read,
      }),
      observation("c4", "Yes, let's update everything to that.", { createdAt: at(3), ...read }),
    ];
    const report = reportFor(
      runState("How do we set up the staging environment on Vercel?", history, {
        searches: [
          { query: "staging environment vercel", ranked: ["c1", "c2"], moreMatches: new Map() },
        ],
      }),
      DEFAULT_POLICY,
    );
    expect(report.conflicts.map((conflict) => conflict.candidate_ids)).toEqual([["c1", "c2"]]);
    expect(cited(report)[0]).toEqual(["c2", "c3", "c4"]);
  });

  test("a revision in a later chat: the newer statement leads, the older is its conflict", () => {
    const history = [
      observation("c1", "Decision: the API database is SQLite, stored in data/app.db.", {
        chatId: 1,
        chatTitle: "Storage",
        createdAt: at(0, 1),
        ...read,
      }),
      observation(
        "c9",
        "We are moving the API database off SQLite: Postgres on Railway from now on.",
        {
          chatId: 2,
          chatTitle: "Scaling",
          createdAt: at(0, 20),
          ...read,
        },
      ),
    ];
    const report = reportFor(
      runState("What did we decide about the API database?", history),
      DEFAULT_POLICY,
    );
    expect(cited(report)[0]?.[0]).toBe("c9");
    expect(report.conflicts.map((conflict) => conflict.candidate_ids)).toEqual([["c1", "c9"]]);
    expect(report.findings[0]?.claim.startsWith("Newer statement")).toBe(true);
  });

  test("a decision and the turn that carried it out both revise one statement: one is labelled", () => {
    const history = [
      observation("c1", "Decision: authentication runs on Clerk from now on.", {
        chatId: 1,
        createdAt: at(0, 1),
        ...read,
      }),
      observation("c2", "Then we're replacing Clerk with Supabase Auth for authentication.", {
        chatId: 2,
        createdAt: at(0, 7),
        ...read,
      }),
      observation(
        "c3",
        "Removed the Clerk packages. Authentication now runs entirely on Supabase Auth.",
        { chatId: 3, role: "assistant", createdAt: at(0, 15), ...read },
      ),
    ];
    const report = reportFor(
      runState("What did we decide about authentication?", history),
      DEFAULT_POLICY,
    );
    expect(report.conflicts).toHaveLength(2);
    const labelled = report.findings.filter((f) => f.claim.startsWith("Newer statement"));
    expect(labelled).toHaveLength(1);
    expect(labelled[0]).toBe(report.findings[0]);
  });

  test("a proposal that a later revision turned away from is labelled revised later", () => {
    const history = [
      observation("c1", "Which chart library for the dashboard?", {
        messageId: 1,
        createdAt: at(0, 1),
        ...read,
      }),
      observation("c2", "Recharts: React-friendly, small, good enough for the dashboard charts.", {
        messageId: 2,
        role: "assistant",
        createdAt: at(1, 1),
        ...read,
      }),
      observation("c3", "Recharts for all dashboard charts then.", {
        messageId: 3,
        createdAt: at(2, 1),
        ...read,
      }),
      observation("c4", "Switch the dashboard charts from Recharts to ECharts.", {
        chatId: 2,
        messageId: 9,
        createdAt: at(0, 20),
        ...read,
      }),
    ];
    const report = reportFor(
      runState("Which chart library do the dashboard charts use?", history),
      DEFAULT_POLICY,
    );
    const claimWith = (id: string) =>
      report.findings.find((f) => f.candidate_ids.includes(id))?.claim ?? "";
    expect(claimWith("c4").startsWith("Newer statement")).toBe(true);
    expect(claimWith("c2")).toContain("Revised later — ");
  });

  test("two earlier statements a later one revises: one conflict, with the better-ranked earlier side", () => {
    const history = [
      observation("c1", "Decision: the API database is SQLite, stored in data/app.db.", {
        chatId: 1,
        createdAt: at(0, 1),
        ...read,
      }),
      observation("c2", "For the beta the API database stays on SQLite in data/app.db.", {
        chatId: 3,
        createdAt: at(0, 5),
        ...read,
      }),
      observation(
        "c9",
        "We are moving the API database off SQLite: Postgres on Railway from now on.",
        { chatId: 2, createdAt: at(0, 20), ...read },
      ),
    ];
    const state = runState("What did we decide about the API database?", history);
    const report = reportFor(state, DEFAULT_POLICY);
    const order = rankEvidence(state, DEFAULT_POLICY).messages.map(
      (item) => item.observation.candidateId,
    );
    const [better, worse] = ["c1", "c2"].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    expect(cited(report)[0]?.[0]).toBe("c9");
    expect(report.conflicts.map((conflict) => conflict.candidate_ids)).toEqual([[better, "c9"]]);
    // The other earlier side is revised too: quoted nowhere, not as an answer beside the newer one.
    expect(cited(report).flat()).not.toContain(worse);
  });

  test("two agreeing statements are no conflict, and both are cited", () => {
    const history = [
      observation(
        "c1",
        "I'm not planning on using Plausible. Set up PostHog for analytics instead.",
        {
          createdAt: at(0),
          ...read,
        },
      ),
      observation("c2", "Understood. We'll use PostHog for analytics instead of Plausible.", {
        role: "assistant",
        createdAt: at(1),
        ...read,
      }),
    ];
    const report = reportFor(
      runState("Which tool do we use for analytics?", history),
      DEFAULT_POLICY,
    );
    expect(report.conflicts).toEqual([]);
    expect(cited(report).flat().sort()).toEqual(["c1", "c2"]);
    expect(report.findings.every((finding) => !finding.claim.startsWith("Newer"))).toBe(true);
  });

  test("two identical pasted prompts are no conflict", () => {
    const prompt = "Use Supabase Auth for login, not Clerk: magic links and Google sign-in.";
    const history = [
      observation("c1", prompt, { chatId: 1, createdAt: at(0, 1), ...read }),
      observation("c5", prompt, { chatId: 2, createdAt: at(0, 5), ...read }),
    ];
    const report = reportFor(runState("What did we decide for login?", history), DEFAULT_POLICY);
    expect(report.conflicts).toEqual([]);
  });

  test("an unrelated later message with 'instead' is no conflict and does not come first", () => {
    const history = [
      observation("c1", "Decision: deploy the web app on Vercel, the deploy runs on every push.", {
        chatId: 1,
        chatTitle: "Deploy",
        createdAt: at(0, 1),
        ...read,
      }),
      observation("c8", "Let's use a grid instead of flexbox for the web app footer.", {
        chatId: 3,
        chatTitle: "Footer",
        createdAt: at(0, 25),
        ...read,
      }),
    ];
    const report = reportFor(runState("Where do we deploy the web app?", history), DEFAULT_POLICY);
    expect(report.conflicts).toEqual([]);
    expect(cited(report)[0]?.[0]).toBe("c1");
    expect(report.findings.every((finding) => !finding.claim.startsWith("Newer"))).toBe(true);
  });
});

describe("gaps", () => {
  test("an absent word is named as absent outside the current chat when one was excluded", () => {
    const history = [observation("c1", "We picked Postgres for the database.", read)];
    const state = runState("Did we pick Kubernetes for the database?", history, {
      currentChatId: 7,
      searches: [
        { query: "kubernetes database", ranked: ["c1"], moreMatches: new Map() },
        { query: "kubernetes", ranked: [], moreMatches: new Map() },
      ],
    });
    const report = reportFor(state, DEFAULT_POLICY);
    expect(report.missing_coverage).toEqual([
      "The history outside the current chat never mentions: kubernetes.",
    ]);
  });
});
