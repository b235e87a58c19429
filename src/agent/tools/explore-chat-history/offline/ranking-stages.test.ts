/**
 * Behaviour of the local ranking's context signals on small fixtures of our own: a message
 * inherits a share of its chat title's match (title), so a chat about the subject outranks a
 * passing mention of it elsewhere, and its turns are kept even when they never say the word;
 * the fusion weighs the local order above one search's, and the RM3 search has no vote in it
 * (fuse); pool idf is damped (score).
 */
import { describe, expect, test } from "vitest";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { asksAboutOwnWords, rankEvidence } from "./rank-evidence.js";
import type { RunState } from "./run-state.js";
import { idf, poolStats, termVector } from "./score-messages.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";

/** A kickoff chat that mentions the database in passing, and a chat titled by it whose turns never say it. */
const HISTORY = [
  observation("c1", "We can pick the database and the login approach next week.", {
    chatId: 1,
    chatTitle: "Project kickoff",
  }),
  observation("c2", "Should we use SQLite or Postgres for the app?", {
    chatId: 2,
    chatTitle: "Choosing the database",
    via: "read",
  }),
  observation("c3", "OK, decided: Postgres on Supabase with Drizzle for migrations.", {
    chatId: 2,
    chatTitle: "Choosing the database",
    messageId: 3,
    via: "read",
  }),
  observation("c4", "Lunch is at noon on Fridays.", { chatId: 3, chatTitle: "Team lunch" }),
];

const ranked = (off: "title"[]) =>
  rankEvidence(runState("What did we decide about the database?", HISTORY), {
    ...DEFAULT_POLICY,
    off: new Set(off),
  }).messages.map((item) => item.observation.candidateId);

describe("title", () => {
  test("turns of a chat titled by the subject rank after the mention; an unrelated chat does not", () => {
    // c3 answers c2, so it also inherits c2's title match (neighbours) and ranks first of the two.
    expect(ranked([])).toEqual(["c1", "c3", "c2"]);
  });

  test("switched off, only the message that says the word ranks", () => {
    expect(ranked(["title"])).toEqual(["c1"]);
  });
});

describe("neighbours", () => {
  // A decision, the person's short reply, and a turn that repeats the word with its neighbours.
  const history = [
    observation("c1", "We picked Vitest for the testing setup.", {
      role: "assistant",
      ...{ via: "read" as const },
    }),
    observation("c2", "Great, thanks.", { via: "read" as const }),
  ];
  const scoreOf = (question: string, id: string) =>
    rankEvidence(runState(question, history), DEFAULT_POLICY).messages.find(
      (item) => item.observation.candidateId === id,
    )?.score ?? 0;

  test("a reply inherits a share of the turn before it for a subject of two words", () => {
    expect(scoreOf("What did we decide about the testing setup?", "c2")).toBeGreaterThan(0);
  });

  test("for a one-word subject it inherits nothing: only what says the word scores", () => {
    expect(scoreOf("What did we decide about testing?", "c2")).toBe(0);
    expect(scoreOf("What did we decide about testing?", "c1")).toBeGreaterThan(0);
  });
});

describe("fuse: the local order weighs more than one search", () => {
  // The search ranked the passing mention first; the local score prefers the message about billing.
  const history = [
    observation("c1", "The footer links to billing.", { chatId: 1 }),
    observation("c2", "Billing retries failed invoices nightly; billing emails the owner.", {
      chatId: 2,
    }),
  ];
  const order = (localFusionWeight: number) =>
    rankEvidence(runState("How does billing retry invoices?", history), {
      ...DEFAULT_POLICY,
      off: new Set(["coord"]),
      parameters: { ...DEFAULT_POLICY.parameters, localFusionWeight },
    }).messages.map((item) => item.observation.candidateId);

  test("the best local match leads; with equal weights the search's first hit keeps the tie", () => {
    expect(order(DEFAULT_POLICY.parameters.localFusionWeight)).toEqual(["c2", "c1"]);
    expect(order(1)).toEqual(["c1", "c2"]);
  });
});

