import { describe, expect, it } from "vitest";
import { CUT_MARK, focusWindow } from "./focus-window.js";

/** `count` sentences of everyday narration, about 60 chars each. */
const filler = (count: number, word = "task") =>
  Array.from(
    { length: count },
    (_, i) => `Step ${i}: I checked the ${word} list and moved on.`,
  ).join("\n");

const pick =
  "Based on the research, I recommend using MailerLite for this implementation due to its clean REST API.";

describe("focusWindow", () => {
  it("returns a text that fits the bound whole, focus or not", () => {
    expect(focusWindow("Short reply about MailerLite.", "mailerlite", 100)).toEqual({
      text: "Short reply about MailerLite.",
      truncated: false,
    });
  });

  it("shows the stretch naming a focus name the head lacks, marked as cut at both ends", () => {
    const text = `${filler(60)}\n${pick}\n${filler(60)}`;
    const { text: shown, truncated } = focusWindow(text, "pick mailerlite mailing list", 600);
    expect(truncated).toBe(true);
    expect(shown.startsWith(CUT_MARK)).toBe(true);
    expect(shown.endsWith(CUT_MARK)).toBe(true);
    expect(shown).toContain(pick);
    expect(shown.length).toBeLessThanOrEqual(600);
    // The lead-in before the pick is shown too, not only what follows it.
    expect(shown.indexOf(pick)).toBeGreaterThan(100);
  });

  it("keeps the head when the focus words further in are everyday ones", () => {
    const text = `Yes, we can push to your fork.\n${filler(60)}\nMaintainers review the work when available.`;
    expect(focusWindow(text, "maintainers work", 600)).toEqual(focusWindow(text, "", 600));
    expect(focusWindow(text, "maintainers work", 600).text.startsWith("Yes, we can push")).toBe(
      true,
    );
  });

  it("keeps the head when the name occurs further in only inside a code identifier", () => {
    const text = `${filler(60)}\nSet SENTRY_AUTH_TOKEN in the project settings.`;
    expect(focusWindow(text, "auth", 600).text.startsWith("Step 0")).toBe(true);
  });

  it("keeps the head when it already holds the name", () => {
    const text = `We picked MailerLite.\n${filler(60)}\n${pick}`;
    expect(focusWindow(text, "mailerlite", 600).text.startsWith("We picked MailerLite.")).toBe(
      true,
    );
  });

  it("keeps the head when it holds one of the focus names, though a later stretch holds another", () => {
    // Kind names are alternatives ("posthog plausible vercel"): a head naming one is on the subject.
    const head = "We'll use PostHog for analytics instead of Plausible.";
    const later = "Switched the analytics from Plausible to PostHog; Vercel Analytics stays off.";
    const text = `${head}\n${filler(60)}\n${later}`;
    expect(focusWindow(text, "analytics vercel plausible posthog", 600).text.startsWith(head)).toBe(
      true,
    );
  });
});
