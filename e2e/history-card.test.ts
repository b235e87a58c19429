/**
 * The history card in every state, in real Chromium against `recollect serve` with the scripted
 * Engine: text, aria attributes, a screenshot, and axe (no serious/critical violations) for each.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ScriptedTurn } from "../src/test/scripted-openai-server.js";
import {
  ask,
  cardInState,
  createGate,
  type Harness,
  readChatTurn,
  SCREENSHOT_DIR,
  screenshot,
  seriousViolations,
  startHarness,
  waitForCard,
} from "./harness.js";

const QUESTION = "What did we decide about authentication?";

const searchPayments: ScriptedTurn = {
  type: "tool-call",
  name: "search_chats",
  args: { query: "Stripe payment provider" },
};
const read = readChatTurn;
const submit = (args: Record<string, unknown>): ScriptedTurn => ({
  type: "tool-call",
  name: "submit_report",
  args: { conflicts: [], missing_coverage: [], ...args },
});
const engineDown: ScriptedTurn = { type: "http-error", status: 500, message: "engine down" };

let harness: Harness;
let page: Page;

beforeAll(async () => {
  harness = await startHarness();
  page = await harness.newPage();
});
// Earlier scenarios' turns must be indexed before the next search, or it reports "indexing".
beforeEach(async () => {
  await harness.waitForIndex();
});
afterAll(async () => {
  await harness?.close();
});

/** The seeded message id at `index` of chat `key`. */
function ids(key: string, index: number): number {
  const id = harness.seeded.messageIds[key]?.[index];
  if (id === undefined) throw new Error(`no seeded message ${key}[${index}]`);
  return id;
}

async function expectNoSeriousViolations(): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

async function waitForAnswer(text: string): Promise<void> {
  await page.locator(".message-assistant", { hasText: text }).last().waitFor();
}

