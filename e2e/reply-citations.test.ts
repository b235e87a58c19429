/**
 * The reply's citations and Recollect's own replies, in real Chromium against `recollect serve`
 * with the scripted Engine: a citation in the answer (`[title, date](recollect:chat/C/message/M)`)
 * is a link that opens the cited message deep in a 620-message chat, whose later messages can
 * then be loaded down to the last; under zh-CN the reply Recollect stores for a failed turn is
 * Chinese.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, type Harness, screenshot, seriousViolations, startHarness } from "./harness.js";

const LONG_CHAT = 620;
const START_MS = Date.UTC(2026, 3, 1, 9, 0, 0);
const QUESTION = "Which queue did we settle on?";

let harness: Harness;
let chatId = 0;
let messageIds: readonly number[] = [];

beforeAll(async () => {
  harness = await startHarness();
  ({ chatId, messageIds } = harness.addChat(
    "Queue thread",
    Array.from({ length: LONG_CHAT }, (_, index) => [
      index % 2 === 0 ? "user" : "assistant",
      `Queue message ${index + 1}.`,
      START_MS + index * 60_000,
    ]),
  ));
});
afterAll(async () => {
  await harness?.close();
});

describe("a reply's citation", () => {
  let page: Page;

  it("is a link named by title and date that opens the cited message", async () => {
    page = await harness.newPage();
    const cited = messageIds[29] ?? 0;
    harness.setScenario({
      query: QUESTION,
      explorer: [],
      answer: "unused",
      primaryCall: {
        type: "text",
        text: `We settled on SQS: [“Queue thread”, 2026-04-01](recollect:chat/${chatId}/message/${cited}).`,
      },
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    const link = page.locator(".message-assistant a.cited-link");
    await link.waitFor({ timeout: 30_000 });
    expect(await link.textContent()).toBe("“Queue thread”, 2026-04-01");
    // Not a new tab: it opens the message in this app, with the way back to the answer.
    expect(await link.getAttribute("target")).toBeNull();
    expect(await page.locator(".message-assistant .message-body").textContent()).not.toContain(
      "recollect:",
    );
    expect(await seriousViolations(page)).toEqual([]);
    await link.click();

    const target = page.locator(`article[data-message-id="${cited}"]`);
    await expect.poll(() => target.getAttribute("class")).toContain("is-target");
    expect(await target.locator(".message-body").textContent()).toBe("Queue message 30.");
    expect(await target.getByRole("link", { name: "Back to the answer" }).count()).toBe(1);
    expect(page.url()).toContain(`/${chatId}?message=${cited}&from=`);
  });

  it("opens deep in a long chat with the later messages reachable to the last", async () => {
    // Message 30 of 620: the window is messages 1–500; nothing earlier, 120 later.
    expect(await page.locator("[data-notice=earlier]").count()).toBe(0);
    const bar = page.locator("[data-notice=later]");
    expect(await bar.locator("p").textContent()).toBe("Showing 500 of 620 messages.");
    expect(await page.locator(".message").last().locator(".message-body").textContent()).toBe(
      "Queue message 500.",
    );
    // The person scrolls down to the bar; what they read stays put as the later ones load.
    await bar.scrollIntoViewIfNeeded();
    const reading = page.locator(".message", { hasText: "Queue message 500." });
    const before = await reading.evaluate((element) => element.getBoundingClientRect().top);
    await bar.getByRole("button", { name: "Load later messages" }).click();
    await page
      .locator(".message")
      .nth(LONG_CHAT - 1)
      .waitFor();
    expect(await page.locator(".message").count()).toBe(LONG_CHAT);
    expect(await page.locator(".message").last().locator(".message-body").textContent()).toBe(
      "Queue message 620.",
    );
    // Loading below keeps what was read where it was, and the bar is gone.
    const after = await reading.evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(after - before)).toBeLessThanOrEqual(1);
    expect(await bar.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("messages");
    await screenshot(page, "cited-message-later-loaded");
  });
});

describe("Recollect's own replies", () => {
  it("are stored in the person's language (zh-CN)", async () => {
    const page = await harness.newPage({ locale: "zh-CN" });
    harness.setScenario({
      query: "我们选了哪个队列？",
      explorer: [],
      answer: "unused",
      primaryCall: { type: "http-error", status: 500, message: "model down" },
    });
    await page.goto(`${harness.url}/?lang=zh-CN#/chat/${harness.seeded.appId}`);
    const input = page.locator("textarea");
    await input.fill("我们选了哪个队列？");
    await input.press("Enter");
    await page.locator(".turn-failure").waitFor({ timeout: 30_000 });
    await page.reload();
    await page.locator(".message-assistant").first().waitFor();
    expect(await page.locator(".message-assistant .message-body").allTextContents()).toEqual([
      expect.stringMatching(/^没有回答：/),
    ]);
  });
});
