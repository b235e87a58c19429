/**
 * Test-only builders for the offline policy's unit tests: an {@link Observation} and a
 * {@link RunState} with defaults, and a small authentication history with a superseded decision (chosen in January, reversed in
 * March) plus off-topic noise. Not imported by production code.
 */

import type { Observation, RunState } from "../run-state.js";
import type { FixtureMessage } from "./fixture-history-tools.js";

/** An observation `c<n>` (message id n) with overridable fields. */
export function observation(
  candidateId: string,
  text: string,
  extra: Partial<Observation> = {},
): Observation {
  const n = Number(candidateId.slice(1));
  return {
    candidateId,
    chatId: 1,
    chatTitle: null,
    messageId: n,
    role: "user",
    createdAt: "2026-01-01T00:00:00.000Z",
    text,
    isCompactionSummary: false,
    projectionTruncated: false,
    via: "search",
    ...extra,
  };
}

/**
 * A run three steps in (one search for `question` that ranked every observation in order, then
 * reads), with budget left: where the policy decides what to read next or writes its report.
 * `extra` overrides any field (an earlier step, other searches, another budget).
 */
export function runState(
  question: string,
  observations: readonly Observation[],
  extra: Partial<RunState> = {},
): RunState {
  return {
    question,
    kinds: [],
    currentChatId: null,
    searches: [
      {
        query: question,
        ranked: observations.map((item) => item.candidateId),
        moreMatches: new Map(),
      },
    ],
    readChats: [],
    reads: [],
    observations,
    steps: 3,
    lastStepTools: ["read_chat"],
    toolCallCount: 3,
    callsLeft: 20,
    stepsLeft: 6,
    budgetExhausted: false,
    submitted: false,
    ...extra,
  };
}

/** January: Supabase Auth approved; March: switched to Clerk; February: unrelated styling decision. */
export const AUTH_HISTORY: readonly FixtureMessage[] = [
  {
    chatId: 1,
    chatTitle: "Login setup",
    messageId: 1,
    role: "user",
    createdAt: "2026-01-10T10:00:00.000Z",
    content: "How should we handle authentication for the app?",
  },
  {
    chatId: 1,
    chatTitle: "Login setup",
    messageId: 2,
    role: "assistant",
    createdAt: "2026-01-10T10:01:00.000Z",
    content:
      "Option A: Clerk is the fastest to set up. Option B: Supabase Auth, since we already use Supabase for the database. I recommend Option B.",
  },
  {
    chatId: 1,
    chatTitle: "Login setup",
    messageId: 3,
    role: "user",
    createdAt: "2026-01-10T10:02:00.000Z",
    content: "Yes, go with option B.",
  },
  {
    chatId: 2,
    chatTitle: "Switch auth provider",
    messageId: 10,
    role: "user",
    createdAt: "2026-03-02T09:00:00.000Z",
    content: "Supabase Auth magic links keep failing in Safari. Let's switch to Clerk instead.",
  },
  {
    chatId: 2,
    chatTitle: "Switch auth provider",
    messageId: 11,
    role: "assistant",
    createdAt: "2026-03-02T09:01:00.000Z",
    content:
      "OK. Going forward we will replace Supabase Auth with Clerk; sessions will use JWT tokens.",
  },
  {
    chatId: 3,
    chatTitle: "Styling",
    messageId: 20,
    role: "user",
    createdAt: "2026-02-01T09:00:00.000Z",
    content: "We decided to use Tailwind for styling.",
  },
];

/**
 * A recommendation of Option B (Supabase Auth) as c2 and the user's approval as c3, in chat 1 on
 * 2026-01-10: the approval names the option, the choice sits in the proposal.
 */
export const OPTION_B_APPROVAL = {
  proposal: observation(
    "c2",
    "Option A: Clerk is quick. Option B: Supabase Auth fits our database. I recommend Option B.",
    { role: "assistant", chatId: 1, messageId: 2, createdAt: "2026-01-10T10:01:00.000Z" },
  ),
  approval: observation("c3", "Yes, go with option B.", {
    chatId: 1,
    messageId: 3,
    createdAt: "2026-01-10T10:02:00.000Z",
  }),
} as const;

/**
 * A kickoff chat that names the database only in passing ("we can pick the database … next"),
 * beside two unrelated decisions; with `decided`, a chat titled by the database that states it.
 */
export function passingMentionHistory(decided: boolean): Observation[] {
  const history = [
    observation(
      "c1",
      "Start with the data model (boards, lists, cards, comments), then a single board page. We can pick the database and login approach next; keep the first version simple.",
      { chatTitle: "Project kickoff: MVP scope", role: "assistant", via: "read" },
    ),
    observation("c2", "We'll use Tailwind with shadcn/ui. Keep the brand color teal.", {
      chatId: 2,
      chatTitle: "Styling",
      via: "read",
    }),
    observation("c3", "We're going with Vercel for hosting. Production branch is main.", {
      chatId: 3,
      chatTitle: "Deploying",
      via: "read",
    }),
  ];
  const statement = observation("c4", "Decided: the database is Postgres on Supabase.", {
    chatId: 4,
    chatTitle: "Choosing the database",
    via: "read",
  });
  return decided ? [...history, statement] : history;
}
