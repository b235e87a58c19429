/**
 * A store opened read-only (as `recollect serve` opens one the file system will not let it write),
 * in real Chromium: the chat page says so in a status notice, and the seeded chats stay browsable.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, screenshot, seriousViolations, startHarness } from "./harness.js";

let harness: Harness;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ readOnlyStore: true });
  page = await harness.newPage();
});
afterAll(async () => {
  await harness?.close();
});

/** The read-only notice: a status region marked `data-notice="store-read-only"`. */
function readOnlyNotice(target: Page) {
  return target.getByRole("status").and(target.locator('[data-notice="store-read-only"]'));
}

describe("a read-only store", () => {
  it("shows the read-only notice as a status, and its chats can still be read", async () => {
    expect(harness.store.writable).toBe(false);
    const { appId, paymentsChatId, messageIds } = harness.seeded;
    await page.goto(`${harness.url}/#/chat/${appId}/${paymentsChatId}`);
    await readOnlyNotice(page).waitFor({ timeout: 10_000 });
    expect(await readOnlyNotice(page).count()).toBe(1);
    await page
      .locator(".message")
      .nth((messageIds.payments?.length ?? 0) - 1)
      .waitFor();
    expect(await page.locator(".message").count()).toBe(messageIds.payments?.length);
    await screenshot(page, "read-only-store");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
