/**
 * Failures a person can see and recover from, in real Chromium against `recollect serve` with the
 * scripted Engine: a turn whose model answers HTTP 500 keeps its question, says what failed and
 * retries; a server that cannot be reached keeps the draft; a server that goes away mid-turn keeps
 * the question and the card on screen.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type Harness, screenshot, seriousViolations, startHarness } from "./harness.js";

const QUESTION = "Which payment provider did we pick?";

let harness: Harness;
let page: Page;

beforeAll(async () => {
  harness = await startHarness();
  page = await harness.newPage();
});
afterAll(async () => {
  await harness?.close();
});

/** The composer's text. */
const draft = () => page.getByLabel("Message").inputValue();

/**
 * Sends `question` while the server answers the turn with `frames` as its whole event stream and
 * every later request under /api/apps fails as if the server had gone away.
 */
async function askAsServerGoes(question: string, frames: readonly object[]): Promise<void> {
  await page.route("**/api/chats/*/turns", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/event-stream",
      body: frames.map((frame) => `data: ${JSON.stringify(frame)}\n\n`).join(""),
    }),
  );
  await page.route("**/api/apps/**", (route) => route.abort("connectionrefused"));
  const input = page.getByLabel("Message");
  await input.fill(question);
  await input.press("Enter");
}

/** A stored message (one the server returned, not the live turn) showing `text`. */
const stored = (text: string) =>
  page.locator(".messages article[data-message-id]", { hasText: text });

describe("a turn that fails", () => {
  it("keeps the question, names the failure in the person's words, and Retry asks again", async () => {
    harness.setScenario({
      query: QUESTION,
      explorer: [],
      answer: "unused",
      primaryCall: { type: "http-error", status: 500, message: "model down" },
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    const failure = page.locator(".turn-failure");
    await failure.waitFor({ timeout: 30_000 });
    expect(await failure.getAttribute("data-error-kind")).toBe("provider");
    expect(await failure.getAttribute("role")).toBe("alert");
    expect(await failure.locator(".notice-title").textContent()).toBe("No answer");
    expect(await failure.textContent()).toContain(
      "The Engine did not answer as expected. Try again in a moment.",
    );
    expect(await page.locator(".message-user .message-body").allTextContents()).toEqual([QUESTION]);
    expect(await draft()).toBe("");
    await screenshot(page, "turn-failed");
    expect(await seriousViolations(page)).toEqual([]);

    harness.setScenario({
      query: QUESTION,
      explorer: [],
      answer: "unused",
      primaryCall: { type: "text", text: "We picked Stripe." },
    });
    await failure.getByRole("button", { name: "Retry" }).click();
    await page.locator(".message-assistant", { hasText: "We picked Stripe." }).waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();
    expect(await page.locator(".turn-failure").count()).toBe(0);
    // The failed turn stays in the chat, answered by Recollect's note of what failed.
    await page.reload();
    await page.locator(".message-assistant", { hasText: "We picked Stripe." }).waitFor();
    expect(await page.locator(".message .message-body").allTextContents()).toEqual([
      QUESTION,
      expect.stringMatching(/^No answer: /),
      QUESTION,
      "We picked Stripe.",
    ]);
  });

  it("keeps the draft when the server cannot be reached", async () => {
    // The chat of the test above is open; the server is now unreachable for a new turn.
    await page.route("**/api/chats/*/turns", (route) => route.abort("connectionrefused"));
    const input = page.getByLabel("Message");
    await input.fill("A draft that must survive");
    await input.press("Enter");
    const notSent = page.locator("[data-error=not-sent]");
    await notSent.waitFor();
    expect(await notSent.textContent()).toBe(
      "Your message was not sent: The Recollect server could not be reached. Is recollect serve still running? It is still in the box below.",
    );
    expect(await draft()).toBe("A draft that must survive");
    // Nothing of it is shown as sent.
    expect(await page.locator(".messages").getByText("A draft that must survive").count()).toBe(0);
    await page.unroute("**/api/chats/*/turns");

    // A new chat's first message: creating the chat fails, and the draft stays too.
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}`);
    await page.route("**/api/apps/*/chats", (route) =>
      route.request().method() === "POST" ? route.abort("connectionrefused") : route.fallback(),
    );
    await input.fill("Another draft");
    await input.press("Enter");
    await notSent.waitFor();
    expect(await draft()).toBe("Another draft");
    await page.unroute("**/api/apps/*/chats");
  });

  it("keeps the question and the card when the server goes away mid-turn", async () => {
    await ask(page, harness.url, harness.seeded.appId, "first question");
    // The first turn is over only once its stored messages are shown (the live turn then clears).
    await stored("first question").waitFor();
    await page.getByRole("button", { name: "Send" }).waitFor();
    // The server accepts the next turn, shows its pending card, and then its stream just ends.
    const frames = [
      {
        type: "turn-accepted",
        turnId: "t-lost",
        userMessageId: 900_001,
        assistantMessageId: 900_002,
      },
      {
        type: "card-update",
        toolCallId: "call-1",
        toolName: "explore_chat_history",
        card: {
          kind: "explore",
          card: {
            state: "pending",
            query: "the lost question",
            progress: {
              phase: "searching",
              searches: 1,
              reads: 0,
              discussions: 0,
              observations: 0,
            },
          },
        },
      },
    ];
    // ...and nothing answers after it.
    await askAsServerGoes("the lost question", frames);
    const failure = page.locator(".turn-failure");
    await failure.waitFor();
    expect(await failure.getAttribute("data-error-kind")).toBe("network");
    expect(await failure.textContent()).toContain(
      "The connection to the Recollect server was lost during this turn.",
    );
    expect(await page.locator(".message-user .message-body").last().textContent()).toBe(
      "the lost question",
    );
    const card = page.locator(".explore-card").last();
    expect(await card.getAttribute("data-state")).toBe("failed");
    // Earlier messages stay too: a failed reload does not wipe the chat.
    expect(
      await page.locator(".messages").getByText("first question", { exact: true }).count(),
    ).toBe(1);
    await screenshot(page, "turn-connection-lost");
    await page.unrouteAll();
  });

  it("keeps a finished answer on screen when the server goes away before the reload", async () => {
    await ask(page, harness.url, harness.seeded.appId, "an earlier question");
    await stored("an earlier question").waitFor();
    const frames = [
      {
        type: "turn-accepted",
        turnId: "t-done",
        userMessageId: 900_011,
        assistantMessageId: 900_012,
      },
      { type: "text-delta", delta: "The answer that must stay." },
      { type: "turn-finish", finishReason: "stop", text: "The answer that must stay.", steps: 1 },
    ];
    await askAsServerGoes("the question answered just before", frames);
    // The reload fails (the banner says so), and the turn it would have shown stays.
    await page.locator(".banner-error").waitFor();
    expect(await page.locator(".message-assistant .message-body").last().textContent()).toBe(
      "The answer that must stay.",
    );
    expect(await page.locator(".message-user .message-body").last().textContent()).toBe(
      "the question answered just before",
    );
    expect(await stored("an earlier question").count()).toBe(1);
    expect(await page.locator(".turn-failure").count()).toBe(0);
    await page.unrouteAll();
  });
});