describe("history card states", () => {
  it("shows the pending card before the Engine returns its first search, then collapses a complete high-confidence result", async () => {
    const gate = createGate();
    let released = false;
    harness.setScenario({
      query: QUESTION,
      explorer: [
        async () => {
          await gate.wait;
          released = true;
          return searchPayments;
        },
        submit({
          summary: "The team chose Stripe Checkout and rejected PayPal over fees.",
          findings: [
            { claim: "Stripe Checkout is the payment provider.", candidate_ids: ["c1", "c2"] },
          ],
          confidence: "high",
        }),
      ],
      answer: "You chose Stripe Checkout.",
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);

    const pending = await waitForCard(page, "pending");
    expect(released).toBe(false); // the explorer's first model call has not been answered yet
    const toggle = pending.getByRole("button");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await toggle.getAttribute("aria-label")).toBe(
      `Exploring Chat history ${QUESTION} Searching prior chats…`,
    );
    expect(await toggle.getAttribute("title")).toBe(QUESTION);
    expect(await pending.getByRole("status").textContent()).toBe("Searching prior chats…");
    await expect(pending.locator(".explore-card-body").textContent()).resolves.toContain(
      "Bounded same-app chat history is sent to the Engine for synthesis.",
    );
    expect(await pending.locator("[data-icon=pending]").count()).toBe(1);
    await screenshot(page, "card-pending");
    await expectNoSeriousViolations();
    gate.open();

    const complete = await waitForCard(page, "complete");
    await waitForAnswer("You chose Stripe Checkout.");
    // The answer first: the reply's text sits above the card it drew on.
    expect(
      await page
        .locator(".message-assistant")
        .last()
        .locator(".message-body > *")
        .evaluateAll((children) => children.map((child) => child.className.split(" ")[0])),
    ).toEqual(["md", "explore-card"]);
    const header = complete.getByRole("button");
    expect(await header.getAttribute("aria-expanded")).toBe("false");
    expect(await complete.locator(".explore-card-summary").textContent()).toBe(
      "1 chat · 2 evidence targets",
    );
    expect(await complete.locator(".status-text").textContent()).toBe("Complete");
    // The live region moved from the phase to the final state (no counts, no report text).
    expect(await complete.getByRole("status").textContent()).toBe("Complete");
    expect(await complete.locator(".explore-card-body").isHidden()).toBe(true);
    await screenshot(page, "card-complete-collapsed");
    await expectNoSeriousViolations();

    // Keyboard: focus the real button and expand with Enter.
    await header.focus();
    await page.keyboard.press("Enter");
    expect(await header.getAttribute("aria-expanded")).toBe("true");
    const bodyId = await header.getAttribute("aria-controls");
    expect(await page.locator(`[id="${bodyId}"]`).isVisible()).toBe(true);
    const evidence = complete.locator(".evidence-item");
    expect(await evidence.count()).toBe(2);
    expect(await evidence.first().locator(".evidence-title").textContent()).toBe(
      "Payments provider",
    );
    expect(await evidence.first().locator("time").getAttribute("datetime")).toMatch(
      /^2026-03-22T10:0[12]:00\.000Z$/,
    );
    expect(await complete.locator(".label-analysis").first().textContent()).toBe("Analysis");
    expect(await complete.locator(".label-evidence").first().textContent()).toBe("Evidence");
    // Evidence text is selectable.
    expect(
      await evidence
        .first()
        .locator(".evidence-excerpt")
        .evaluate((node) => getComputedStyle(node).userSelect),
    ).not.toBe("none");
    await screenshot(page, "card-complete-expanded");
    await expectNoSeriousViolations();
    await page.keyboard.press("Space");
    expect(await header.getAttribute("aria-expanded")).toBe("false");
  });

  it("keeps a conflict expanded with competing statements, dates and evidence", async () => {
    const { seeded } = harness;
    harness.setScenario({
      query: QUESTION,
      explorer: [
        read(seeded.authChatId, ids("auth", 2)),
        read(seeded.sessionChatId, ids("sessions", 1)),
        submit({
          summary: "Authentication first used JWT, then moved to server sessions.",
          findings: [{ claim: "Sessions replaced JWT.", candidate_ids: ["c2"] }],
          conflicts: [
            {
              description:
                "JWT was chosen in March, then replaced by cookie sessions two weeks later.",
              candidate_ids: ["c1", "c2"],
            },
          ],
          confidence: "medium",
        }),
      ],
      answer: "You moved from JWT to sessions.",
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    const card = await waitForCard(page, "conflict");
    await waitForAnswer("You moved from JWT to sessions.");
    expect(await card.getByRole("button").getAttribute("aria-expanded")).toBe("true");
    expect(await card.locator(".status-text").textContent()).toBe("Conflict");
    expect(await card.locator(".conflicts .section-title").textContent()).toBe(
      "Competing statements",
    );
    const conflictEvidence = card.locator(".conflict .evidence-item");
    expect(await conflictEvidence.count()).toBe(2);
    expect(await conflictEvidence.locator(".evidence-title").allTextContents()).toEqual([
      "Auth approach",
      "Switch to server sessions",
    ]);
    expect(await conflictEvidence.locator("time").allTextContents()).toEqual([
      "Mar 2, 2026, 10:03 AM",
      "Mar 16, 2026, 10:02 AM",
    ]);
    await screenshot(page, "card-conflict");
    await expectNoSeriousViolations();
  });

  it("keeps a low-confidence result expanded with its warning", async () => {
    const { seeded } = harness;
    harness.setScenario({
      query: QUESTION,
      explorer: [
        read(seeded.authChatId, ids("auth", 2)),
        read(seeded.sessionChatId, ids("sessions", 1)),
        submit({
          summary: "Possibly sessions, but the evidence is thin.",
          findings: [{ claim: "Sessions may be current.", candidate_ids: ["c1", "c2"] }],
          confidence: "low",
        }),
      ],
      answer: "I am not sure.",
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    const card = await waitForCard(page, "low_confidence");
    await waitForAnswer("I am not sure.");
    expect(await card.getByRole("button").getAttribute("aria-expanded")).toBe("true");
    expect(await card.locator(".status-text").textContent()).toBe("Low confidence");
    expect(await card.locator(".notice-low-confidence").textContent()).toBe(
      "Low confidence: treat this as a lead to verify, not an answer.",
    );
    expect(await card.locator("[data-icon=low_confidence]").count()).toBeGreaterThan(0);
    await screenshot(page, "card-low-confidence");
    await expectNoSeriousViolations();
  });

  it("keeps a partial result expanded and says why", async () => {
    harness.setScenario({
      query: QUESTION,
      explorer: [
        read(harness.seeded.paymentsChatId, ids("payments", 0), 1),
        submit({
          summary: "Stripe Checkout was chosen.",
          findings: [
            { claim: "Stripe Checkout.", candidate_ids: ["c1", "c2"] },
            { claim: "A claim citing nothing that was observed.", candidate_ids: ["c77"] },
          ],
          confidence: "high",
        }),
      ],
      answer: "Stripe, probably.",
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    const card = await waitForCard(page, "partial");
    await waitForAnswer("Stripe, probably.");
    expect(await card.getByRole("button").getAttribute("aria-expanded")).toBe("true");
    expect(await card.locator(".status-text").textContent()).toBe("Partial");
    expect(await card.locator(".warning").allTextContents()).toEqual([
      "Some citations could not be verified and were removed.",
    ]);
    await screenshot(page, "card-partial");
    await expectNoSeriousViolations();
  });

  it("says no relevant prior discussion was found, in words for the person, not the agent", async () => {
    harness.setScenario({
      query: "What did we decide about Kubernetes?",
      explorer: [
        { type: "tool-call", name: "search_chats", args: { query: "kubernetes helm" } },
        submit({ summary: "", findings: [], confidence: "low" }),
      ],
      answer: "I found nothing about Kubernetes; can you tell me more?",
    });
    await ask(page, harness.url, harness.seeded.appId, "What did we decide about Kubernetes?");
    const card = await waitForCard(page, "no_match");
    await waitForAnswer("can you tell me more?");
    expect(await card.getByRole("button").getAttribute("aria-expanded")).toBe("true");
    expect(await card.locator(".notice-title").textContent()).toBe(
      "No relevant prior discussion found",
    );
    const notice = await card.locator(".notice-no-match").textContent();
    expect(notice).toContain(
      "This does not prove it was never discussed: it may have been worded differently, or discussed outside these chats.",
    );
    expect(notice).not.toMatch(/the user/i);
    await screenshot(page, "card-no-match");
    await expectNoSeriousViolations();
  });

  it("shows a classified, actionable failure when the Engine fails before any observation", async () => {
    harness.setScenario({
      query: QUESTION,
      explorer: [engineDown],
      answer: "The history explorer failed.",
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    const card = await waitForCard(page, "failed");
    await waitForAnswer("The history explorer failed.");
    expect(await card.locator(".status-text").textContent()).toBe("Failed");
    // An Engine that answered HTTP 500 was reached: the card names the status, not "unreachable".
    const notice = await card.locator(".notice-failed").textContent();
    expect(notice).toContain("The Engine did not answer as expected. Try again in a moment.");
    expect(await card.locator(".error-detail").textContent()).toBe(
      "The Engine request failed (HTTP 500).",
    );
    expect(notice).not.toContain("could not be reached");
    expect(await card.locator("[data-icon=failed]").count()).toBe(1);
    await screenshot(page, "card-failed");
    await expectNoSeriousViolations();
  });

  it("labels the evidence-only fallback when synthesis fails after observations", async () => {
    harness.setScenario({
      query: QUESTION,
      explorer: [read(harness.seeded.paymentsChatId, ids("payments", 0), 1), engineDown],
      answer: "Only raw evidence is available.",
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    const card = await waitForCard(page, "evidence_only");
    await waitForAnswer("Only raw evidence is available.");
    expect(await card.getByRole("button").getAttribute("aria-expanded")).toBe("true");
    expect(await card.locator(".notice-evidence-only .notice-title").textContent()).toBe(
      "Synthesis failed: showing observed evidence only",
    );
    expect(await card.locator(".evidence-item").count()).toBe(2);
    expect(await card.locator(".label-analysis").count()).toBe(0);
    await screenshot(page, "card-evidence-only");
    await expectNoSeriousViolations();
  });

  // Two card waits (≤ 15 s each), a reload and a settled turn: under a loaded machine the
  // default 30 s budget ran out before its steps' own bounds did (a newcomer's full test run).
  it("stops at once on cancel and never shows a late completion", { timeout: 60_000 }, async () => {
    const gate = createGate();
    harness.setScenario({
      query: QUESTION,
      explorer: [
        read(harness.seeded.paymentsChatId, ids("payments", 0), 1),
        async () => {
          await gate.wait;
          return submit({
            summary: "Late result that must never appear.",
            findings: [{ claim: "Late.", candidate_ids: ["c1", "c2"] }],
            confidence: "high",
          });
        },
      ],
      answer: "Late answer that must never appear.",
    });
    const before = harness.engine.requests.length;
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    await waitForCard(page, "pending");
    // Wait until the explorer's second model call is in flight (after its first search).
    await harness.engine.waitForRequests(before + 3);
    await page.getByRole("button", { name: "Stop" }).click();
    const cancelled = await waitForCard(page, "cancelled");
    // The Stop button gives way to Send; focus stays in the composer, not on <body>.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("composer-input");
    expect(await cancelled.locator(".notice-cancelled").textContent()).toBe(
      "Exploration cancelled. Nothing more will be added to this card.",
    );
    gate.open(); // the scripted Engine now "completes" late
    await page.getByRole("button", { name: "Send" }).waitFor(); // the turn has settled
    await page.reload();
    await cardInState(page, "cancelled").waitFor();
    expect(await page.locator(".explore-card").count()).toBe(1);
    expect(await cardInState(page, "complete").count()).toBe(0);
    expect(await page.getByText("Late result that must never appear.").count()).toBe(0);
    expect(await page.getByText("Late answer that must never appear.").count()).toBe(0);
    await screenshot(page, "card-cancelled");
    await expectNoSeriousViolations();
  });
});

describe("evidence in the card", () => {
  it("draws each cited message once, as counted in the header, with markdown markers dropped", async () => {
    const {
      chatId,
      messageIds: [messageId = 0],
    } = harness.addChat("Billing notes", [
      [
        "assistant",
        "## Billing\nWe settled on **Stripe Checkout** for `v1`.",
        Date.UTC(2026, 3, 1),
      ],
    ]);
    harness.setScenario({
      query: "billing provider",
      explorer: [
        read(chatId, messageId),
        read(harness.seeded.paymentsChatId, ids("payments", 0)),
        submit({
          summary: "Stripe Checkout.",
          findings: [
            { claim: "Stripe Checkout was chosen.", candidate_ids: ["c1", "c2"] },
            { claim: "It is the v1 provider.", candidate_ids: ["c1"] },
            { claim: "Still Stripe.", candidate_ids: ["c2", "c1"] },
          ],
          confidence: "medium",
        }),
      ],
      answer: "Billing goes through Stripe Checkout.",
    });
    await ask(page, harness.url, harness.seeded.appId, "billing provider");
    const card = await waitForCard(page, "complete");
    await waitForAnswer("Billing goes through Stripe Checkout.");
    expect(await card.locator(".explore-card-summary").textContent()).toBe(
      "2 chats · 2 evidence targets",
    );
    expect(await card.locator(".evidence-item").count()).toBe(2);
    expect(await card.locator(".evidence-excerpt").first().textContent()).toBe(
      "Billing We settled on Stripe Checkout for v1.",
    );
  });
});

describe("stored messages", () => {
  it("still renders legacy search and read cards from imported history", async () => {
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${harness.seeded.legacyChatId}`);
    const search = page.locator('.legacy-card[data-legacy="dyad-search-chats"]');
    await search.waitFor();
    expect(await search.locator(".legacy-subject").textContent()).toBe("login flow");
    await search.locator("summary").click();
    expect(await search.locator(".evidence-excerpt").textContent()).toBe(
      "We will use JWT access tokens with a 15 minute expiry.",
    );
    const read = page.locator('.legacy-card[data-legacy="dyad-read-chat"]');
    expect(await read.locator(".legacy-subject").textContent()).toBe("Chat 1");
    await read.locator("summary").click();
    expect(await read.locator(".legacy-text").textContent()).toBe(
      "Older export: the chat said to keep tokens in memory, never in localStorage.",
    );
    await screenshot(page, "legacy-cards");
    await expectNoSeriousViolations();
  });
});

describe("localized card", () => {
  it("renders states, counts and dates in the chosen language (zh-CN)", async () => {
    const zhPage = await harness.newPage({ locale: "zh-CN" });
    const { seeded } = harness;
    harness.setScenario({
      query: "我们对身份验证做了什么决定？",
      explorer: [
        read(seeded.authChatId, ids("auth", 2)),
        read(seeded.sessionChatId, ids("sessions", 1)),
        submit({
          summary: "先用 JWT，后来改为服务器会话。",
          findings: [{ claim: "会话取代了 JWT。", candidate_ids: ["c2"] }],
          conflicts: [
            { description: "三月选择了 JWT，两周后改为会话。", candidate_ids: ["c1", "c2"] },
          ],
          confidence: "medium",
        }),
      ],
      answer: "你们从 JWT 改为了会话。",
    });
    await zhPage.goto(`${harness.url}/#/chat/${seeded.appId}`);
    await zhPage.getByRole("combobox", { name: "语言" }).waitFor();
    expect(await zhPage.locator("html").getAttribute("lang")).toBe("zh-CN");
    const input = zhPage.getByLabel("消息");
    await input.fill("我们对身份验证做了什么决定？");
    await input.press("Enter");
    const card = await waitForCard(zhPage, "conflict");
    await zhPage.locator(".message-assistant", { hasText: "你们从 JWT 改为了会话。" }).waitFor();
    expect(await card.locator(".status-text").textContent()).toBe("存在冲突");
    expect(await card.locator(".explore-card-summary").textContent()).toBe("2 个聊天 · 2 条证据");
    expect(await card.locator(".conflicts .section-title").textContent()).toBe("相互矛盾的说法");
    expect(await card.locator(".conflict time").first().textContent()).toBe(
      new Intl.DateTimeFormat("zh-CN", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "UTC",
      }).format(new Date("2026-03-02T10:03:00.000Z")),
    );
    await zhPage.screenshot({ path: `${SCREENSHOT_DIR}/card-conflict-zh-CN.png`, fullPage: true });
    expect(await seriousViolations(zhPage)).toEqual([]);
    await zhPage.context().close();
  });
});

describe("where a person's message goes", () => {
  it("typed in an imported chat, starts a chat of the person's own and leaves the archive as it was", async () => {
    const { seeded, store } = harness;
    const rows = (chatId: number) =>
      store.db
        .prepare("SELECT role, content FROM messages WHERE chat_id = ? ORDER BY id")
        .all(chatId) as Array<{ role: string; content: string }>;
    const archived = rows(seeded.authChatId);
    harness.setScenario({
      query: QUESTION,
      explorer: [
        read(seeded.authChatId, ids("auth", 2)),
        submit({ summary: "JWT.", findings: [] }),
      ],
      answer: "Asked in a chat of your own.",
    });
    await page.goto(`${harness.url}/#/chat/${seeded.appId}/${seeded.authChatId}`);
    await page.locator("[data-notice=archive]").waitFor();
    expect(
      await page.locator('.chat-group[data-origin="imported"] .chat-link.is-current').count(),
    ).toBe(1);
    await screenshot(page, "chat-imported-notice");
    await expectNoSeriousViolations();
    const input = page.getByLabel("Message");
    await input.fill(QUESTION);
    await input.press("Enter");
    await waitForAnswer("Asked in a chat of your own.");

    const [, , , shown] = new URL(page.url()).hash.split("/");
    const ownChatId = Number(shown);
    expect(ownChatId).not.toBe(seeded.authChatId);
    const own = store.db.prepare("SELECT source FROM chats WHERE id = ?").pluck().get(ownChatId);
    expect(own).toBe("web");
    expect(rows(ownChatId).map((row) => row.role)).toEqual(["user", "assistant"]);
    expect(rows(ownChatId)[0]?.content).toBe(QUESTION);
    expect(rows(seeded.authChatId)).toEqual(archived);
    expect(await page.locator("[data-notice=archive]").count()).toBe(0);
    expect(
      await page
        .locator('.chat-group[data-origin="web"] .chat-link.is-current')
        .getAttribute("href"),
    ).toBe(`#/chat/${seeded.appId}/${ownChatId}`);
  });
});
