/**
 * Evidence strength on small fixtures of our own: which words are probed, how a probe that finds
 * nothing weakens the evidence and turns a report into an abstention, and that a probe's own hit
 * is never ranked or cited.
 */
import { describe, expect, test } from "vitest";
import { decideNextAction, reportFor } from "./decide-next-action.js";
import { evidenceStrength, probeWords } from "./evidence-strength.js";
import { DEFAULT_POLICY } from "./policy-parameters.js";
import { rankEvidence } from "./rank-evidence.js";
import type { RunState, SearchRun } from "./run-state.js";
import { observation, passingMentionHistory, runState } from "./testing/offline-test-fixtures.js";

const QUESTION = "What did we decide about a native Windows desktop app?";
const HISTORY = [
  observation("c1", "Desktop browsers get the web app read-only.", { via: "read" }),
  observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
];

function state(searches: SearchRun[], extra: Partial<RunState> = {}): RunState {
  return runState(QUESTION, HISTORY, {
    searches: [
      { query: "native windows desktop app", ranked: ["c1"], moreMatches: new Map() },
      ...searches,
    ],
    toolCallCount: 4,
    ...extra,
  });
}

const strength = (run: RunState) =>
  evidenceStrength(rankEvidence(run, DEFAULT_POLICY), run.searches, DEFAULT_POLICY.parameters);

/**
 * A run over `history` whose search for `query` ranked its first two messages ("c1", "c2"), then
 * one probe per word of `probes` that found nothing: the app lacks those words.
 */
