/**
 * Permissions page, the `ask` consent dialog, the indexing state and the non-Pro tool surface, in
 * real Chromium. The indexer is off here, so the seeded history stays queued ("indexing").
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ask,
  type Harness,
  historyToolsOffered,
  screenshot,
  seriousViolations,
  startHarness,
  waitForCard,
} from "./harness.js";

let harness: Harness;
let page: Page;

beforeAll(async () => {
  harness = await startHarness({ indexer: false });
  page = await harness.newPage();
});
afterAll(async () => {
  await harness?.close();
});
// Every test starts from default consents and a Pro profile.
beforeEach(() => {
  harness.settings.update((current) => ({ ...current, consent: {} }));
  harness.setEntitlement("pro");
});

async function waitForAnswer(text: string): Promise<void> {
  await page.locator(".message-assistant", { hasText: text }).last().waitFor();
}

describe("permissions page", () => {
  it("has one row per main-facing tool with disclosure copy and no internal search row", async () => {
    await page.goto(`${harness.url}/#/permissions`);
    await page.getByRole("heading", { name: "Tool permissions" }).waitFor();
    const rows = page.locator(".permission-row");
    expect(
      await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-tool"))),
    ).toEqual(["explore_chat_history", "read_chat", "set_chat_summary", "write_plan", "exit_plan"]);
    expect(await page.locator('[data-tool="search_chats"]').count()).toBe(0);
    const explorer = page.getByRole("group", { name: /Explore chat history/ });
    expect(await explorer.locator(".permission-disclosure").textContent()).toBe(
      "Bounded chat history from this app only may be sent to the Engine for synthesis. Default: Always",
    );
    expect(await explorer.getByRole("radio", { name: "Always" }).isChecked()).toBe(true);
    const read = page.getByRole("group", { name: /Read chat/ });
    expect(await read.locator(".permission-disclosure").textContent()).toBe(
      "Selected historical chat text is sent to the active model. Default: Ask",
    );
    expect(await read.getByRole("radio", { name: "Ask" }).isChecked()).toBe(true);
    await screenshot(page, "permissions");
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: arrow keys move within the radio group and save.
    await explorer.getByRole("radio", { name: "Always" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.getByText("Saved").waitFor();
    expect(await explorer.getByRole("radio", { name: "Ask" }).isChecked()).toBe(true);
    expect(harness.settings.read().consent).toEqual({ explore_chat_history: "ask" });
  });

  it("is translated (Korean)", async () => {
    await page.goto(`${harness.url}/?lang=ko#/permissions`);
    await page.getByRole("heading", { name: "도구 권한" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ko");
    expect(
      await page.locator('[data-tool="explore_chat_history"] .permission-disclosure').textContent(),
    ).toBe("이 앱의 제한된 채팅 기록만 종합을 위해 Engine으로 전송될 수 있습니다. 기본값: 항상");
    await screenshot(page, "permissions-ko");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("ask consent dialog", () => {
  it("holds the explorer until the person answers; deny runs nothing", async () => {
    harness.settings.update((current) => ({
      ...current,
      consent: { explore_chat_history: "ask" },
    }));
    harness.setScenario({
      query: "What did we decide about payments?",
      explorer: [{ type: "http-error", status: 500, message: "must not be called" }],
      answer: "Okay, I will not look through earlier chats.",
    });
    const before = harness.engine.requests.length;
    await page.goto(`${harness.url}/?lang=en#/chat/${harness.seeded.appId}`);
    await ask(page, harness.url, harness.seeded.appId, "What did we decide about payments?");
    const dialog = page.getByRole("dialog", { name: "Allow Explore chat history?" });
    await dialog.waitFor();
    expect(await dialog.getAttribute("aria-describedby")).not.toBeNull();
    expect(await dialog.locator("p").first().textContent()).toBe(
      "The explorer will send bounded chat history from this app only to the Engine for synthesis.",
    );
    // Focus starts on Deny, the choice that sends nothing.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Deny");
    await screenshot(page, "consent-dialog");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape"); // Escape denies
    await waitForAnswer("Okay, I will not look through earlier chats.");
    expect(await dialog.isHidden()).toBe(true);
    const requests = harness.requestsSince(before);
    expect(requests.filter((request) => request.toolNames.includes("submit_report"))).toEqual([]);
    expect(await page.locator(".explore-card").count()).toBe(0);
  });

  it("asks before a direct read_chat and renders its card after Allow", async () => {
    const { seeded } = harness;
    const messageId = seeded.messageIds.payments?.[1];
    harness.setScenario({
      query: "unused",
      explorer: [],
      primaryCall: {
        type: "tool-call",
        name: "read_chat",
        args: { chat_id: seeded.paymentsChatId, around_message_id: messageId, before: 1, after: 0 },
      },
      answer: "The chat confirms Stripe Checkout.",
    });
    await ask(page, harness.url, seeded.appId, "Show me the payments decision exactly.");
    const dialog = page.getByRole("dialog", { name: "Allow Read chat?" });
    await dialog.waitFor();
    expect(await dialog.locator("p").first().textContent()).toBe(
      "The selected historical chat text will be sent to the active model.",
    );
    await dialog.getByRole("button", { name: "Allow" }).click();
    await waitForAnswer("The chat confirms Stripe Checkout.");
    const card = page.locator('.legacy-card[data-legacy="dyad-read-chat"]');
    await card.waitFor();
    expect(await card.locator(".legacy-subject").textContent()).toBe("Payments provider");
  });
});

describe("indexing and entitlement", () => {
  it("shows no read-only notice on a writable store", async () => {
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${harness.seeded.authChatId}`);
    // The app picker lists the apps once /api/apps, which carries storeWritable, has answered.
    await page
      .locator(`#app-picker option[value="${harness.seeded.appId}"]`)
      .waitFor({ state: "attached" });
    expect(await page.locator('[data-notice="store-read-only"]').count()).toBe(0);
  });

  it("shows that recall may be incomplete while the index is still being built", async () => {
    const before = harness.engine.requests.length;
    harness.setScenario({
      query: "Which payment provider did we choose?",
      explorer: [
        { type: "tool-call", name: "search_chats", args: { query: "Stripe payment provider" } },
        {
          type: "tool-call",
          name: "submit_report",
          args: {
            summary: "",
            findings: [],
            conflicts: [],
            missing_coverage: [],
            confidence: "low",
          },
        },
      ],
      answer: "The index is still building; please tell me what you remember.",
    });
    await ask(page, harness.url, harness.seeded.appId, "Which payment provider did we choose?");
    const card = await waitForCard(page, "partial");
    await waitForAnswer("The index is still building");
    expect(await card.getAttribute("data-status")).toBe("indexing");
    expect(await card.locator(".status-text").textContent()).toBe("Index incomplete");
    expect(await card.getByRole("button").getAttribute("aria-expanded")).toBe("true");
    expect(await card.locator(".warning").first().textContent()).toBe(
      "The history index is still being built, so recall may be incomplete.",
    );
    await screenshot(page, "card-indexing");
    expect(await seriousViolations(page)).toEqual([]);

    // A Pro request offers the explorer and read_chat, never search_chats.
    const primary = harness
      .requestsSince(before)
      .find((request) => !request.toolNames.includes("submit_report"));
    expect(primary && historyToolsOffered(primary)).toEqual(["explore_chat_history", "read_chat"]);
  });

  it("sends a non-Pro profile's model no history tools at all", async () => {
    harness.setEntitlement("free");
    const before = harness.engine.requests.length;
    harness.setScenario({ query: "unused", explorer: [], answer: "unused" });
    await ask(page, harness.url, harness.seeded.appId, "What did we decide about authentication?");
    await waitForAnswer("I can't look through earlier chats here.");
    const requests = harness.requestsSince(before);
    expect(requests.length).toBe(1);
    expect(requests.map(historyToolsOffered)).toEqual([[]]);
    expect(await page.locator(".explore-card").count()).toBe(0);
  });
});
