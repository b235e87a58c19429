/**
 * Kind names in searchChats (kind-names.ts), over a real store and FTS5 index: a query that asks
 * about a kind of thing gets the things of that kind this app's history names, most mentioned
 * first, never another app's or the current chat's, and none when the query names one already.
 */
import { describe, expect, it } from "vitest";
import {
  createHistoryFixture,
  type HistoryFixture,
  indexFixture,
} from "../testing/history-fixture.js";
import { isTechnologyWord, kindsAsked } from "./kind-names.js";
import { searchChats } from "./search-chats.js";

async function kinds(
  fixture: HistoryFixture,
  appId: number,
  query: string,
  currentChatId: number | null = null,
) {
  const result = await searchChats(
    { store: fixture.store, appId, currentChatId, currentMessageId: null },
    { query },
  );
  return result.kinds ?? [];
}

describe("kind names in searchChats", () => {
  it("names the auth providers the app discusses for a question about logging in", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Accounts", 1_000);
    fixture.message(chat, "user", "Hosted options: Clerk or Auth0?");
    fixture.message(chat, "assistant", "Clerk has prebuilt components; Auth0 costs more.");
    fixture.message(chat, "user", "Then Clerk, with magic links.");
    await indexFixture(fixture);
    expect(await kinds(fixture, app, "people login")).toEqual([
      { kind: "authentication", from: "login", names: ["clerk", "auth0"] },
    ]);
  });

  it("never names a technology whose stem is an everyday word the history holds ('what kind of' is not Kinde)", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Signup", 1_000);
    fixture.message(chat, "user", "What kind of papers does a new user follow after login?");
    fixture.message(chat, "assistant", "Login stays on email and password, with Clerk later.");
    await indexFixture(fixture);
    expect(await kinds(fixture, app, "people login")).toEqual([
      { kind: "authentication", from: "login", names: ["clerk"] },
    ]);
  });

  it("never names a platform by an everyday word for its product of the kind ('Google Pay' is not 'Google')", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Feed", 1_000);
    fixture.message(chat, "user", "Link each paper to its Google Scholar page.");
    fixture.message(chat, "assistant", "Done; Supabase Auth guards the saved list, Stripe bills.");
    await indexFixture(fixture);
    expect(await kinds(fixture, app, "which payment provider")).toEqual([
      { kind: "payments", from: "payment", names: ["stripe"] },
    ]);
    expect(await kinds(fixture, app, "how do people log in")).toEqual([
      { kind: "authentication", from: "login", names: ["supabase"] },
    ]);
  });

  it("needs both words of a two-word cue: 'data live', not 'data'", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Storage", 1_000);
    fixture.message(chat, "user", "Everything goes into Postgres on Neon.");
    await indexFixture(fixture);
    expect(await kinds(fixture, app, "where does the data live")).toEqual([
      { kind: "database", from: "data live", names: ["neon", "postgres"] },
    ]);
    expect(await kinds(fixture, app, "chart data")).toEqual([]);
  });

  it("names the developer tooling of a kind: runtime, web framework, CI", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, "Setup", 1_000);
    fixture.message(chat, "user", "Initialize a Bun TypeScript project with Remix.");
    fixture.message(chat, "assistant", "Done; CircleCI runs the tests on every push.");
    // FastAPI is no framework of the taxonomy's: it is one of the names added to it.
    fixture.message(chat, "user", "The API server runs on FastAPI.");
    await indexFixture(fixture);
    expect(await kinds(fixture, app, "which runtime do we use")).toEqual([
      { kind: "runtime", from: "runtime", names: ["bun"] },
    ]);
    expect(await kinds(fixture, app, "which web framework did we scaffold with")).toEqual([
      { kind: "framework", from: "framework", names: ["fastapi", "remix"] },
    ]);
    // An added name is a technology like the taxonomy's: a query naming it asks about no kind.
    expect(isTechnologyWord("fastapi")).toBe(true);
    expect(kindsAsked(["which", "framework", "fastapi", "or", "flask"])).toEqual([]);
    expect(await kinds(fixture, app, "what did we decide about ci")).toEqual([
      { kind: "CI", from: "ci", names: ["circleci"] },
    ]);
  });

  it("asks about test tooling only by a two-word cue: 'test runner', not 'test screenshots'", () => {
    expect(kindsAsked(["which", "test", "runner"])).toEqual([
      { kind: "test tooling", cue: "test runner" },
    ]);
    expect(kindsAsked(["where", "test", "screenshots", "live"])).toEqual([]);
  });

  it("never names another app's or the current chat's technologies", async () => {
    using fixture = createHistoryFixture();
    const mine = fixture.app("mine");
    const other = fixture.app("other");
    fixture.message(fixture.chat(other, "Email", 1_000), "user", "We send email with Resend.");
    const current = fixture.chat(mine, "Now", 2_000);
    fixture.message(current, "user", "Maybe Postmark for email?");
    await indexFixture(fixture);
    expect(await kinds(fixture, mine, "what do we use for email", current)).toEqual([]);
  });

  it("names nothing when the query already names a technology", () => {
    expect(kindsAsked(["stripe", "billing"])).toEqual([]);
    expect(kindsAsked(["billing"])).toEqual([{ kind: "payments", cue: "billing" }]);
    expect(kindsAsked(["ui", "component", "library", "pick"])).toEqual([
      { kind: "UI library", cue: "ui library" },
    ]);
    // A dictionary word late in a product's name is generic: "web" and "app" name nothing.
    expect(kindsAsked(["web", "app", "run", "production"])).toEqual([
      { kind: "hosting", cue: "run production" },
    ]);
    // "log in" is asked as "login"; "pre-production" alone asks about no host.
    expect(kindsAsked(["how", "people", "log", "in"])).toEqual([
      { kind: "authentication", cue: "login" },
    ]);
    expect(kindsAsked(["pre", "production", "environment"])).toEqual([]);
  });
});
