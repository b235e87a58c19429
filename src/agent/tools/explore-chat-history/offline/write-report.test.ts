/**
 * The report on small fixtures of our own: findings lead with messages that state a value, and
 * "high" confidence needs strong evidence that more than one chat corroborates, never one short
 * message alone; a subject of one word is never above "low".
 */
import { describe, expect, test } from "vitest";
import { reportFor } from "./decide-next-action.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { formulate } from "./query-model.js";
import { termVector } from "./score-messages.js";
import { observation, runState } from "./testing/offline-test-fixtures.js";
import { answeringYesNo, bestSentence, claimOf } from "./write-report.js";

const QUESTION = "What did we decide about the database?";
const read = { via: "read" as const };
// Long off-subject turns: against their length, a three-word message saturates coverage.
const HISTORY = [
  observation("c1", "Database note: done", { chatTitle: "Notes", ...read }),
  observation("c2", "Noted.", { chatTitle: "Notes", role: "assistant", ...read }),
  observation("c3", "We decided to use Postgres for billing", {
    chatId: 2,
    chatTitle: "Billing DB",
    ...read,
  }),
  observation(
    "c4",
    "Postgres keeps invoices, payments and refunds in one transactional store, and the billing service takes row level locks when it settles the nightly batch of card payments, retries failed charges twice, emails receipts and exports the ledger for the accountants every month.",
    { chatId: 2, chatTitle: "Billing DB", role: "assistant", ...read },
  ),
  observation(
    "c5",
    "The onboarding emails go out on day one, day three and day seven, each with a short video, a checklist, a survey about the first week, a reminder to invite teammates, a tour of the reports page, a note on keyboard shortcuts and a link to book a call with the support team in any time zone.",
    { chatId: 3, chatTitle: "Onboarding", ...read },
  ),
];

describe("confidence", () => {
  test("one chat's short message that covers a two-word subject is medium, not high", () => {
    const history = [
      observation("c1", "Billing database note: done", { chatTitle: "Notes", ...read }),
      observation("c2", "Noted.", { chatTitle: "Notes", role: "assistant", ...read }),
      ...HISTORY.slice(4),
    ];
    const question = "What did we decide about the billing database?";
    const report = reportFor(runState(question, history), DEFAULT_POLICY);
    const cited = report.findings.flatMap((finding) => finding.candidate_ids);
    expect(cited).toEqual(["c1", "c2"]);
    expect(report.confidence).toBe("medium");
  });

  test("a name the question asks about that the history never says keeps confidence low", () => {
    const history = [
      observation("c1", "Billing database: the billing database keeps billing in one database.", {
        chatTitle: "Billing database",
        ...read,
      }),
      observation("c2", "Noted.", { chatTitle: "Notes", role: "assistant", ...read }),
      ...HISTORY.slice(4),
    ];
    const asked = (question: string, probes: string[]) =>
      reportFor(
        runState(question, history, {
          searches: [
            { query: question, ranked: ["c1", "c2", "c5"], moreMatches: new Map() },
            ...probes.map((word) => ({ query: word, ranked: [], moreMatches: new Map() })),
          ],
          toolCallCount: 1 + probes.length,
        }),
        DEFAULT_POLICY,
      );
    const stripe = asked("What did we decide about Stripe for the billing database?", ["stripe"]);
    expect(stripe.missing_coverage).toEqual(["The history never mentions: stripe."]);
    expect(stripe.confidence).toBe("low");
    // Without the name, the same history answers at medium.
    expect(asked("What did we decide about the billing database?", []).confidence).toBe("medium");
  });

  test("a one-word subject is low confidence however strongly it is named", () => {
    const report = reportFor(runState(QUESTION, HISTORY), DEFAULT_POLICY);
    const cited = report.findings.flatMap((finding) => finding.candidate_ids);
    // "Noted." shares no word with a one-word subject, and inherits no share of c1's score.
    expect(cited).toEqual(["c1"]);
    expect(report.confidence).toBe("low");
  });

  test("strong evidence that a second chat corroborates is high, for a subject of two words", () => {
    const second = observation(
      "c6",
      "The billing database is Postgres: one billing database per tenant, migrated on deploy.",
      { chatId: 4, chatTitle: "Tenancy", role: "assistant", ...read },
    );
    const question = "What did we decide about the billing database?";
    const report = reportFor(runState(question, [...HISTORY, second]), DEFAULT_POLICY);
    const cited = report.findings.flatMap((finding) => finding.candidate_ids);
    expect(cited).toEqual(expect.arrayContaining(["c3", "c6"]));
    expect(report.confidence).toBe("high");
    // The same evidence for a one-word subject: a word said often is no answer proved.
    const oneWord = reportFor(runState(QUESTION, [...HISTORY, second]), DEFAULT_POLICY);
    expect(oneWord.confidence).toBe("low");
  });
});

