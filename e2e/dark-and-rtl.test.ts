/**
 * Dark mode and right-to-left text, in real Chromium: with `prefers-color-scheme: dark` the page is
 * dark and axe finds no serious contrast issue on the chat with a card, at phone and desktop
 * widths; an Arabic or Hebrew message is laid out right to left (`dir="auto"`), an English one left
 * to right. The chat-with-card screenshots in `docs/images/` come from this test (light and dark).
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ask,
  type Harness,
  readChatTurn,
  screenshot,
  seriousViolations,
  startHarness,
  waitForCard,
} from "./harness.js";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 860 },
] as const;
const QUESTION = "Which payment provider did we pick?";

let harness: Harness;
let rtlChatId = 0;

beforeAll(async () => {
  harness = await startHarness();
  rtlChatId = harness.addChat("Mixed scripts", [
    ["user", "ما هو مزود الدفع الذي اخترناه؟", Date.UTC(2026, 3, 2, 9)],
    ["assistant", "בחרנו ב-Stripe Checkout.", Date.UTC(2026, 3, 2, 9, 1)],
    ["user", "Thanks, and in English?", Date.UTC(2026, 3, 2, 9, 2)],
  ]).chatId;
  const first = harness.seeded.messageIds.payments?.[0] ?? 0;
  const read = readChatTurn(harness.seeded.paymentsChatId, first, 1);
  harness.setScenario({
    query: QUESTION,
    explorer: [
      read,
      {
        type: "tool-call",
        name: "submit_report",
        args: {
          summary: "Stripe Checkout; PayPal was rejected because of fees.",
          findings: [{ claim: "Stripe Checkout was chosen.", candidate_ids: ["c1", "c2"] }],
          conflicts: [],
          missing_coverage: [],
          confidence: "medium",
        },
      },
    ],
    answer: "You chose **Stripe Checkout**; PayPal was dropped because of its fees.",
  });
});
afterAll(async () => {
  await harness?.close();
});

async function chatWithCard(page: Page): Promise<void> {
  await ask(page, harness.url, harness.seeded.appId, QUESTION);
  await waitForCard(page, "complete");
  await page.locator(".message-assistant", { hasText: "PayPal was dropped" }).waitFor();
}

describe.each(["light", "dark"] as const)("%s mode", (scheme) => {
  it.each(SIZES)("the chat with a card at $name width is axe clean", async (size) => {
    const page = await harness.newPage({
      viewport: { width: size.width, height: size.height },
      colorScheme: scheme,
    });
    await chatWithCard(page);
    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    expect(background).toBe(scheme === "dark" ? "rgb(17, 20, 24)" : "rgb(246, 247, 249)");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `chat-card-${size.name}-${scheme}`);
    await page.context().close();
  });
});

describe("right-to-left text", () => {
  it("lays out Arabic and Hebrew messages right to left, English left to right", async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${rtlChatId}`);
    await page.locator(".message").nth(2).waitFor();
    const directions = await page
      .locator(".message .md")
      .evaluateAll((blocks) => blocks.map((block) => getComputedStyle(block).direction));
    expect(directions).toEqual(["rtl", "rtl", "ltr"]);
    await page.context().close();
  });
});
