/**
 * The history card at every width from a phone to a desktop, in real Chromium, measured with
 * `getBoundingClientRect` (not by eye): the header wraps instead of clipping (the question keeps
 * room, the counts are whole, the chevron is inside), evidence titles keep a readable width, no
 * element sticks out of the card, and "Open message" is a target of ≥ 24 × 24 px (≥ 44 px below
 * 720 px), axe clean in light and dark; and no element of the permissions page reaches past the
 * screen. Screenshots at each width go to `e2e-screenshots/card-layout-<width>.png`.
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

const WIDTHS = [360, 390, 768, 1024, 1440] as const;
/** Below this width the layout is for touch: tap targets of 44 px. */
const TOUCH_WIDTH = 720;
const QUESTION =
  "Which payment provider did we finally settle on for the checkout, and why did we drop the other one?";

let harness: Harness;
let page: Page;

const read = readChatTurn;

beforeAll(async () => {
  harness = await startHarness();
  page = await harness.newPage({ viewport: { width: 1440, height: 900 } });
  const first = harness.seeded.messageIds.payments?.[0] ?? 0;
  harness.setScenario({
    query: QUESTION,
    explorer: [
      read(harness.seeded.paymentsChatId, first, 1),
      {
        type: "tool-call",
        name: "submit_report",
        args: {
          summary: "Stripe Checkout.",
          findings: [{ claim: "Stripe Checkout was chosen.", candidate_ids: ["c1", "c2"] }],
          conflicts: [],
          missing_coverage: [],
          confidence: "medium",
        },
      },
    ],
    answer: "You chose Stripe Checkout.",
  });
  await ask(page, harness.url, harness.seeded.appId, QUESTION);
  await waitForCard(page, "complete");
  await page.locator(".message-assistant", { hasText: "You chose Stripe Checkout." }).waitFor();
});
afterAll(async () => {
  await harness?.close();
});

interface Measured {
  readonly toggle: DOMRect;
  readonly query: { width: number };
  readonly summary: { scrollWidth: number; clientWidth: number; right: number };
  readonly chevron: DOMRect;
  readonly titles: number[];
  readonly open: Array<{ width: number; height: number }>;
  /** Descendants of the card whose box reaches past the card's edges. */
  readonly outside: string[];
}

async function measure(): Promise<Measured> {
  return page
    .locator(".explore-card")
    .last()
    .evaluate((card) => {
      const box = (selector: string) => {
        const element = card.querySelector(selector);
        if (!element) throw new Error(`no ${selector}`);
        return element;
      };
      const cardBox = card.getBoundingClientRect();
      const summary = box(".explore-card-summary");
      const outside = [...card.querySelectorAll("*")]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          return (
            rect.width > 0 && (rect.right > cardBox.right + 0.5 || rect.left < cardBox.left - 0.5)
          );
        })
        .map((element) => element.className.toString());
      return {
        toggle: box(".explore-card-toggle").getBoundingClientRect().toJSON(),
        query: { width: box(".explore-card-query").getBoundingClientRect().width },
        summary: {
          scrollWidth: summary.scrollWidth,
          clientWidth: summary.clientWidth,
          right: summary.getBoundingClientRect().right,
        },
        chevron: box(".chevron").getBoundingClientRect().toJSON(),
        titles: [...card.querySelectorAll(".evidence-title")].map(
          (title) => title.getBoundingClientRect().width,
        ),
        open: [...card.querySelectorAll(".evidence-open")].map((link) => {
          const rect = link.getBoundingClientRect();
          return { width: rect.width, height: rect.height };
        }),
        outside,
      };
    });
}

describe.each(WIDTHS)("the card at %i px", (width) => {
  it("wraps its header, keeps titles readable, and stays inside itself", async () => {
    await page.setViewportSize({ width, height: 900 });
    const card = page.locator(".explore-card").last();
    await card.scrollIntoViewIfNeeded();
    const measured = await measure();
    // The question keeps room for words, the counts are whole, the chevron is inside the header.
    expect(measured.query.width).toBeGreaterThanOrEqual(100);
    expect(measured.summary.scrollWidth).toBeLessThanOrEqual(measured.summary.clientWidth);
    expect(measured.summary.right).toBeLessThanOrEqual(measured.toggle.right + 0.5);
    expect(measured.chevron.right).toBeLessThanOrEqual(measured.toggle.right + 0.5);
    expect(measured.chevron.width).toBeGreaterThan(0);
    expect(measured.outside).toEqual([]);
    // An evidence title gets at least ~12 characters' width (it was ~8 characters on a phone).
    expect(measured.titles.length).toBe(2);
    for (const title of measured.titles) expect(title).toBeGreaterThanOrEqual(120);
    const minimum = width < TOUCH_WIDTH ? 44 : 24;
    for (const open of measured.open) {
      expect(open.width).toBeGreaterThanOrEqual(minimum);
      expect(open.height).toBeGreaterThanOrEqual(minimum);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await screenshot(page, `card-layout-${width}`);
    expect(await seriousViolations(page)).toEqual([]);
    // Axe clean in dark mode too, at the same width.
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
  });
});

describe.each(WIDTHS)("the permissions page at %i px", (width) => {
  it("has no element wider than the screen", async () => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${harness.url}/#/permissions`);
    await page.locator(".permission-row").first().waitFor();
    const sticking = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          return rect.width > 0 && (rect.right > window.innerWidth + 0.5 || rect.left < -0.5);
        })
        .map((element) => element.className.toString()),
    );
    expect(sticking).toEqual([]);
  });
});