describe("findings order", () => {
  test("the message that states the choice leads the one that defers it in the same words", () => {
    const history = [
      observation("c1", "We can pick the database and the login approach next week.", {
        chatTitle: "Kickoff",
        role: "assistant",
        ...read,
      }),
      observation("c2", "Should we use SQLite or Postgres?", {
        chatId: 2,
        chatTitle: "Choosing the database",
        ...read,
      }),
      observation("c3", "OK, decided: we go with Postgres on Supabase.", {
        chatId: 2,
        chatTitle: "Choosing the database",
        ...read,
      }),
    ];
    const report = reportFor(runState("Which database did we pick?", history), DEFAULT_POLICY);
    const cited = report.findings.flatMap((finding) => finding.candidate_ids);
    expect(cited[0]).toBe("c3");
    expect(cited).toContain("c1");
  });

  test("the person's own asking of the question leads with its answer; an off-subject reply does not", () => {
    const asking = observation(
      "c1",
      "A case got started by mistake and I cannot delete it: what do we do instead?",
      { chatTitle: "Cases", ...read },
    );
    const history = (reply: string) => [
      asking,
      observation("c2", reply, { chatTitle: "Cases", role: "assistant", ...read }),
      observation(
        "c3",
        "No need to delete the case data on Azure: it was started again by deploy.sh instead.",
        { chatId: 2, chatTitle: "Deploy", role: "assistant", ...read },
      ),
    ];
    const question = "A case got started by mistake - can we delete it, or what do we do instead?";
    const firsts = (reply: string) =>
      reportFor(runState(question, history(reply)), DEFAULT_POLICY).findings.map(
        (finding) => finding.candidate_ids,
      );
    expect(
      firsts("A case is never deleted: close the case from Intake as Opened in error."),
    ).toEqual([["c1", "c2"], ["c3"]]);
    // A reply that names values but none of the question's subject answers something else.
    expect(firsts("Unity has the bigger asset store; Godot is MIT-licensed.")).toEqual([
      ["c3"],
      ["c1", "c2"],
    ]);
  });

  test("for a question asking why, the reason leads though a later turn names more values", () => {
    const history = [
      observation(
        "c1",
        "I want a chess variant that isn't real time: pieces have a cooldown before they move.",
        { chatTitle: "Cooldown chess", ...read },
      ),
      observation(
        "c2",
        "Built the board: SVG pieces, a Minimax AI at depth 3, and real time clocks set to 5 minutes.",
        { chatId: 2, chatTitle: "Board", role: "assistant", ...read },
      ),
    ];
    const first = (question: string) =>
      reportFor(runState(question, history), DEFAULT_POLICY).findings[0]?.candidate_ids[0];
    expect(first("Why is it not real time?")).toBe("c1");
    expect(first("What is not real time?")).toBe("c2");
  });

  test("a question sentence states nothing, the statement before it in the same message does", () => {
    const history = [
      observation("c1", "Then we are replacing Clerk with Supabase Auth next sprint.", {
        createdAt: "2026-04-07T09:44:00.000Z",
        ...read,
      }),
      observation("c2", "Anything left from Clerk in the code?", {
        chatId: 2,
        createdAt: "2026-04-15T10:00:00.000Z",
        ...read,
      }),
      observation(
        "c3",
        "Clerk's pricing jumps past the free tier, and we already pay for Supabase. Does Supabase Auth cover it?",
        {
          createdAt: "2026-04-07T09:40:00.000Z",
          messageId: 0,
          ...read,
        },
      ),
    ];
    const report = reportFor(runState("Why did we leave Clerk?", history), DEFAULT_POLICY);
    const cited = report.findings.flatMap((finding) => finding.candidate_ids);
    expect(cited.indexOf("c3")).toBeGreaterThanOrEqual(0);
    expect(cited.indexOf("c3")).toBeLessThan(cited.indexOf("c2"));
  });
});

