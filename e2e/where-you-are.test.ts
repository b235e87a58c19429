/**
 * Where the person is, in real Chromium: the skip link moves focus to the main region and leaves
 * the route alone; above a conversation, the chat's title, app, source tool and dates; each message
 * with its time; a cited message's view names its chat and date. Messages' role labels are not
 * headings.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, screenshot, seriousViolations, startHarness } from "./harness.js";

let harness: Harness;
let page: Page;

beforeAll(async () => {
  // As `serve --app "Side Project"`: the root URL opens that app, not the first.
  harness = await startHarness({ defaultApp: (seeded) => seeded.otherAppId });
  page = await harness.newPage();
});
afterAll(async () => {
  await harness?.close();
});

const authChat = () => `${harness.url}/#/chat/${harness.seeded.appId}/${harness.seeded.authChatId}`;

describe("where you are", () => {
  it("the root URL opens the app serve --app named", async () => {
    await page.goto(`${harness.url}/`);
    await page.waitForURL(`**/#/chat/${harness.seeded.otherAppId}`);
    expect(await page.getByLabel("App").inputValue()).toBe(String(harness.seeded.otherAppId));
  });

  it("the skip link focuses the main region and stays on the chat", async () => {
    await page.goto(authChat());
    await page.locator(".chat-header").waitFor();
    const before = page.url();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    expect(page.url()).toBe(before);
    // The chat is still the one shown: no new chat was opened in the first app.
    expect(await page.locator(".chat-title").textContent()).toBe("Auth approach");
  });

  it("names the chat, its app, source and dates, and dates every message", async () => {
    await page.goto(authChat());
    const header = page.locator(".chat-header");
    await header.waitFor();
    expect(await header.locator(".chat-title").textContent()).toBe("Auth approach");
    expect(await header.locator(".chat-meta span").allTextContents()).toEqual([
      "Acme Shop",
      "seed",
      "Mar 2, 2026, 10:01 AM – Mar 2, 2026, 10:03 AM",
    ]);
    expect(await page.locator(".message .message-time").allTextContents()).toEqual([
      "Mar 2, 2026, 10:01 AM",
      "Mar 2, 2026, 10:02 AM",
      "Mar 2, 2026, 10:03 AM",
    ]);
    expect(await page.locator(".message time").first().getAttribute("datetime")).toBe(
      "2026-03-02T10:01:00.000Z",
    );
    // Role labels are no headings: the page's headings are its own, not one per message.
    expect(await page.locator(".messages h1, .messages h2").count()).toBe(0);
    await screenshot(page, "chat-header");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("an empty store shows the import commands whole, and no invitation to a first message", async () => {
    const empty = await harness.newPage({ viewport: { width: 390, height: 844 } });
    await empty.route("**/api/apps", (route) =>
      route.fulfill({
        json: {
          apps: [],
          defaultAppId: null,
          fillCommands: {
            import: "npx recollect --db /tmp/a.db import <paths…>",
            sync: "npx recollect --db /tmp/a.db sync",
          },
          storeWritable: true,
          historyStore: "local",
        },
      }),
    );
    await empty.goto(`${harness.url}/`);
    const note = empty.locator("[data-empty=no-apps]");
    await note.waitFor();
    expect(await note.locator("code").allTextContents()).toEqual([
      "npx recollect --db /tmp/a.db import <paths…>",
      "npx recollect --db /tmp/a.db sync",
    ]);
    expect(await note.textContent()).not.toContain("`");
    expect(await empty.locator(".empty-state").count()).toBe(0);
    expect(await empty.getByLabel("Message").isDisabled()).toBe(true);
    await screenshot(empty, "empty-store");
    expect(await seriousViolations(empty)).toEqual([]);
    await empty.context().close();
  });

  it("a message's own headings sit below the page's", async () => {
    const { chatId } = harness.addChat("Plan", [
      ["assistant", "# Release plan\n\n## Steps\n\nShip it.", Date.UTC(2026, 3, 3)],
    ]);
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${chatId}`);
    await page.getByText("Ship it.").waitFor();
    const levels = await page
      .locator(".message-body")
      .locator("h1, h2, h3, h4, h5, h6")
      .evaluateAll((headings) =>
        headings.map((heading) => `${heading.tagName} ${heading.textContent}`),
      );
    expect(levels).toEqual(["H3 Release plan", "H4 Steps"]);
    expect(await page.locator("h1").count()).toBe(1);
  });

  it("a cited message's view names its chat and date", async () => {
    const cited = harness.seeded.messageIds.auth?.[1];
    await page.goto(`${authChat()}?message=${cited}`);
    const target = page.locator(".message.is-target");
    await target.waitFor();
    expect(await page.locator(".chat-title").textContent()).toBe("Auth approach");
    expect(await target.locator(".message-time").textContent()).toBe("Mar 2, 2026, 10:02 AM");
  });
});
