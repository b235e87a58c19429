import { describe, expect, test } from "vitest";
import { extractChoice, findDecisionCue, splitSentences } from "./detect-decisions.js";

const AUTH = [
  "Clerk",
  "Supabase Auth",
  "Supabase",
  "JWT",
  "NextAuth",
  "Firebase Auth",
  "Postgres",
  "MongoDB",
  "Vercel",
  "Zustand",
];

function read(sentence: string) {
  const cue = findDecisionCue(sentence);
  return cue ? { kind: cue.kind, ...extractChoice(sentence, cue, AUTH) } : null;
}

describe("findDecisionCue + extractChoice", () => {
  test.each([
    ["Let's switch to Clerk instead.", { kind: "reversal", chosen: "Clerk", rejected: null }],
    [
      "Going forward we will replace Supabase Auth with Clerk; sessions will use JWT tokens.",
      { kind: "reversal", chosen: "Clerk", rejected: "Supabase Auth" },
    ],
    ["Switch from NextAuth to Clerk.", { kind: "reversal", chosen: "Clerk", rejected: "NextAuth" }],
    [
      "We no longer use Firebase Auth.",
      { kind: "reversal", chosen: null, rejected: "Firebase Auth" },
    ],
    [
      "We decided to use Postgres instead of MongoDB.",
      { kind: "decision", chosen: "Postgres", rejected: "MongoDB" },
    ],
    ["Let's go with Vercel for hosting.", { kind: "decision", chosen: "Vercel", rejected: null }],
    ["We'll use Zustand for state.", { kind: "decision", chosen: "Zustand", rejected: null }],
    ["Going forward, all sessions use JWT.", { kind: "decision", chosen: "JWT", rejected: null }],
    [
      "I recommend Option B: Supabase Auth.",
      { kind: "recommendation", chosen: "Supabase Auth", rejected: null },
    ],
    ["Yes, go with option B.", { kind: "approval", chosen: null, rejected: null }],
    ["ok let's do that", { kind: "approval", chosen: null, rejected: null }],
    ["Option B please", { kind: "approval", chosen: null, rejected: null }],
    // Completion and current state: the newest word on a choice.
    [
      "Authentication now runs entirely on Supabase Auth; login is covered by tests.",
      { kind: "completion", chosen: "Supabase Auth", rejected: null },
    ],
    ["We now use Clerk for sign-in.", { kind: "completion", chosen: "Clerk", rejected: null }],
    ["The Vercel deployment is live.", { kind: "completion", chosen: "Vercel", rejected: null }],
    [
      "We completed the Postgres migration last night.",
      { kind: "completion", chosen: "Postgres", rejected: null },
    ],
    ["The switch to Zustand is done.", { kind: "reversal", chosen: "Zustand", rejected: null }],
  ])("%s", (sentence, expected) => {
    expect(read(sentence)).toEqual(expected);
  });

  test("migration phrasing chooses the target after into/to", () => {
    const sentence =
      "Plan: export Clerk users, import them into Supabase Auth, then enable row level security.";
    const cue = findDecisionCue(sentence);
    expect(cue?.kind).toBe("decision");
    expect(cue && extractChoice(sentence, cue, ["Clerk", "Supabase Auth"])).toEqual({
      chosen: "Supabase Auth",
      rejected: "Clerk",
    });
  });

  test("plain discussion has no cue", () => {
    expect(findDecisionCue("The login page is broken on Safari.")).toBeNull();
    expect(findDecisionCue("How should we handle authentication?")).toBeNull();
  });

  test("the longer entity wins at the same position", () => {
    const sentence = "Let's use Supabase Auth.";
    const cue = findDecisionCue(sentence);
    expect(cue && extractChoice(sentence, cue, ["Supabase", "Supabase Auth"])).toEqual({
      chosen: "Supabase Auth",
      rejected: null,
    });
  });
});

describe("splitSentences", () => {
  test("splits on sentence ends and lines, stripping list and quote markers", () => {
    expect(
      splitSentences("Hello there. This is it!\n- bullet one\n1. numbered\n> quoted? yes"),
    ).toEqual(["Hello there.", "This is it!", "bullet one", "numbered", "quoted?", "yes"]);
  });
  test("caps each sentence at 400 chars", () => {
    expect(splitSentences("x".repeat(500))[0]).toHaveLength(400);
  });
});