function probedRun(
  question: string,
  history: Parameters<typeof runState>[1],
  query: string,
  probes: readonly string[],
) {
  return runState(question, history, {
    searches: [
      { query, ranked: ["c1", "c2"], moreMatches: new Map() },
      ...probes.map((word) => ({ query: word, ranked: [], moreMatches: new Map() })),
    ],
    toolCallCount: 2 + probes.length,
  });
}
describe("evidence strength", () => {
  test("probes exactly the subject words no observed message or chat title holds", () => {
    expect(probeWords(rankEvidence(state([]), DEFAULT_POLICY), 4)).toEqual(["native", "windows"]);
    expect(probeWords(rankEvidence(state([]), DEFAULT_POLICY), 1)).toEqual(["native"]);
    const titled = state([], {
      observations: [{ ...(HISTORY[0] as (typeof HISTORY)[0]), chatTitle: "Windows build" }],
    });
    expect(probeWords(rankEvidence(titled, DEFAULT_POLICY), 4)).toEqual(["native"]);
  });

  test("a word held only as the first part of a compound is probed; a truncation is not", () => {
    const probed = (question: string, text: string) =>
      probeWords(
        rankEvidence(
          runState(question, [observation("c1", text, { via: "read" })], {
            searches: [{ query: question, ranked: ["c1"], moreMatches: new Map() }],
          }),
          DEFAULT_POLICY,
        ),
        4,
      );
    // "data" scores for "database", but a history that says "data" never mentions a database.
    expect(probed("which database keeps games?", "Rules keep pure data about games.")).toEqual([
      "database",
    ]);
    expect(probed("which authentication for games?", "Games use auth by email.")).toEqual([]);
    // Nor does one that says "graph" mention GraphQL, a name built on that word.
    expect(
      probed("which graphql server for games?", "The graph shows games won on the server."),
    ).toEqual(["graphql"]);
  });

  test("the expand step sends one one-chat probe search per unseen word", () => {
    const early = state([], { steps: 2, lastStepTools: ["read_chat"] });
    const action = decideNextAction(
      early,
      {
        availableTools: new Set(["search_chats", "read_chat", "submit_report"]),
        toolChoice: { type: "auto" },
      },
      DEFAULT_POLICY,
    );
    const probes =
      action.type === "calls" ? action.calls.filter((c) => c.toolName === "search_chats") : [];
    expect(probes.map((call) => call.input)).toEqual(
      expect.arrayContaining([
        { query: "native", limit: 1 },
        { query: "windows", limit: 1 },
      ]),
    );
  });

  test("a probe that finds nothing subtracts one term's share; a probe with hits does not", () => {
    const unprobed = strength(state([]));
    // The best message holds "desktop" and "app" (of four subject terms) once each.
    expect(unprobed).toBeGreaterThan(0);
    expect(unprobed).toBeLessThan(0.5);
    const emptyProbe = state([{ query: "windows", ranked: [], moreMatches: new Map() }]);
    const probed = strength(emptyProbe);
    expect(probed).toBeCloseTo(unprobed - 0.25, 10);
    const hit = state([{ query: "windows", ranked: ["c2"], moreMatches: new Map() }]);
    expect(strength(hit)).toBe(unprobed);
    // Several absent words count once: they are mostly one paraphrase of the subject.
    const two = state([
      { query: "windows", ranked: [], moreMatches: new Map() },
      { query: "native", ranked: [], moreMatches: new Map() },
    ]);
    expect(strength(two)).toBe(probed);
  });

  test("a term said once counts for less than one the message repeats or its chat title holds", () => {
    const cover = (text: string, chatTitle: string | null) => {
      const ranking = rankEvidence(
        runState("Which database?", [
          observation("c1", text, { chatTitle }),
          observation("c2", "Lunch is at noon today.", { chatId: 2 }),
        ]),
        DEFAULT_POLICY,
      );
      return ranking.messages.find((item) => item.observation.candidateId === "c1")?.coverage;
    };
    const once = cover("We pick the database next week.", null) ?? 1;
    const repeated = cover("The database is Postgres, one database per tenant.", null) ?? 0;
    const titled = cover("We pick the database next week.", "Choosing the database") ?? 0;
    expect(once).toBeLessThan(repeated);
    expect(once).toBeLessThan(titled);
    expect(Math.max(once, repeated, titled)).toBeLessThan(1);
  });

  test("the report abstains once a probe shows the app lacks a subject term", () => {
    expect(reportFor(state([]), DEFAULT_POLICY).findings.length).toBeGreaterThan(0);
    const report = reportFor(
      state([{ query: "windows", ranked: [], moreMatches: new Map() }]),
      DEFAULT_POLICY,
    );
    expect(report.findings).toEqual([]);
    expect(report.confidence).toBe("low");
    // The abstention names the word the app lacks (the person can rephrase), and only that one.
    const named = reportFor(
      state([{ query: "windows", ranked: [], moreMatches: new Map() }]),
      DEFAULT_POLICY,
    );
    expect(named.missing_coverage.join(" ")).toMatch(/\bwindows\b/);
    expect(named.missing_coverage.join(" ")).not.toMatch(/\bnative\b/);
    const ablated = { ...DEFAULT_POLICY, off: new Set(["abstain" as const]) };
    expect(
      reportFor(state([{ query: "windows", ranked: [], moreMatches: new Map() }]), ablated).findings
        .length,
    ).toBe(1);
  });

  test("a process verb of the question frame is no subject word: never probed, never proof of absence", () => {
    // The app says "deployments", never "handle": "how did we handle X?" asks about X.
    const history = [
      observation(
        "c1",
        "Where should we deploy? I want preview deployments for every pull request.",
        {
          via: "read",
        },
      ),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    for (const question of ["How did we handle deployment?", "How did we approach deployment?"]) {
      const run = runState(question, history, {
        searches: [
          { query: "deployment", ranked: ["c1"], moreMatches: new Map() },
          // Even a probe that found the frame word nowhere does not count against the subject.
          { query: question.split(" ")[3] ?? "", ranked: [], moreMatches: new Map() },
        ],
      });
      expect(probeWords(rankEvidence(run, DEFAULT_POLICY), 4)).toEqual([]);
      expect(strength(run)).toBeGreaterThan(0);
      expect(reportFor(run, DEFAULT_POLICY).findings.map((f) => f.candidate_ids)).toEqual([["c1"]]);
    }
  });

  test("a summary request's own word is never probed: the app lacking it proves nothing", () => {
    const history = [
      observation("c1", "Authentication moved from session cookies to Clerk.", { via: "read" }),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    const question = "Can you summarize how our authentication changed?";
    const run = runState(question, history, {
      searches: [
        { query: "summarize authentication changed", ranked: ["c1"], moreMatches: new Map() },
        { query: "summarize", ranked: [], moreMatches: new Map() },
      ],
    });
    expect(probeWords(rankEvidence(run, DEFAULT_POLICY), 4)).not.toContain("summarize");
    const report = reportFor(run, DEFAULT_POLICY);
    expect(report.findings.map((f) => f.candidate_ids)).toEqual([["c1"]]);
    // Nor is it a gap: no message was ever expected to say "summarize".
    expect(report.missing_coverage.join(" ")).not.toMatch(/summarize/);
  });

  test("a message only a probe returned is neither ranked nor cited", () => {
    const probeHit = observation("c9", "Windows installers are signed.", { chatId: 9 });
    const probed = state([{ query: "windows", ranked: ["c9"], moreMatches: new Map() }], {
      observations: [...HISTORY, probeHit],
    });
    const ranked = rankEvidence(probed, DEFAULT_POLICY).messages.map(
      (m) => m.observation.candidateId,
    );
    expect(ranked).toEqual(["c1"]);
    const cited = reportFor(probed, DEFAULT_POLICY).findings.flatMap((f) => f.candidate_ids);
    expect(cited).not.toContain("c9");
  });

  test("a one-term subject is low confidence, named in passing or stated", () => {
    const question = "What did we decide about the database?";
    const passing = reportFor(runState(question, passingMentionHistory(false)), DEFAULT_POLICY);
    expect(passing.findings.map((finding) => finding.candidate_ids)).toEqual([["c1"]]);
    expect(passing.confidence).toBe("low");
    const stated = reportFor(runState(question, passingMentionHistory(true)), DEFAULT_POLICY);
    expect(stated.findings[0]?.candidate_ids).toEqual(["c4"]);
    expect(stated.confidence).toBe("low");
  });

  test("an absent word is a paraphrase when the app holds the rest and the best message is about it", () => {
    const history = [
      observation("c1", "Kafka bills per broker hour, so we are replacing Kafka with NATS.", {
        via: "read",
      }),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    const asked = (question: string, query: string, probes: string[]) =>
      runState(question, history, {
        searches: [
          { query, ranked: ["c1"], moreMatches: new Map() },
          ...probes.map((word) => ({ query: word, ranked: [], moreMatches: new Map() })),
        ],
        toolCallCount: 2 + probes.length,
      });
    const paraphrased = asked("Why did we abandon Kafka?", "abandon kafka", ["abandon"]);
    const report = reportFor(paraphrased, DEFAULT_POLICY);
    expect(report.findings.flatMap((f) => f.candidate_ids)).toEqual(["c1"]);
    expect(strength(paraphrased)).toBeGreaterThan(DEFAULT_POLICY.parameters.abstainStrength);
    // The gap names subjects the app lacks, not the verb the question asks with (gap-words.ts).
    expect(report.missing_coverage.join(" ")).not.toMatch(/\babandon\b/);
    // More absent words than held ones: the question is about something else, and it abstains.
    const elsewhere = asked(
      "Why did we abandon the Kafka ingest queue?",
      "abandon kafka ingest queue",
      ["abandon", "ingest", "queue"],
    );
    expect(reportFor(elsewhere, DEFAULT_POLICY).findings).toEqual([]);
  });

  test("an absent word beside a held one in a noun phrase is no paraphrase", () => {
    // The app never says "dark"; "mode" it says about the build.
    const history = [
      observation("c1", "The build mode is production; mode flags stay in the config.", {
        via: "read",
      }),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    const asked = (question: string, query: string) =>
      runState(question, history, {
        searches: [
          { query, ranked: ["c1"], moreMatches: new Map() },
          { query: "dark", ranked: [], moreMatches: new Map() },
        ],
        toolCallCount: 3,
      });
    expect(
      reportFor(asked("What did we decide about dark mode?", "dark mode"), DEFAULT_POLICY).findings,
    ).toEqual([]);
  });

  test("an absent noun ending a phrase after a held one asks for a kind: its names answer", () => {
    // The app names its logging library (NLog) and never says "library".
    const history = [
      observation("c1", "NLog handles our logging: structured logging to a rolling file.", {
        via: "read",
      }),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    const logging = probedRun("Which logging library do we use?", history, "logging library", [
      "library",
    ]);
    expect(reportFor(logging, DEFAULT_POLICY).findings.flatMap((f) => f.candidate_ids)).toEqual([
      "c1",
    ]);
  });

  test("a yes/no question about a thing the app names only in part abstains ('virus scan')", () => {
    // The app scans container images and stores uploaded documents; it never says "virus".
    const history = [
      observation("c1", "Trivy runs a scan of the container image on every build.", {
        via: "read",
      }),
      observation("c2", "Officers upload documents to a case; files go to local storage.", {
        chatId: 2,
        via: "read",
      }),
    ];
    const asked = (question: string, query: string, probes: string[]) =>
      probedRun(question, history, query, probes);
    const virus = asked(
      "Do we run a virus scan on the documents officers upload?",
      "virus scan documents officers upload",
      ["virus"],
    );
    expect(reportFor(virus, DEFAULT_POLICY).findings).toEqual([]);
    // The thing the app does name is answered.
    const image = asked("Do we run a scan of the container image?", "scan container image", []);
    expect(reportFor(image, DEFAULT_POLICY).findings.flatMap((f) => f.candidate_ids)).toEqual([
      "c1",
    ]);
  });

  test("a question asking which tool builds a thing the app names only in part abstains", () => {
    // The app builds a wheel and a macOS installer; it never says "msi".
    const history = [
      observation("c1", "The release tool builds the installer for macOS and a Python wheel.", {
        via: "read",
      }),
      observation("c2", "Windows users run the CLI from PowerShell.", { chatId: 2, via: "read" }),
    ];
    const msi = probedRun(
      "Which tool did we pick to build the Windows msi installer?",
      history,
      "tool pick build windows msi installer",
      ["msi"],
    );
    expect(reportFor(msi, DEFAULT_POLICY).findings).toEqual([]);
    // Asked without the absent word, the installer the app does build is answered.
    const installer = probedRun(
      "Which tool did we pick to build the installer?",
      history,
      "tool pick build installer",
      [],
    );
    expect(reportFor(installer, DEFAULT_POLICY).findings.length).toBeGreaterThan(0);
  });

  test("asking which database of an app that names none and never says it abstains", () => {
    const history = [
      observation("c1", "The generator writes the generated documents to the output folder.", {
        via: "read",
      }),
      observation("c2", "Documents are stored as Markdown files next to the templates.", {
        chatId: 2,
        via: "read",
      }),
    ];
    const question = "Which database did we pick for storing the generated documents?";
    const run = probedRun(question, history, "database pick storing generated documents", [
      "database",
    ]);
    expect(reportFor(run, DEFAULT_POLICY).findings).toEqual([]);
    // The same words without asking for a name: a gap, not an abstention.
    const what = probedRun(
      "What did we decide about storing the generated documents in a database?",
      history,
      "storing generated documents database",
      ["database"],
    );
    expect(reportFor(what, DEFAULT_POLICY).findings.length).toBeGreaterThan(0);
  });

  test("names are probed first when there are more unseen words than probes", () => {
    const question =
      "Which payment provider did we integrate for premium bookmarks, Stripe or Paddle?";
    const history = [
      observation("c1", "Bookmarks persist and the provider list shows public bookmarks.", {
        via: "read",
      }),
    ];
    const run = runState(question, history, {
      searches: [{ query: question, ranked: ["c1"], moreMatches: new Map() }],
    });
    const ranking = rankEvidence(run, DEFAULT_POLICY);
    // The names the question capitalises, then the rarest words, each rarest first; not
    // "payment" and "integrate", the first two in question order.
    expect(probeWords(ranking, 3, question)).toEqual(["paddle", "stripe", "integrate"]);
    expect(probeWords(ranking, 4)).toEqual(["integrate", "premium", "paddle", "stripe"]);
  });

  test("a question lacking more of its words than it holds, or its only name, abstains", () => {
    const history = [
      observation("c1", "Bookmarks persist and the public page shows public bookmarks.", {
        via: "read",
      }),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    const asked = (question: string, absent: readonly string[]) =>
      runState(question, history, {
        searches: [
          { query: question, ranked: ["c1"], moreMatches: new Map() },
          ...absent.map((word) => ({ query: word, ranked: [], moreMatches: new Map() })),
        ],
        toolCallCount: 1 + absent.length,
      });
    const cited = (run: RunState) => reportFor(run, DEFAULT_POLICY).findings.length;
    // Three of five words absent, names among them: the app never discussed it.
    const never = asked("Which public bookmarks sync with Pinboard or Raindrop?", [
      "sync",
      "pinboard",
      "raindrop",
    ]);
    expect(cited(never)).toBe(0);
    // One name absent, four words held: a gap to name, not proof that nothing answers.
    const held = asked("How do public bookmarks persist on the Pinboard page?", ["pinboard"]);
    expect(cited(held)).toBeGreaterThan(0);
    // The question's only name absent, every word held an everyday one: about something else.
    const everyday = [
      observation("p1", "The public page list shows every public link on the page.", {
        via: "read",
      }),
    ];
    const otherThing = runState(
      "What did we decide about Pinboard for the public page list?",
      everyday,
      {
        searches: [
          { query: "pinboard public page list", ranked: ["p1"], moreMatches: new Map() },
          { query: "pinboard", ranked: [], moreMatches: new Map() },
        ],
        toolCallCount: 2,
      },
    );
    expect(cited(otherThing)).toBe(0);
  });

  test("an absent everyday word is no evidence of absence; an absent rare word still is", () => {
    const history = [
      observation("c1", "Mapbox charges per map load now, so the maps move to MapLibre.", {
        via: "read",
      }),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    // One question shape, two absent words: "stop" (everyday English) and "geofence" (rare).
    const asked = (word: string) =>
      runState(`Why did we ${word} the Mapbox maps?`, history, {
        searches: [
          { query: `${word} mapbox maps`, ranked: ["c1"], moreMatches: new Map() },
          { query: word, ranked: [], moreMatches: new Map() },
        ],
        toolCallCount: 3,
      });
    const cited = (run: RunState, config = DEFAULT_POLICY) =>
      reportFor(run, config).findings.flatMap((f) => f.candidate_ids);
    expect(cited(asked("stop"))).toEqual(["c1"]);
    // "happens" is rarer than "stop" as spelt, but its family ("happened") is everyday English.
    expect(cited(asked("happens"))).toEqual(["c1"]);
    expect(strength(asked("stop"))).toBeGreaterThanOrEqual(
      DEFAULT_POLICY.parameters.abstainStrength,
    );
    expect(cited(asked("geofence"))).toEqual([]);
    expect(strength(asked("geofence"))).toBeLessThan(DEFAULT_POLICY.parameters.abstainStrength);
    // Without the background model (every word rare) the everyday word made it abstain too.
    const everyWordRare = {
      ...DEFAULT_POLICY,
      parameters: { ...DEFAULT_POLICY.parameters, commonWordZipf: Number.POSITIVE_INFINITY },
    };
    expect(cited(asked("stop"), everyWordRare)).toEqual([]);
    // A gap names the rare word the history lacks, never the everyday verb (gap-words.ts).
    expect(reportFor(asked("stop"), DEFAULT_POLICY).missing_coverage).toEqual([]);
    expect(reportFor(asked("geofence"), DEFAULT_POLICY).missing_coverage.join(" ")).toMatch(
      /\bgeofence\b/,
    );
  });

  test("'use' frames the question: turns that only say 'use' are no answer about an absent subject", () => {
    const history = [
      observation("c1", "We'll use Tailwind with shadcn/ui for the styling.", { via: "read" }),
      observation("c2", "Should we use SQLite or Postgres?", { chatId: 2, via: "read" }),
    ];
    const asked = (question: string, query: string, probes: string[]) =>
      probedRun(question, history, query, probes);
    const absent = asked("What do we use for payments?", "payments", ["payments"]);
    expect(reportFor(absent, DEFAULT_POLICY).findings).toEqual([]);
    // The same frame over a subject the history holds still answers from it.
    const held = asked("What do we use for styling?", "styling", []);
    expect(reportFor(held, DEFAULT_POLICY).findings.flatMap((f) => f.candidate_ids)).toEqual([
      "c1",
    ]);
  });

  test("words naming the conversation's own act ('discussed', 'conclude') are never proof of absence", () => {
    const history = [
      observation("c1", "Styling: we'll go with Tailwind and shadcn/ui.", { via: "read" }),
      observation("c2", "Lunch is at noon.", { chatId: 2, via: "read" }),
    ];
    for (const [question, word] of [
      ["What did we conclude about styling?", "conclude"],
      ["What have we discussed about styling?", "discussed"],
    ] as const) {
      const run = runState(question, history, {
        searches: [
          { query: `${word} styling`, ranked: ["c1"], moreMatches: new Map() },
          { query: word, ranked: [], moreMatches: new Map() },
        ],
        toolCallCount: 3,
      });
      expect(probeWords(rankEvidence(run, DEFAULT_POLICY), 4)).toEqual([]);
      expect(reportFor(run, DEFAULT_POLICY).findings.flatMap((f) => f.candidate_ids)).toEqual([
        "c1",
      ]);
    }
  });
});
