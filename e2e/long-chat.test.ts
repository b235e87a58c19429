/**
 * A chat longer than the 500 messages the view loads at once, in real Chromium: the view says how
 * many are shown of how many, and "Load earlier messages" reaches message 1 without moving what the
 * person was reading.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, screenshot, seriousViolations, startHarness } from "./harness.js";

const LONG_CHAT = 620;
const START_MS = Date.UTC(2026, 3, 1, 9, 0, 0);

let harness: Harness;
let page: Page;
let chatId = 0;
let messageIds: readonly number[] = [];

beforeAll(async () => {
  harness = await startHarness();
  ({ chatId, messageIds } = harness.addChat(
    "Very long thread",
    Array.from({ length: LONG_CHAT }, (_, index) => [
      index % 2 === 0 ? "user" : "assistant",
      `Long message ${index + 1}.`,
      START_MS + index * 60_000,
    ]),
  ));
  page = await harness.newPage();
});
afterAll(async () => {
  await harness?.close();
});

describe("a 620-message chat", () => {
  it("says 500 of 620 are shown and loads the earlier ones down to message 1", async () => {
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${chatId}`);
    await page.locator(".message").nth(499).waitFor();
    const bar = page.locator("[data-notice=earlier]");
    expect(await bar.locator("p").textContent()).toBe("Showing the latest 500 of 620 messages.");
    expect(await page.locator(".message").first().textContent()).toContain("Long message 121.");
    expect(await seriousViolations(page)).toEqual([]);

    // The person scrolls up to the bar; loading puts the earlier messages above what they read.
    await bar.scrollIntoViewIfNeeded();
    const read = page.locator(".message", { hasText: "Long message 121." });
    const before = await read.evaluate((element) => element.getBoundingClientRect().top);
    await bar.getByRole("button", { name: "Load earlier messages" }).click();
    await page
      .locator(".message")
      .nth(LONG_CHAT - 1)
      .waitFor();
    expect(await page.locator(".message").count()).toBe(LONG_CHAT);
    const after = await read.evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(after - before)).toBeLessThanOrEqual(1); // sub-pixel rounding only
    expect(await page.locator(".message").first().textContent()).toContain("Long message 1.");
    expect(await bar.count()).toBe(0);
    // The button is gone: focus went to the list, not to <body>.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("messages");
    await page.locator(".message").first().scrollIntoViewIfNeeded();
    await screenshot(page, "long-chat-whole");
  });

  it("opens a cited message deep in it on that message, with the earlier ones reachable", async () => {
    const cited = messageIds[29] ?? 0;
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${chatId}?message=${cited}`);
    const target = page.locator(`article[data-message-id="${cited}"]`);
    await expect.poll(() => target.getAttribute("class")).toContain("is-target");
    expect(await target.locator(".message-body").textContent()).toBe("Long message 30.");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-message-id"))).toBe(
      String(cited),
    );
    // The window starts at message 1 (30 is near the start), so nothing earlier is offered.
    expect(await page.locator("[data-notice=earlier]").count()).toBe(0);
    expect(await page.locator(".message").first().locator(".message-body").textContent()).toBe(
      "Long message 1.",
    );
  });
});
