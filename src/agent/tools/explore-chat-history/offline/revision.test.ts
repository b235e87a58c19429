/**
 * An established revision (revision.ts) on sentences of our own: a turn away from a value the
 * older states is one; agreement, adoption, restatement and a generic "instead" are not.
 */
import { describe, expect, test } from "vitest";
import {
  correctsEarlier,
  establishesRevision,
  rejectionSentence,
  turnedAwayFrom,
  valuesOf,
} from "./revision.js";
import { observation } from "./testing/offline-test-fixtures.js";

const older = (text: string, role: "user" | "assistant" = "user") =>
  observation("c1", text, { role, createdAt: "2026-03-01T00:00:00.000Z" });
const newer = (text: string, role: "user" | "assistant" = "user") =>
  observation("c2", text, { role, createdAt: "2026-03-02T00:00:00.000Z" });

describe("valuesOf", () => {
  test("a hex colour, a number and a digit-led token are values; words are not", () => {
    expect([
      ...valuesOf("Still incorrect. The header background should be #090D22\nprimary #fff"),
    ]).toEqual(["#090D22", "#fff"]);
    expect([...valuesOf("run it on port 3600 with 2.5x the 3rd worker")]).toEqual([
      "3600",
      "2.5x",
      "3rd",
    ]);
  });
});

describe("turnedAwayFrom", () => {
  test("reads the object of a turn-away clause up to its conjunction", () => {
    expect(
      turnedAwayFrom("I'll start by removing the Plausible script and then set up PostHog."),
    ).toEqual(new Set(["plausible"]));
    expect(turnedAwayFrom("Not Inquirer. Use @clack/prompts instead.")).toEqual(
      new Set(["inquirer"]),
    );
    expect(
      turnedAwayFrom("We are moving the API database off SQLite: Postgres from now on."),
    ).toEqual(new Set(["sqlite"]));
  });

  test("what a thing does ('which removes the record') is no turn away; a change is", () => {
    expect(
      turnedAwayFrom(
        "add a `session delete` command, which removes the record from the session db",
      ),
    ).toEqual(new Set());
    expect(turnedAwayFrom("The new flag drops Redis and replaces Memcached.")).toEqual(new Set());
    expect(turnedAwayFrom("Remove the record from the session db.")).toEqual(new Set(["db"]));
  });

  test("a sentence reporting a bug turns away from nothing; the next sentence may", () => {
    const report =
      "The issue is that I'm still using `playerData` instead of the backend's `totalGames`.";
    expect(turnedAwayFrom(report)).toEqual(new Set());
    expect(turnedAwayFrom("Fixed. We now use `totalGames` instead of `playerData`.")).toEqual(
      new Set(["playerdata"]),
    );
    expect(turnedAwayFrom(`${report} Fix: use totalGames instead of playerData.`)).toEqual(
      new Set(["playerdata"]),
    );
  });

  test("'not used to' is an idiom, not a turn away", () => {
    expect(turnedAwayFrom("You're not used to declining meetings.")).toEqual(new Set());
  });
});

