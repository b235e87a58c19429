import { describe, expect, test } from "vitest";
import { submitReportInputSchema } from "../../agent/tools/explore-chat-history/child-protocol.js";
import type { ExplorationState, Observation } from "./exploration-state.js";
import { OPTION_B_APPROVAL, observation } from "./offline-test-fixtures.js";
import { buildTopicProfile } from "./topic-profile.js";
import { quote, SUMMARY_LABEL, writeReport } from "./write-report.js";

const AUTH = buildTopicProfile("What did we decide about authentication?");

function state(
  observations: Observation[],
  extra: Partial<ExplorationState> = {},
): ExplorationState {
  return {
    question: "What did we decide about authentication?",
    searchedQueries: ["authentication", "login session jwt oauth password"],
    reads: [{ chatId: 2, aroundMessageId: 11, offset: 0, hasMoreAfter: false }],
    currentChatId: null,
    observations,
    toolCallCount: 3,
    budget: null,
    budgetExhausted: false,
    indexStatus: "ready",
    pendingCount: 0,
    truncated: false,
    submissions: [],
    ...extra,
  };
}

const { proposal, approval } = OPTION_B_APPROVAL;
const question = observation("c1", "How should we handle authentication for the app?", {
  chatId: 1,
  messageId: 1,
  createdAt: "2026-01-10T10:00:00.000Z",
});
const reversal = observation(
  "c5",
  "OK. Going forward we will replace Supabase Auth with Clerk; sessions will use JWT tokens.",
  {
    role: "assistant",
    chatId: 2,
    messageId: 11,
    createdAt: "2026-03-02T09:01:00.000Z",
  },
);

describe("writeReport", () => {
  test("a superseded decision: labelled summary, newest findings first, one conflict, medium confidence", () => {
    const report = writeReport(AUTH, state([question, proposal, approval, reversal]));
    expect(submitReportInputSchema.safeParse(report).success).toBe(true);
    expect(report).toEqual({
      summary:
        "Extractive summary (offline engine): Cites 2 messages in 2 chats (4 relevant observed) after 2 searches and 1 read. Latest recorded choice (2026-03-02): “Going forward we will replace Supabase Auth with Clerk; sessions will use JWT tokens.” 1 possible conflict: Supabase Auth → Clerk.",
      // The January approval reaches the primary agent through the conflict; not repeated.
      findings: [
        { claim: "On 2026-03-02 the assistant changed course: Clerk.", candidate_ids: ["c5"] },
      ],
      conflicts: [
        {
          description:
            "Possibly superseded (auth): Supabase Auth (2026-01-10), then Clerk (2026-03-02); confirm with the user.",
          candidate_ids: ["c3", "c5"],
        },
      ],
      missing_coverage: [],
      confidence: "medium",
    });
  });

  test("discussion without decisions answers an open question with excerpts and a coverage note", () => {
    const how = buildTopicProfile("How do we handle authentication?");
    const report = writeReport(how, state([question]));
    expect(report.findings).toEqual([
      {
        claim:
          "On 2026-01-10 the user discussed: “How should we handle authentication for the app?”",
        candidate_ids: ["c1"],
      },
    ]);
    expect(report.missing_coverage).toEqual([
      "No explicit decision language was found; findings are discussion excerpts.",
    ]);
    expect(report.confidence).toBe("low");
  });

  test("a 'what did we decide' question with only discussion abstains and quotes the closest", () => {
    const report = writeReport(AUTH, state([question]));
    expect(report).toEqual({
      summary:
        "Extractive summary (offline engine): no recorded choice was found for this question after 2 searches and 1 reads. The closest discussion (2026-01-10) says: “How should we handle authentication for the app?”",
      findings: [],
      conflicts: [],
      missing_coverage: [
        "Related discussion exists, but no message records a choice; ask the user.",
      ],
      confidence: "low",
    });
  });

  test("'no provider chosen' is quoted as the reason to abstain", () => {
    const payments = buildTopicProfile("Which payment provider did we choose for premium?");
    const premium = observation(
      "c7",
      "I added a premium interest button: no payments, no pricing, no provider chosen.",
      {
        role: "assistant",
      },
    );
    expect(writeReport(payments, state([premium])).summary).toBe(
      "Extractive summary (offline engine): no recorded choice was found for this question after 2 searches and 1 reads. The closest discussion (2026-01-01) says: “I added a premium interest button: no payments, no pricing, no provider chosen.”",
    );
  });

  test("nothing relevant: empty findings, honest summary, low confidence", () => {
    const report = writeReport(AUTH, state([observation("c9", "We decided to use Tailwind.")]));
    expect(report).toEqual({
      summary: `${SUMMARY_LABEL} no relevant prior discussion was found after 2 searches; absence here is not proof it was never discussed.`,
      findings: [],
      conflicts: [],
      missing_coverage: ["No prior message in this app matched: authentication."],
      confidence: "low",
    });
  });

  test("index and budget warnings become coverage notes and cap confidence at medium", () => {
    const report = writeReport(
      AUTH,
      state([question, reversal], {
        indexStatus: "indexing",
        pendingCount: 12,
        budgetExhausted: true,
        truncated: true,
      }),
    );
    expect(report.missing_coverage).toEqual([
      "The index was still catching up (12 messages pending); recall may be incomplete.",
      "Some search or read answers were cut at their size bound.",
      "Exploration stopped at the run budget before every lead was read.",
    ]);
    expect(report.confidence).toBe("medium");
  });

  test("only candidate ids that were observed are cited", () => {
    const observed = [question, proposal, approval, reversal];
    const report = writeReport(AUTH, state(observed));
    const known = new Set(observed.map((item) => item.candidateId));
    const cited = [...report.findings, ...report.conflicts].flatMap((item) => item.candidate_ids);
    expect(cited.every((id) => known.has(id))).toBe(true);
  });
});

