/**
 * Behaviour of each pipeline stage on small fixtures of our own: formulate, RM3 expansion, RRF,
 * revisions and selection (a later revision in the same chat wins) and abstention.
 */
import { describe, expect, test } from "vitest";
import { submitReportInputSchema } from "../child-protocol.js";
import { decideNextAction, reportFor } from "./decide-next-action.js";
import { reciprocalRankFusion } from "./fuse.js";
import { DEFAULT_POLICY, type OfflineStage, policyVersion } from "./policy-parameters.js";
import { backgroundWeighted, expandRm3, formulate, queryText } from "./query-model.js";
import { rankEvidence } from "./rank-evidence.js";
import type { Observation } from "./run-state.js";
import { termVector } from "./score-messages.js";
import { runState } from "./testing/offline-test-fixtures.js";

function message(id: number, text: string, extra: Partial<Observation> = {}): Observation {
  return {
    candidateId: `c${id}`,
    chatId: 1,
    chatTitle: null,
    messageId: id,
    role: "user",
    createdAt: `2026-01-01T00:${String(id).padStart(2, "0")}:00.000Z`,
    text,
    isCompactionSummary: false,
    projectionTruncated: false,
    via: "read",
    ...extra,
  };
}

const state = (question: string, observations: Observation[]) => runState(question, observations);

const off = (...stages: OfflineStage[]) => ({ ...DEFAULT_POLICY, off: new Set(stages) });

describe("formulate", () => {
  test("keeps content words as the index stems them, drops the shared stopwords", () => {
    const model = formulate("What did I tell you about the deployment pipelines?");
    expect([...model.weights.keys()]).toEqual(["deploy", "pipelin"]);
    expect(queryText(model)).toBe("deployment pipelines");
  });

  test("leaves out a phrase that scopes the history, never the same word as a subject", () => {
    const terms = (question: string) => [...formulate(question).weights.keys()];
    expect(terms("What changed in the header over the last few sessions?")).toEqual([
      "chang",
      "header",
    ]);
    expect(terms("What trouble have we had with the SQLite library over time?")).toEqual([
      "troubl",
      "sqlite",
      "librari",
    ]);
    expect(terms("Which tests have we run so far across our conversations?")).toEqual([
      "test",
      "run",
    ]);
    // Said of the app, a session is the subject.
    expect(terms("Where are session repositories stored?")).toEqual([
      "session",
      "repositori",
      "store",
    ]);
    expect(terms("How long is the chat session timeout?")).toEqual([
      "long",
      "chat",
      "session",
      "timeout",
    ]);
  });

  test("leaves out who acts in 'how do people …', never the same word as a subject", () => {
    const terms = (question: string) => [...formulate(question).weights.keys()];
    expect(terms("How do people log in?")).toEqual(["login"]);
    expect(terms("How can users hook up their bank?")).toEqual(["hook", "bank"]);
    expect(terms("Where should our customers send feedback?")).toEqual(["send", "feedback"]);
    // Named as what the answer is about, they stay.
    expect(terms("Where do we store users?")).toEqual(["store", "user"]);
    expect(terms("How many people signed up last week?")).toEqual([
      "mani",
      "peopl",
      "signup",
      "last",
      "week",
    ]);
  });
});