describe("a question about the present", () => {
  const history = [
    observation(
      "c1",
      "The footer background is `bg-gray-900` in both themes, with white links and a logo.",
      { chatTitle: "Footer", role: "assistant", createdAt: "2026-01-01T10:00:00.000Z", ...read },
    ),
    observation("c2", "The footer background is `bg-sky-50` in both themes.", {
      chatId: 2,
      chatTitle: "Theme",
      role: "assistant",
      createdAt: "2026-01-05T10:00:00.000Z",
      ...read,
    }),
  ];
  const first = (question: string, config = DEFAULT_POLICY) =>
    reportFor(runState(question, history), config).findings[0]?.candidate_ids[0];

  test("leads with the newest of comparable statements", () => {
    expect(first("What background does the footer have?")).toBe("c1");
    expect(first("What background does the footer have now?")).toBe("c2");
    expect(first("How did we finally style the footer background?")).toBe("c2");
    expect(first("What did we settle on for the footer background?")).toBe("c2");
  });

  test("a newer statement naming no value leads; a newer question does not", () => {
    const later = (text: string) => [
      history[0]!,
      observation("c2", text, {
        chatId: 2,
        chatTitle: "Theme",
        role: "assistant",
        createdAt: "2026-01-05T10:00:00.000Z",
        ...read,
      }),
    ];
    const firstOf = (text: string) =>
      reportFor(runState("What background does the footer have now?", later(text)), DEFAULT_POLICY)
        .findings[0]?.candidate_ids[0];
    expect(
      firstOf("The footer background went back to the mockup's gradient in both themes."),
    ).toBe("c2");
    expect(firstOf("Should the footer background go back to the mockup's gradient?")).toBe("c1");
  });

  test("keeps the ranking's order with the stage off, or for a newer turn off the subject", () => {
    const off = { ...DEFAULT_POLICY, off: new Set(["present" as const]) };
    expect(first("What background does the footer have now?", off)).toBe("c1");
    const later = [
      history[0]!,
      observation("c2", "The header is `bg-sky-50` in both themes, with the footer unchanged.", {
        chatId: 2,
        chatTitle: "Header",
        role: "assistant",
        createdAt: "2026-01-05T10:00:00.000Z",
        ...read,
      }),
    ];
    const report = reportFor(
      runState("What background does the footer have now?", later),
      DEFAULT_POLICY,
    );
    expect(report.findings[0]?.candidate_ids[0]).toBe("c1");
  });
});

describe("advice nobody took up", () => {
  const history = (reply: string | null) => [
    observation("c1", "What should I use to deploy the website, given the database?", {
      chatTitle: "Deploy options",
      ...read,
    }),
    observation(
      "c2",
      "Practical default: Neon for the Postgres database, Vercel to deploy the web app.",
      {
        chatTitle: "Deploy options",
        role: "assistant",
        ...read,
      },
    ),
    ...(reply === null ? [] : [observation("c3", reply, { chatTitle: "Deploy options", ...read })]),
  ];
  const confidence = (reply: string | null) =>
    reportFor(
      runState("Where did we decide to deploy the database?", history(reply)),
      DEFAULT_POLICY,
    ).confidence;

  test("the answer to the person's question is low confidence until they take it up", () => {
    expect(confidence(null)).toBe("low");
    expect(confidence("Great, let's deploy the database on Neon then.")).not.toBe("low");
  });
});

describe("a yes/no question", () => {
  test("the turn that says yes or no about the subject leads, though it names no value", () => {
    const history = [
      observation(
        "c1",
        "Spec: on the next run the Migrator moves all 40 old session records to the new session record format.",
        { role: "assistant", ...read },
      ),
      observation("c2", "we dont need backward compatibility, just migrate the session records", {
        ...read,
      }),
    ];
    const question = "do we need backward compatibility for old session records?";
    const report = reportFor(runState(question, history), DEFAULT_POLICY);
    expect(report.findings[0]?.candidate_ids[0]).toBe("c2");
  });

  test("a word that merely ends in -nt is no answer: another question keeps the value first", () => {
    const history = [
      observation("c1", "The client wants the event sent at the front of the queue.", read),
      observation("c2", "Events go through SQS from now on.", { role: "assistant", ...read }),
    ];
    const report = reportFor(runState("do events use a queue?", history), DEFAULT_POLICY);
    expect(report.findings[0]?.candidate_ids[0]).toBe("c2");
  });
});