describe("fuse: the feedback search brings messages but does not vote", () => {
  // The local order prefers the decision; the question's search ranked a passing mention first,
  // and so did the RM3 search of feedback words. Had that search voted, it would tie the two and
  // the first list's order would lead.
  const history = [
    observation("c1", "Thank you, please proceed: billing is on the footer.", { chatId: 1 }),
    observation("c2", "Billing decided: Stripe runs billing, billing invoices go out monthly.", {
      chatId: 2,
    }),
  ];
  const question = "What did we decide about billing?";
  const order = (second: string, kinds: RunState["kinds"] = []) =>
    rankEvidence(
      runState(question, history, {
        kinds,
        searches: [question, second].map((query) => ({
          query,
          ranked: ["c1", "c2"],
          moreMatches: new Map(),
        })),
      }),
      { ...DEFAULT_POLICY, off: new Set(["coord"]) },
    ).messages.map((item) => item.observation.candidateId);

  test("the RM3 search's order leaves the fusion to the question's search and the local order", () => {
    expect(order("billing thank proceed")).toEqual(["c2", "c1"]);
  });

  test("the kind names' search votes", () => {
    const kinds = [{ kind: "payments", from: "billing", names: ["stripe"] }];
    expect(order("stripe", kinds)).toEqual(["c1", "c2"]);
  });
});

describe("coord: coverage breaks a near-tie of the fusion", () => {
  // With the local order weighted as one search, the search's first hit (a passing mention) and
  // the local order's first (the message about the question) tie in the fusion.
  const history = [
    observation("c1", "The footer links to billing.", { chatId: 1 }),
    observation("c2", "Billing retries failed invoices nightly; billing emails the owner.", {
      chatId: 2,
    }),
  ];
  const order = (off: "coord"[]) =>
    rankEvidence(runState("How does billing retry invoices?", history), {
      off: new Set(off),
      parameters: { ...DEFAULT_POLICY.parameters, localFusionWeight: 1 },
    }).messages.map((item) => item.observation.candidateId);

  test("the message covering more of the question leads; off, the fusion's tie order stays", () => {
    expect(order(["coord"])).toEqual(["c1", "c2"]);
    expect(order([])).toEqual(["c2", "c1"]);
  });
});

describe("score: pool idf", () => {
  test("is the square root of bm25's idf over the pool", () => {
    const stats = poolStats(["auth token", "auth cookie", "lunch"].map(termVector));
    // df(auth) = 2 of 3 messages: sqrt(ln(1 + 1.5 / 2.5)).
    expect(idf(stats, "auth")).toBeCloseTo(Math.sqrt(Math.log(1.6)), 12);
    expect(idf(stats, "absent")).toBeCloseTo(Math.sqrt(Math.log(1 + 3.5 / 0.5)), 12);
  });
});

describe("speaker", () => {
  /** The person's plan and the assistant's advice on one subject; the advice names the bursts. */
  const chat = [
    observation("c1", "My retry queue for the weather requests backs off twice.", {
      chatId: 1,
      messageId: 1,
    }),
    observation("c2", "For bursts, the retry queue of weather requests backs off exponentially.", {
      chatId: 2,
      messageId: 1,
      role: "assistant",
    }),
  ];
  const first = (question: string) =>
    rankEvidence(runState(question, chat), DEFAULT_POLICY).messages[0]?.observation.candidateId;

  test("a question about the person's own words ranks their turn first", () => {
    const question = "How did I handle my retry queue for weather requests in bursts?";
    expect(asksAboutOwnWords(question)).toBe(true);
    expect(first(question)).toBe("c1");
  });

  test("asking what the assistant said is not about the person's words, even with 'my'", () => {
    const question =
      "How did you recommend handling my retry queue for weather requests in bursts?";
    expect(asksAboutOwnWords(question)).toBe(false);
    expect(first(question)).toBe("c2");
    // A request for new advice is no question about what was said.
    expect(asksAboutOwnWords("What would you suggest for my retry queue?")).toBe(true);
  });
});