describe("establishesRevision", () => {
  test("a tool's slash command is no turn-away; what follows it is read", () => {
    // aider's "/drop" takes files out of the chat's context; nothing was decided against them.
    const model = older(
      "I'll update the Product model to schema.org camelCase and add the CRUD endpoints to CatalogController.",
      "assistant",
    );
    const drop = newer("/drop Controllers\\CatalogController.cs Models\\Product.cs");
    expect(establishesRevision(model, drop)).toBe(false);
    const prompts = older("The init command asks with Inquirer for now.", "assistant");
    expect(establishesRevision(prompts, newer("/code drop Inquirer and use Clack"))).toBe(true);
  });

  test("a turn away from the value the older states, toward another, is a revision", () => {
    expect(
      establishesRevision(
        older("For interactive prompts I suggest Inquirer.", "assistant"),
        newer("Not Inquirer. Use @clack/prompts for the prompts instead."),
      ),
    ).toBe(true);
  });

  test("a phrase of everyday words the older states word for word is a value", () => {
    expect(
      establishesRevision(
        older("Let's go with session cookies for authentication then."),
        newer("Decision: we're switching authentication from session cookies to Clerk."),
      ),
    ).toBe(true);
  });

  test("two turns that both turn away from one value agree", () => {
    expect(
      establishesRevision(
        older("I'm not planning on using Plausible. Set up PostHog instead."),
        newer("Understood. We'll use PostHog instead of Plausible.", "assistant"),
      ),
    ).toBe(false);
  });

  test("a thing the older says does not exist is no value it states, so 'instead of' it agrees", () => {
    expect(turnedAwayFrom("Base UI components, so `asChild` doesn't exist here.")).toEqual(
      new Set(["aschild"]),
    );
    expect(
      establishesRevision(
        older(
          "The registry installed Base UI components (not Radix), so `asChild` doesn't exist; Base UI uses a render prop.",
          "assistant",
        ),
        newer(
          "It's Base UI, not Radix, so I'll style links with `buttonVariants` instead of `asChild`.",
          "assistant",
        ),
      ),
    ).toBe(false);
  });

  test("an older turn already heading where the newer goes is adopted, not revised", () => {
    expect(
      establishesRevision(
        older("Plan: export Clerk users, import them into Supabase Auth.", "assistant"),
        newer("Removed the Clerk packages. Auth now runs on Supabase Auth.", "assistant"),
      ),
    ).toBe(false);
  });

  test("a restated value with no turn away, a question and a pasted copy are no revision", () => {
    const stated = older("The nightly backup runs at 2:00 on the staging box.");
    expect(establishesRevision(stated, newer("The nightly backup runs at 3:00 now."))).toBe(false);
    expect(establishesRevision(stated, newer("Could we drop the 2:00 backup?"))).toBe(false);
    const prompt = "Use Supabase Auth, not Clerk.";
    expect(establishesRevision(older(prompt), newer(prompt))).toBe(false);
  });

  test("an 'instead' about something the older never states is no revision", () => {
    expect(
      establishesRevision(
        older("Decision: deploy the web app on Vercel."),
        newer("Let's use a grid instead of flexbox for the footer."),
      ),
    ).toBe(false);
  });
});

describe("correctsEarlier", () => {
  const said = (text: string, role: "user" | "assistant" = "assistant", chatId = 1) =>
    observation("c1", text, { role, chatId, createdAt: "2026-03-01T00:00:00.000Z" });
  const later = (text: string, role: "user" | "assistant" = "assistant", chatId = 1) =>
    observation("c2", text, { role, chatId, createdAt: "2026-03-01T00:05:00.000Z" });
  const diagnosis = said("The issue is clear - the database file is missing from public/.");

  test("a later diagnosis that takes back the earlier one in the same chat", () => {
    expect(
      correctsEarlier(
        diagnosis,
        later("The error persists because the cache is corrupted, not because a file is missing."),
      ),
    ).toBe(true);
    expect(correctsEarlier(diagnosis, later("It seems my previous fix wasn't complete."))).toBe(
      true,
    );
    expect(correctsEarlier(diagnosis, later("The real issue is a stale IndexedDB cache."))).toBe(
      true,
    );
  });

  test("agreement, another chat, a person's turn or a cue past the lead are not", () => {
    expect(correctsEarlier(diagnosis, later("You're absolutely right! I apologize."))).toBe(false);
    expect(correctsEarlier(diagnosis, later("The real issue is the cache.", "assistant", 2))).toBe(
      false,
    );
    expect(correctsEarlier(diagnosis, later("The real issue is the cache.", "user"))).toBe(false);
    expect(
      correctsEarlier(said("Is the file missing?"), later("The real issue is the cache.")),
    ).toBe(false);
    expect(
      correctsEarlier(diagnosis, later(`${"Reading the logs. ".repeat(20)}The real issue is X.`)),
    ).toBe(false);
  });
});

describe("rejectionSentence", () => {
  test("a person saying the answer did not hold, in the words people use", () => {
    expect(rejectionSentence("Thanks. The drag and drop doesn't seem to be working.")).toBe(
      " The drag and drop doesn't seem to be working",
    );
    expect(rejectionSentence("That fix didn't work, the nav is still doubled")).toBe(
      "That fix didn't work, the nav is still doubled",
    );
    expect(rejectionSentence("The drag and drop works now, thanks!")).toBeNull();
  });
});