describe("bestSentence", () => {
  const text =
    "- **What you observed was *partly* a bug.** The welcome email was firing at signup (alongside the confirmation email), and the confirm link going to **localhost:3000** is a misconfiguration, not intended.";

  test("a sentence ends after closing emphasis, and a long one is cut around what was asked", () => {
    const quote = bestSentence(text, formulate("why does the link go to localhost?"), 80);
    expect(quote.startsWith("…")).toBe(true);
    expect(quote).toContain("localhost:3000");
    expect(quote.length).toBeLessThanOrEqual(80);
    expect(quote).not.toContain("partly");
  });

  test("a long sentence is quoted from its start when its start holds the words asked about", () => {
    // BEAM dev: the old window opened three words before "obtained" and dropped the "never".
    const said =
      "I've never actually obtained an API key for this project, so I'm not sure how to proceed with implementing the weather app and its forecast page.";
    expect(bestSentence(said, formulate("have I obtained an API key?"), 90)).toBe(
      "I've never actually obtained an API key for this project, so I'm not sure how to proceed…",
    );
  });

  test("a long sentence is quoted where it holds the most of the question, each word once", () => {
    const said =
      "We spent the morning on the landing page copy and the footer links, and then in the afternoon we moved the dev server to port 3600 because of the clash.";
    const quote = bestSentence(said, formulate("which port does the dev server use?"), 60);
    expect(quote).toBe("…we moved the dev server to port 3600 because of the clash.");
    expect(quote.length).toBeLessThanOrEqual(60);
  });

  test("for a yes/no question the sentence that says yes or no is quoted", () => {
    const reply =
      "**For PaperBites as it exists today, Django is not a good add-on.** Your stack is Node. " +
      "The plan has a section **Backend architecture: Django vs staying on Fastify** that records this.";
    const question = formulate("should we use Django for the backend?");
    expect(bestSentence(reply, question)).toContain("Backend architecture: Django");
    expect(bestSentence(reply, question, 200, answeringYesNo(question))).toBe(
      "**For PaperBites as it exists today, Django is not a good add-on.**",
    );
    // A question about the subject is no answer to it.
    expect(answeringYesNo(question)("Is Django useful for this project, or not?")).toBe(false);
  });

  test("a yes or no says it about the subject only within a few words of it", () => {
    const still = formulate("do we still need export_codex_session.py?");
    const answers = answeringYesNo(still);
    expect(
      answers("No extra options; the history file is always built from the exported session."),
    ).toBe(false);
    expect(answers("We don't need export_codex_session.py anymore.")).toBe(true);
  });

  test("a heading, an all-bold line or a tool trace yields to a sentence that says something", () => {
    const question = formulate("how large was the nuclear data file we downloaded?");
    const headed = "## Nuclear Data File Download\nThe nuclear data file is 153 MB.";
    expect(bestSentence(headed, question)).toBe("The nuclear data file is 153 MB.");
    const bold = "**Nuclear data file downloaded:**\nThe nuclear data file is 153 MB.";
    expect(bestSentence(bold, question)).toBe("The nuclear data file is 153 MB.");
    const traced =
      "Read file: src/nuclear/downloaded-data-file.ts\n\nThe nuclear data file is 153 MB.";
    expect(bestSentence(traced, question)).toBe("The nuclear data file is 153 MB.");
    // Holding under half the label's weight, the other sentence does not say enough of it.
    expect(bestSentence("## Nuclear Data File Size\nIt is 153 MB.", question)).toBe(
      "## Nuclear Data File Size",
    );
  });

  test("a sentence that only introduces a list is quoted with the list's first item", () => {
    const listed =
      "Done.\nKey pieces:\n- `rules.js` holds the cooldown rules.\n- `ui.js` draws rings.";
    expect(bestSentence(listed, formulate("what are the key pieces?"))).toBe(
      "Key pieces: - `rules.js` holds the cooldown rules.",
    );
    // A longer sentence ending in a colon says something itself and is quoted alone.
    const stated = "The in-review status is now shown in the checkbox as follows:\n- a plus sign.";
    expect(bestSentence(stated, formulate("how is the in-review status shown?"))).toBe(
      "The in-review status is now shown in the checkbox as follows:",
    );
    // The last sentence has nothing after it to add.
    expect(bestSentence("Nothing else.\nOpen pieces:", formulate("open pieces"))).toBe(
      "Open pieces:",
    );
  });
});