describe("background", () => {
  test("weighs each term by its word's surprisal in everyday English, summing to 1", () => {
    const model = backgroundWeighted(formulate("Why did we stop using Clerk?"));
    const weight = (term: string) => model.weights.get(term) ?? 0;
    expect([...model.weights.keys()]).toEqual(["stop", "us", "clerk"]);
    expect(weight("clerk")).toBeGreaterThan(weight("us"));
    expect(weight("us")).toBeGreaterThan(weight("stop"));
    expect([...model.weights.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  test("a subject word outranks an everyday word the small pool happens to hold less often", () => {
    // "need" is in one message of six, "Clerk" in two: the pool's idf alone prefers c1.
    const history = [
      message(1, "We need a new monitor.", { chatId: 1 }),
      message(2, "Clerk pricing jumps past the free tier.", { chatId: 2 }),
      message(3, "We switched the login to Clerk.", { chatId: 3 }),
      message(4, "The brand colour stays teal.", { chatId: 4 }),
      message(5, "Lunch is at noon on Fridays.", { chatId: 5 }),
      message(6, "Boards sort cards by due date.", { chatId: 6 }),
    ];
    const first = (...stages: OfflineStage[]) =>
      rankEvidence(state("Why did we need Clerk?", history), off(...stages)).messages[0]
        ?.observation.candidateId;
    expect(first("background")).toBe("c1");
    expect(first()).not.toBe("c1");
  });
});

describe("reason", () => {
  test("a question asking why ranks the motivation stated before the decision first", () => {
    const history = [
      message(1, "Clerk pricing jumps past the free tier, and we already pay for Supabase."),
      message(2, "Supabase Auth covers email and Google sign-in.", { role: "assistant" }),
      message(3, "Then we are replacing Clerk with Supabase Auth."),
      message(4, "We added Clerk to the login page.", { chatId: 2 }),
      message(5, "Clerk keys are in the vault.", { chatId: 3 }),
    ];
    const order = (question: string, ...stages: OfflineStage[]) =>
      rankEvidence(state(question, history), off(...stages)).messages.map(
        (item) => item.observation.candidateId,
      );
    expect(order("Why did we leave Clerk?")[0]).toBe("c1");
    expect(order("Why did we leave Clerk?", "reason")[0]).not.toBe("c1");
    // Not asking why: no message inherits from the ones after it.
    expect(order("Did we leave Clerk?")).toEqual(order("Why did we leave Clerk?", "reason"));
  });
});

describe("expand (RM3)", () => {
  test("adds terms of high-scoring feedback and keeps the original weight share", () => {
    const original = formulate("deploy pipeline");
    const expanded = expandRm3(
      original,
      [
        { vector: termVector("The pipeline deploys to Fly with Docker images"), score: 3 },
        { vector: termVector("Lunch menu"), score: 0 },
      ],
      { expansionTerms: 3, originalWeight: 0.5 },
    );
    const added = [...expanded.weights.keys()].filter((term) => !original.weights.has(term));
    // Ties in P(w|R) break alphabetically: deploy, docker, fly; deploy is already a query term.
    expect(added.sort()).toEqual(["docker", "fly"]);
    const originalMass = [...original.weights.keys()].reduce(
      (sum, term) => sum + (expanded.weights.get(term) ?? 0),
      0,
    );
    expect(originalMass).toBeGreaterThanOrEqual(0.5);
  });
});

describe("expand (RM3) in the ranking and the search", () => {
  // Each message in its own chat, so no neighbour or title share mixes their scores.
  const history = [
    message(1, "The deploy pipeline runs on Fly with Docker images.", { chatId: 1 }),
    message(2, "Docker image caching keeps the deploy on Fly fast.", { chatId: 2 }),
    message(3, "The night shift rota for the support team.", { chatId: 3 }),
    message(4, "Docker images are rebuilt on Fly.", { chatId: 4 }),
  ];
  const ranked = (question: string, ...stages: OfflineStage[]) =>
    rankEvidence(state(question, history), off(...stages)).messages.map(
      (item) => item.observation.candidateId,
    );
  const question = "Where does the deploy pipeline run at night?";

  test("the feedback vocabulary lifts a message that says it and ranks one that says only it", () => {
    // Pool statistics only (background off): off, c3 (the pool-rare "night") outranks c2 (the
    // pool-common "deploy"); c4 holds no question word.
    expect(ranked(question, "background", "expand")).toEqual(["c1", "c3", "c2"]);
    // On: the best match's words (docker, fly, imag) weigh too: c2 passes c3, and c4, which says
    // only them, is ranked at all (below c3: the question's own terms keep 0.8 of the weight).
    expect(ranked(question, "background")).toEqual(["c1", "c2", "c3", "c4"]);
  });

  const nextCalls = (text: string) => {
    const run = state(text, history);
    const action = decideNextAction(
      { ...run, steps: 2, lastStepTools: ["read_chat"], toolCallCount: 7 },
      { availableTools: new Set(["search_chats", "read_chat", "submit_report"]) },
      DEFAULT_POLICY,
    );
    return action.type === "calls" ? action.calls : [];
  };

  test("only a one-term subject sends the expanded search; a longer question is only rescored", () => {
    const [search] = nextCalls("What about the deploy?");
    expect(search?.toolName).toBe("search_chats");
    const words = search?.toolName === "search_chats" ? search.input.query.split(" ") : [];
    expect(words).toEqual(expect.arrayContaining(["deploy", "docker", "fly"]));
    expect(nextCalls(question).every((call) => call.toolName !== "search_chats")).toBe(true);
  });
});

describe("fuse (RRF)", () => {
  test("an item ranked well in two lists beats one ranked first in only one", () => {
    const fused = reciprocalRankFusion(
      [
        ["a", "b", "c"],
        ["b", "c", "a"],
        ["d", "b"],
      ],
      60,
    );
    expect(fused[0]?.id).toBe("b");
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61 + 1 / 62, 10);
  });
});

describe("supersede + select", () => {
  const history = [
    message(1, "For the API server we will deploy on Heroku.", { role: "assistant" }),
    message(2, "What about the worker queue?"),
    message(3, "Actually, deploy the API server on Fly instead of Heroku."),
  ];

  test("a revision later in the same chat wins over the earlier statement", () => {
    const report = reportFor(state("Where do we deploy the API server?", history), DEFAULT_POLICY);
    expect(submitReportInputSchema.parse(report)).toEqual(report);
    expect(report.findings[0]?.candidate_ids).toEqual(["c3"]);
    expect(report.conflicts.map((conflict) => conflict.candidate_ids)).toEqual([["c1", "c3"]]);
    // The revised statement is quoted once, in its conflict, never as a finding of its own.
    const findings = report.findings.flatMap((finding) => finding.candidate_ids);
    expect(findings).not.toContain("c1");
  });

  test("confidence is never high when a later revision exists", () => {
    // With any strength and support enough for "high", only the revision keeps it below.
    const parameters = {
      ...DEFAULT_POLICY.parameters,
      highStrength: 0,
      highSupportChats: 0,
      mediumStrength: 0,
    };
    const run = state("Where do we deploy the API server?", history);
    const config = (...stages: OfflineStage[]) => ({ parameters, off: new Set(stages) });
    expect(reportFor(run, config("supersede")).confidence).toBe("high");
    expect(reportFor(run, config()).confidence).toBe("medium");
  });

  test("with the supersede stage off, the revision is not surfaced as a conflict", () => {
    const report = reportFor(
      state("Where do we deploy the API server?", history),
      off("supersede"),
    );
    expect(report.conflicts).toEqual([]);
  });

  test("claims quote the message and never label the dropped option as the choice", () => {
    const report = reportFor(state("Where do we deploy the API server?", history), DEFAULT_POLICY);
    const claim = report.findings.find((finding) => finding.candidate_ids[0] === "c3")?.claim;
    expect(claim).toContain('"Actually, deploy the API server on Fly instead of Heroku."');
  });
});

describe("prefix", () => {
  const history = [
    message(1, "We settled on Clerk for authentication last week."),
    message(2, "The landing page headline is done.", { chatId: 2 }),
  ];

  test("an abbreviation in the question matches the full word in the history", () => {
    const report = reportFor(state("What did we decide about auth?", history), DEFAULT_POLICY);
    expect(report.findings.map((finding) => finding.candidate_ids)).toEqual([["c1"]]);
  });

  test("with prefix off the abbreviation matches nothing and the report abstains", () => {
    const report = reportFor(state("What did we decide about auth?", history), off("prefix"));
    expect(report.findings).toEqual([]);
  });
});

describe("supersede: chains and speakers", () => {
  const day = (n: number) => ({ createdAt: `2026-0${n}-01T00:00:00.000Z` });

  test("a value restated three times: all cited, and no pair is labelled a revision", () => {
    const history = [
      message(1, "The nightly backup runs at 2:00 on the staging box.", { chatId: 1, ...day(1) }),
      message(2, "The nightly backup runs at 3:00 on the staging box now.", {
        chatId: 2,
        ...day(2),
      }),
      message(3, "The nightly backup runs at 4:00 on the staging box now.", {
        chatId: 3,
        ...day(3),
      }),
    ];
    const report = reportFor(state("When does the nightly backup run?", history), DEFAULT_POLICY);
    // Nothing turns away from 2:00 or 3:00 (revision.ts): each is shown, dated, never labelled.
    expect(report.conflicts).toEqual([]);
    expect(report.findings.flatMap((finding) => finding.candidate_ids).sort()).toEqual([
      "c1",
      "c2",
      "c3",
    ]);
    expect(report.findings.every((finding) => !finding.claim.startsWith("Newer"))).toBe(true);
  });

  test("a later statement that contradicts two earlier ones of the person is shown with them", () => {
    const history = [
      message(1, "I set up Docker Compose for the staging stack.", { chatId: 1, ...day(1) }),
      message(2, "The staging stack runs on Docker Compose with three services.", {
        chatId: 2,
        ...day(2),
      }),
      message(3, "I have never used Docker Compose for the staging stack.", {
        chatId: 3,
        ...day(3),
      }),
    ];
    const report = reportFor(
      state("Have I used Docker Compose for the staging stack?", history),
      DEFAULT_POLICY,
    );
    expect(report.findings.flatMap((finding) => finding.candidate_ids)).toEqual(
      expect.arrayContaining(["c1", "c2", "c3"]),
    );
    expect(report.conflicts).toEqual([]);
  });

  test("a later statement that names the old value beside its replacement revises it", () => {
    const history = [
      message(1, "The uploads live in Wasabi.", { chatId: 1, ...day(1) }),
      message(2, "Move the uploads off Wasabi so they live in Backblaze.", {
        chatId: 2,
        ...day(2),
      }),
    ];
    const report = reportFor(state("Where do the uploads live?", history), DEFAULT_POLICY);
    expect(report.conflicts.map((conflict) => conflict.candidate_ids)).toEqual([["c1", "c2"]]);
  });

  test("another speaker's different value is a revision only when it turns away from the old", () => {
    const history = (later: string) => [
      message(1, "The upload timeout is 30 seconds.", { chatId: 1, ...day(1) }),
      message(5, later, { chatId: 2, role: "assistant", ...day(2) }),
    ];
    const plain = reportFor(
      state(
        "What is the upload timeout?",
        history("The upload timeout is 45 seconds for large files."),
      ),
      DEFAULT_POLICY,
    );
    expect(plain.conflicts).toEqual([]);
    const cued = reportFor(
      state(
        "What is the upload timeout?",
        history("Actually, make the upload timeout 45 seconds instead of 30."),
      ),
      DEFAULT_POLICY,
    );
    expect(cued.conflicts.map((conflict) => conflict.candidate_ids)).toEqual([["c1", "c5"]]);
  });
});

describe("supersede: a shared word is not a revision", () => {
  const day = (n: number) => ({ createdAt: `2026-0${n}-01T00:00:00.000Z` });

  test("two chats that share one word of the question are different subjects", () => {
    const history = [
      message(1, "The invoices are set in the Inter font.", { chatId: 1, ...day(1) }),
      message(2, "The invoices export to CSV through Papa Parse.", { chatId: 2, ...day(2) }),
    ];
    const report = reportFor(state("What font is on the invoices?", history), DEFAULT_POLICY);
    expect(report.findings.flatMap((finding) => finding.candidate_ids)).toContain("c1");
    expect(report.conflicts).toEqual([]);
  });

  test("an assistant's later message naming other things about the subject revises nothing", () => {
    const history = [
      message(1, "Due dates are stored as plain dates in Postgres.", {
        chatId: 1,
        role: "assistant",
        ...day(1),
      }),
      message(2, "The CSV export has a due date column for Excel.", {
        chatId: 2,
        role: "assistant",
        ...day(2),
      }),
    ];
    const report = reportFor(state("How do we store due dates?", history), DEFAULT_POLICY);
    expect(report.findings.length).toBeGreaterThan(0);
    expect(report.conflicts).toEqual([]);
  });

  test("the person's own later value for the same subject is shown, unlabelled", () => {
    const history = [
      message(1, "The invoices are set in the Inter font.", { chatId: 1, ...day(1) }),
      message(2, "The invoices are set in the Roboto font now.", { chatId: 2, ...day(2) }),
    ];
    const report = reportFor(state("What font is on the invoices?", history), DEFAULT_POLICY);
    expect(report.conflicts).toEqual([]);
    expect(report.findings.flatMap((finding) => finding.candidate_ids).sort()).toEqual([
      "c1",
      "c2",
    ]);
  });
});

describe("abstain", () => {
  const history = [
    message(1, "We picked Postgres for the database."),
    message(2, "Tabs, not spaces.", { chatId: 2 }),
  ];

  test("no findings when no message holds enough of the question", () => {
    const report = reportFor(
      state("Which payment processor handles refunds for subscriptions?", history),
      DEFAULT_POLICY,
    );
    expect(report.findings).toEqual([]);
    expect(report.confidence).toBe("low");
  });

  test("cites the matching message when it holds the question's terms", () => {
    const report = reportFor(state("Which database did we pick?", history), DEFAULT_POLICY);
    expect(report.findings.map((finding) => finding.candidate_ids)).toEqual([["c1"]]);
  });
});

describe("policy version", () => {
  test("is derived from the parameters and names switched-off stages", () => {
    expect(policyVersion()).toMatch(/^\d+$/);
    expect(policyVersion(off("expand", "fuse"))).toBe(`${policyVersion()}-no-expand-no-fuse`);
    const changed = { ...DEFAULT_POLICY, parameters: { ...DEFAULT_POLICY.parameters, rrfK: 61 } };
    expect(policyVersion(changed)).not.toBe(policyVersion());
  });
});
