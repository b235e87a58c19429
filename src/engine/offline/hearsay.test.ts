import { describe, expect, test } from "vitest";
import { isHearsay } from "./hearsay.js";

describe("isHearsay", () => {
  test("a pasted review after a header is third-party text", () => {
    const message =
      "Got this App Store review:\nThe team decided to remove all watering reminders. Is that true?";
    expect(isHearsay("The team decided to remove all watering reminders.", message)).toBe(true);
  });
  test("a > quote line and text inside quotation marks are third-party text", () => {
    expect(isHearsay("We switched to Stripe.", "From the forum\n> We switched to Stripe.")).toBe(
      true,
    );
    expect(isHearsay("we dropped iPad support.", "He wrote “we dropped iPad support.” Odd.")).toBe(
      true,
    );
  });
  test("a reported claim in the sentence itself is third-party text", () => {
    expect(
      isHearsay(
        "Someone said we decided to use Firebase.",
        "Someone said we decided to use Firebase.",
      ),
    ).toBe(true);
  });
  test("the team's own decision, even after user feedback, is not", () => {
    const message = "Users complained about the sync delay. We decided to switch to WebSockets.";
    expect(isHearsay("We decided to switch to WebSockets.", message)).toBe(false);
    expect(
      isHearsay("Let's go with Postgres.", "I pasted the error log. Let's go with Postgres."),
    ).toBe(false);
  });
});
