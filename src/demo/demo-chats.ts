/**
 * The built-in demo history: one fictional app, "Tasktide" (a small team task board), with eleven
 * chats over four months. Authentication was decided three times — cookie sessions (January),
 * Clerk (February), Supabase Auth (April) — so a vague question has a real reversal to surface.
 * The rest covers the database, deployment and styling, plus unrelated noise. Written for this
 * project; every name and date is fictional.
 */

/** The demo app's name. */
export const DEMO_APP_NAME = "Tasktide";

/** One demo chat: a stable key, a title and `[role, text, ISO time]` turns. */
export interface DemoChat {
  readonly key: string;
  readonly title: string;
  readonly messages: ReadonlyArray<readonly ["user" | "assistant", string, string]>;
}

/** The chats, oldest first. */
export const DEMO_CHATS: readonly DemoChat[] = [
  {
    key: "kickoff",
    title: "Project kickoff: Tasktide MVP scope",
    messages: [
      [
        "user",
        "I'm building Tasktide, a task board for small teams. MVP: boards, cards, due dates, comments. Next.js app router. Where do we start?",
        "2026-01-06T09:12:00Z",
      ],
      [
        "assistant",
        "Start with the data model (boards, lists, cards, comments), then a single board page. We can pick the database and login approach next; keep the first version simple.",
        "2026-01-06T09:13:10Z",
      ],
    ],
  },
  {
    key: "database",
    title: "Choosing the database",
    messages: [
      ["user", "Should we use SQLite or Postgres for Tasktide?", "2026-01-08T14:02:00Z"],
      [
        "assistant",
        "For a multi-user web app I'd pick Postgres. A hosted option like Supabase gives you Postgres plus backups, and Drizzle ORM keeps the schema in TypeScript.",
        "2026-01-08T14:03:30Z",
      ],
      [
        "user",
        "OK, decided: Postgres on Supabase with Drizzle for migrations.",
        "2026-01-08T14:05:00Z",
      ],
      [
        "assistant",
        "Done. I added drizzle.config.ts and the first migration for boards, lists and cards.",
        "2026-01-08T14:07:45Z",
      ],
    ],
  },
  {
    key: "auth-sessions",
    title: "Login with cookie sessions",
    messages: [
      [
        "user",
        "We need login. Email + password is fine for now. What's the simplest authentication?",
        "2026-01-14T10:20:00Z",
      ],
      [
        "assistant",
        "The simplest is server-side session cookies: hash passwords with argon2, store sessions in a sessions table, and set an httpOnly cookie. No third-party service needed.",
        "2026-01-14T10:21:40Z",
      ],
      ["user", "Let's go with session cookies for authentication then.", "2026-01-14T10:23:00Z"],
      [
        "assistant",
        "Implemented: /login and /signup routes, a sessions table with 30-day expiry, and middleware that loads the user from the session cookie.",
        "2026-01-14T10:31:15Z",
      ],
    ],
  },
  {
    key: "styling",
    title: "Styling: Tailwind and shadcn/ui",
    messages: [
      ["user", "The board looks rough. Tailwind or CSS modules?", "2026-01-20T16:40:00Z"],
      [
        "assistant",
        "Tailwind with shadcn/ui components fits a dashboard-style app well: consistent spacing, accessible dialogs and menus out of the box.",
        "2026-01-20T16:41:20Z",
      ],
      [
        "user",
        "We'll use Tailwind with shadcn/ui. Please keep the brand color teal.",
        "2026-01-20T16:43:00Z",
      ],
    ],
  },
  {
    key: "auth-clerk",
    title: "Switch authentication to Clerk",
    messages: [
      [
        "user",
        "Password resets and Google sign-in are eating my week. Maintaining our own session auth is too much. Should we switch?",
        "2026-02-11T11:05:00Z",
      ],
      [
        "assistant",
        "A hosted provider would remove that work. Clerk gives you Google and email sign-in, password reset and prebuilt components, and works well with Next.js middleware.",
        "2026-02-11T11:06:30Z",
      ],
      [
        "user",
        "Decision: we're switching authentication from session cookies to Clerk. Remove the sessions table.",
        "2026-02-11T11:08:00Z",
      ],
      [
        "assistant",
        "Switched to Clerk: added ClerkProvider, replaced the session middleware with clerkMiddleware, and dropped the sessions table in a migration.",
        "2026-02-11T11:20:10Z",
      ],
    ],
  },
  {
    key: "date-bug",
    title: "Due date off by one day",
    messages: [
      [
        "user",
        "Cards due on March 3 show March 2 for users in California.",
        "2026-02-19T08:15:00Z",
      ],
      [
        "assistant",
        "The due date is stored as a UTC midnight timestamp and rendered in local time. Store due dates as plain dates (YYYY-MM-DD) instead; I changed the column to a date type.",
        "2026-02-19T08:17:50Z",
      ],
    ],
  },
  {
    key: "deploy",
    title: "Deploying to Vercel",
    messages: [
      [
        "user",
        "Where should we deploy? I want preview deployments for every pull request.",
        "2026-03-02T13:00:00Z",
      ],
      [
        "assistant",
        "Vercel fits a Next.js app: preview deployments per pull request, and environment variables per environment.",
        "2026-03-02T13:01:10Z",
      ],
      [
        "user",
        "We're going with Vercel for hosting. Production branch is main.",
        "2026-03-02T13:02:30Z",
      ],
    ],
  },
  {
    key: "pricing-copy",
    title: "Landing page copy",
    messages: [
      ["user", "Write a headline for the landing page.", "2026-03-10T17:30:00Z"],
      [
        "assistant",
        '"Tasktide: every task, right on time." Subhead: "Boards your whole team actually keeps up to date."',
        "2026-03-10T17:30:40Z",
      ],
    ],
  },
  {
    key: "auth-cost",
    title: "Clerk cost and Supabase Auth",
    messages: [
      [
        "user",
        "Clerk's pricing jumps once we pass the free tier, and we already pay for Supabase. Does Supabase Auth cover what we need?",
        "2026-04-07T09:40:00Z",
      ],
      [
        "assistant",
        "Yes: Supabase Auth supports email, magic links and Google OAuth, and its user ids work directly with row level security on our Postgres tables.",
        "2026-04-07T09:41:55Z",
      ],
      [
        "user",
        "Then we're replacing Clerk with Supabase Auth. Plan the migration, keep existing users.",
        "2026-04-07T09:44:00Z",
      ],
      [
        "assistant",
        "Plan: export Clerk users, import them into Supabase Auth, swap clerkMiddleware for the Supabase SSR helpers, then enable row level security on boards and cards.",
        "2026-04-07T09:47:20Z",
      ],
    ],
  },
  {
    key: "auth-done",
    title: "Supabase Auth migration done",
    messages: [
      ["user", "Users are migrated. Anything left from Clerk?", "2026-04-15T15:10:00Z"],
      [
        "assistant",
        "Removed the Clerk packages and keys. Authentication now runs entirely on Supabase Auth; login, signup and Google sign-in are covered by tests.",
        "2026-04-15T15:12:30Z",
      ],
    ],
  },
  {
    key: "csv-export",
    title: "Export board as CSV",
    messages: [
      ["user", "Can users export a board to CSV?", "2026-04-22T10:00:00Z"],
      [
        "assistant",
        "Added an Export button that streams cards as CSV with title, list, assignee and due date columns.",
        "2026-04-22T10:02:10Z",
      ],
    ],
  },
];