describe("claims", () => {
  test("a claim led by the person's question keeps the reply that answers it", () => {
    // One long sentence each: quoted shorter, five of them overflow the 400-character claim.
    const pad =
      ", and we revisit the intake screens and their layout next week with the team".repeat(2);
    const ranked = (id: string, text: string, role: "user" | "assistant") => ({
      observation: observation(id, text, { messageId: Number(id.slice(1)), role, ...read }),
      vector: termVector(text),
      score: 1,
      relevance: 1,
      coverage: 0.5,
    });
    const finding = {
      lead: ranked("c1", `I opened a case by mistake, so what do you propose${pad}?`, "user"),
      prompt: null,
      turns: [
        ranked("c2", `Close it from Intake as Opened in error${pad}.`, "assistant"),
        ranked("c3", `Also show the number in the close dialog${pad}.`, "user"),
        ranked("c4", `The close dialog shows the number now${pad}.`, "assistant"),
        ranked("c5", `Thanks, that dialog looks right${pad}.`, "user"),
      ],
    };
    const claim = claimOf(finding, formulate("what do we do with a case opened by mistake?"), "");
    expect(claim.length).toBeLessThanOrEqual(400);
    expect(claim).toContain("Opened in error");
    expect(claim).toContain("looks right");
  });

  test("the first finding's lead quotes up to 240 characters when its claim has the room", () => {
    const sentence =
      "We keep sessions for the booking service in Redis now, after the March outage showed that the in-process store lost every signed-in user whenever a deploy restarted the pods, and each session lives ninety minutes.";
    const lead = observation("c1", sentence, { role: "assistant", ...read });
    const ranked = (item: typeof lead) => ({
      observation: item,
      vector: termVector(item.text),
      score: 1,
      relevance: 1,
      coverage: 0.5,
    });
    const alone = { lead: ranked(lead), prompt: null, turns: [] };
    const model = formulate("where do we keep sessions for the booking service?");
    // 215 characters: whole within 240, cut to a 120-character window otherwise.
    expect(claimOf(alone, model, "", undefined, 240)).toBe(
      `assistant on 2026-01-01: "${sentence}"`,
    );
    expect(claimOf(alone, model, "")).not.toContain("ninety minutes");
    // Turns that fill the claim leave the lead its usual 120.
    const filler = `Thanks, ${"that all reads well to me and the team today, ".repeat(3)}go on.`;
    const turns = [1, 2, 3].map((n) =>
      ranked(observation(`c${n + 1}`, filler, { messageId: n + 1, ...read })),
    );
    const busy = claimOf({ ...alone, turns }, model, "", undefined, 240);
    expect(busy).not.toContain("ninety minutes");
    expect(busy.length).toBeLessThanOrEqual(400);
  });

  test("only the first finding's claim gets the longer quote", () => {
    const tail =
      ", after the March outage showed that the in-process store lost every signed-in user whenever a deploy restarted the pods.";
    const history = [
      observation("c1", `We keep booking sessions in Redis${tail}`, { chatTitle: "A", ...read }),
      observation("c2", `Booking sessions were in memory at first${tail}`, {
        chatId: 2,
        chatTitle: "B",
        ...read,
      }),
    ];
    const report = reportFor(runState("where are booking sessions kept?", history), DEFAULT_POLICY);
    const claims = report.findings.map((finding) => finding.claim);
    expect(claims).toHaveLength(2);
    expect(claims[0]).toContain("restarted the pods.");
    expect(claims[1]).not.toContain("restarted the pods.");
  });

  test("a claim too long for its bound keeps the last turn that settled it", () => {
    const long = (words: string) => `${words} ${"and more detail on the init command ".repeat(6)}`;
    const history = [
      observation("c1", long("Which prompt library should the init command use?"), {
        messageId: 1,
        ...read,
      }),
      observation("c2", long("For init command prompts I suggest bun-promptx."), {
        messageId: 2,
        role: "assistant",
        ...read,
      }),
      observation("c3", long("Sure, write the init command spec with it."), {
        messageId: 3,
        ...read,
      }),
      observation("c4", long("The init command spec now uses bun-promptx for prompts."), {
        messageId: 4,
        role: "assistant",
        ...read,
      }),
      observation("c5", "no, take clack instead", { messageId: 5, ...read }),
    ];
    const report = reportFor(
      runState("which prompt library for the init command?", history),
      DEFAULT_POLICY,
    );
    const claim = report.findings.find((finding) => finding.candidate_ids.includes("c5"))?.claim;
    expect(claim?.length).toBeLessThanOrEqual(400);
    expect(claim?.endsWith('"no, take clack instead"')).toBe(true);
  });
});