describe("quote", () => {
  test("keeps short text, cuts long text at a word boundary with an ellipsis", () => {
    expect(quote("  short   text ")).toBe("short text");
    expect(quote("alpha beta gamma delta", 12)).toBe("alpha beta…");
  });
});

describe("writeReport with pasted third-party text", () => {
  test("a pasted review's 'decision' is labelled a claim, is no decision, and confidence is low", () => {
    const profile = buildTopicProfile("Did we remove the watering reminders?");
    const pasted = observation(
      "c7",
      "Got this App Store review:\nThe team decided to remove all watering reminders. Is that true?",
      { chatId: 4, messageId: 7, createdAt: "2026-05-02T08:00:00.000Z" },
    );
    const report = writeReport(profile, state([pasted], { question: profile.keywords.join(" ") }));
    expect(report.findings).toEqual([
      {
        claim:
          "On 2026-05-02 the user quoted third-party text (a claim, not a team decision): “The team decided to remove all watering reminders.”",
        candidate_ids: ["c7"],
      },
    ]);
    expect(report.confidence).toBe("low");
    expect(report.missing_coverage).toContain(
      "Some evidence is quoted third-party text, not a team decision.",
    );
  });
});

describe("writeReport: completion and confidence", () => {
  test("a completion after the plan is the latest recorded choice and the first finding", () => {
    const plan = observation(
      "c27",
      "Then we're replacing Clerk with Supabase Auth for authentication. Plan the migration.",
      { chatId: 9, createdAt: "2026-04-07T09:44:00.000Z" },
    );
    const done = observation(
      "c30",
      "Removed the Clerk packages. Authentication now runs entirely on Supabase Auth; login is covered by tests.",
      { chatId: 10, role: "assistant", createdAt: "2026-04-15T15:12:30.000Z" },
    );
    const report = writeReport(AUTH, state([plan, done]));
    expect(report.summary).toBe(
      "Extractive summary (offline engine): Cites 2 messages in 2 chats (2 relevant observed) after 2 searches and 1 read. Latest recorded choice (2026-04-15): “Authentication now runs entirely on Supabase Auth; login is covered by tests.”",
    );
    expect(report.findings[0]).toEqual({
      claim: "On 2026-04-15 the assistant reported the current state: Supabase Auth.",
      candidate_ids: ["c30"],
    });
    expect(report.confidence).toBe("high");
  });

  test("an answer that only names something is no recorded choice and never earns high", () => {
    const deploy = buildTopicProfile("how do we deploy?");
    const question = observation("c1", "How do we deploy the site?", {
      createdAt: "2026-04-07T10:00:00.000Z",
    });
    const answer = observation(
      "c2",
      "Here is a practical way to think about deploying PaperBites.",
      { role: "assistant", createdAt: "2026-04-07T10:01:00.000Z" },
    );
    const report = writeReport(deploy, {
      ...state([question, answer]),
      question: "how do we deploy?",
    });
    expect(report.confidence).toBe("medium");
    expect(report.summary).toBe(
      "Extractive summary (offline engine): Cites 2 messages in 1 chat (2 relevant observed) after 2 searches and 1 read. Most recent decision language (2026-04-07): “Here is a practical way to think about deploying PaperBites.”",
    );
  });
});
