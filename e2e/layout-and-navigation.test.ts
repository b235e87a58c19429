/**
 * The app shell at three screen sizes in real Chromium: the composer stays in view on a
 * 500-message chat, the chat list is a drawer on a phone, GFM markdown renders as real elements,
 * and an evidence target opens the cited message (highlighted, addressable by URL) with a way
 * back. Screenshots of each go to `e2e-screenshots/`; axe runs at every size.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderCardXml } from "../src/card/card-xml.js";
import type { ExploreChatHistoryReport } from "../src/card/report-schema.js";
import { type Harness, screenshot, seriousViolations, startHarness } from "./harness.js";

/**
 * A 500-message chat rendered, measured and axe-checked takes 10–20 s in Chromium on 2 shared cores
 * and timed out at vitest's 30 s when the whole suite ran beside it; a bound on a hang, not a speed
 * target (the load time is printed, as `[layout]`).
 */
const LONG_CHAT_TEST_MS = 120_000;

const SIZES = [
  { name: "1920x1080", width: 1920, height: 1080 },
  { name: "1280x800", width: 1280, height: 800 },
  { name: "390x844", width: 390, height: 844 },
] as const;
/** The phone size: below the 720 px breakpoint where the chat list becomes a drawer. */
const PHONE = SIZES[2];

const LONG_CHAT_MESSAGES = 500;
const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2026, 3, 1, 9, 0, 0);

/** Every tenth message carries the markdown exports use; the rest are plain prose. */
function longChatMessage(index: number): string {
  if (index === 3) {
    return [
      "Here is the comparison:",
      "",
      "| Option | Cost | Decision |",
      "|---|---|---|",
      "| Postgres | low | ~~maybe~~ **yes** |",
      "| DynamoDB | high | no |",
      "",
      "- [x] pick a database",
      "- [ ] write the migration",
      "",
      "<details>",
      "            <summary>Listed directory src • **3** results</summary>",
      "",
      "| Name |",
      "|------|",
      "| `cli.ts` |",
      "</details>",
      "",
      "```ts",
      "const pool = new Pool({ max: 10 }); // a fairly long line of code that must scroll inside its own block",
      "```",
      "",
      "<script>alert('raw html stays text')</script>",
    ].join("\n");
  }
  return `Message ${index + 1}: we talked about the ${index % 2 === 0 ? "database" : "deploy"} plan again and noted what changed since the last review.`;
}

interface Seeded {
  readonly longChatId: number;
  readonly answerChatId: number;
  readonly answerMessageId: number;
  readonly targetMessageId: number;
  readonly tableMessageId: number;
}

function seedLayoutHistory(harness: Harness): Seeded {
  const db = harness.store.db;
  const appId = harness.seeded.appId;
  const insertChat = db.prepare(
    "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'seed', ?)",
  );
  const insertMessage = db.prepare(
    "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, ?)",
  );
  return db.transaction(() => {
    const longChatId = Number(
      insertChat.run(appId, "Long database thread", START_MS, "long").lastInsertRowid,
    );
    const ids: number[] = [];
    for (let index = 0; index < LONG_CHAT_MESSAGES; index += 1) {
      const role = index % 2 === 0 ? "user" : "assistant";
      ids.push(
        Number(
          insertMessage.run(longChatId, role, longChatMessage(index), START_MS + index * 60_000)
            .lastInsertRowid,
        ),
      );
    }
    const targetMessageId = ids[250]!;
    const report: ExploreChatHistoryReport = {
      query: "What did we decide about the database?",
      outcome: "complete",
      summary: "Postgres was chosen over DynamoDB.",
      findings: [
        {
          claim: "Postgres was chosen.",
          evidence: [
            {
              chat_id: longChatId,
              chat_title: "Long database thread",
              message_id: targetMessageId,
              role: "user",
              created_at: new Date(START_MS + 250 * 60_000).toISOString(),
              excerpt: longChatMessage(250),
            },
          ],
        },
      ],
      conflicts: [],
      missing_coverage: [],
      index_status: "ready",
      confidence: "medium",
      action: "answer_from_report",
      archival_content: true,
      evidence_only: false,
    };
    const answerChatId = Number(
      insertChat.run(appId, "Database answer", START_MS + DAY_MS, "answer").lastInsertRowid,
    );
    insertMessage.run(answerChatId, "user", report.query, START_MS + DAY_MS);
    const card = renderCardXml({
      kind: "explore",
      card: { state: "complete", query: report.query, report },
    });
    const answerMessageId = Number(
      insertMessage.run(
        answerChatId,
        "assistant",
        `${card}\nThe card's evidence is the newest word on it.`,
        START_MS + DAY_MS + 60_000,
      ).lastInsertRowid,
    );
    return { longChatId, answerChatId, answerMessageId, targetMessageId, tableMessageId: ids[3]! };
  })();
}

let harness: Harness;
let seeded: Seeded;

beforeAll(async () => {
  harness = await startHarness();
  seeded = seedLayoutHistory(harness);
});
afterAll(async () => {
  await harness?.close();
});

/** True when `selector`'s box lies wholly inside the viewport. */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return (
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= window.innerHeight &&
      box.right <= window.innerWidth
    );
  });
}

/** True when the page scrolls sideways, or a header or composer control is cut off at the edge. */
async function pageWiderThanScreen(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = document.querySelectorAll(".topbar *, .composer *, .permission-row *");
    const clipped = [...controls].some((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
    });
    return clipped || document.documentElement.scrollWidth > width;
  });
}

describe.each(SIZES)("at $name", (size) => {
  let page: Page;
  /** Content-Security-Policy violations Chromium reported: the app must work under the server's CSP. */
  const cspViolations: string[] = [];
  /**
   * Console errors about anything but the JSON API — a page asset that failed to load (a 404
   * favicon, script or stylesheet) among them. The API's own 404s are what the not-found tests
   * ask for, so they are left out.
   */
  const consoleErrors: string[] = [];
  beforeAll(async () => {
    page = await harness.newPage({ viewport: { width: size.width, height: size.height } });
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
      const source = message.location().url;
      const fromApi = source !== "" && new URL(source).pathname.startsWith("/api/");
      if (message.type() === "error" && !fromApi) consoleErrors.push(`${message.text()} ${source}`);
    });
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() >= 400 && !path.startsWith("/api/")) {
        consoleErrors.push(`${response.status()} ${path}`);
      }
    });
  });
  afterAll(async () => {
    await page.context().close();
    expect(cspViolations).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("links a favicon the server serves, so the browser asks for no missing /favicon.ico", async () => {
    await page.goto(`${harness.url}/`);
    const href = await page.locator('link[rel="icon"]').getAttribute("href", { timeout: 5_000 });
    expect(href).toMatch(/^\/assets\/favicon-[\w-]+\.svg$/);
    const icon = await page.request.get(`${harness.url}${href}`);
    expect([icon.status(), icon.headers()["content-type"]]).toEqual([200, "image/svg+xml"]);
    expect(await icon.text()).toMatch(/^<svg /);
  });

  it(
    "keeps the composer in view on a 500-message chat, scrolled to the newest message",
    async () => {
      // Baseline in the same run: the same navigation to a 2-message chat.
      const baselineStarted = Date.now();
      await page.goto(
        `${harness.url}/#/chat/${harness.seeded.appId}/${harness.seeded.paymentsChatId}`,
      );
      await page.locator(".message").nth(1).waitFor();
      const baselineMs = Date.now() - baselineStarted;
      await page.goto("about:blank");
      const started = Date.now();
      await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${seeded.longChatId}`);
      await page
        .locator(".message")
        .nth(LONG_CHAT_MESSAGES - 1)
        .waitFor();
      const loadedMs = Date.now() - started;
      const apiMs = await page.evaluate(() =>
        Math.round(
          performance
            .getEntriesByType("resource")
            .filter((entry) => entry.name.includes("/messages"))
            .at(-1)?.duration ?? -1,
        ),
      );
      console.log(
        `[layout] ${size.name}: 500-message chat shown ${loadedMs} ms after navigation (messages API ${apiMs} ms); 2-message chat ${baselineMs} ms`,
      );
      expect(await page.locator(".message").count()).toBe(LONG_CHAT_MESSAGES);
      await expect.poll(() => inViewport(page, ".composer")).toBe(true);
      await expect.poll(() => inViewport(page, ".topbar")).toBe(true);
      await expect.poll(() => inViewport(page, ".message:last-child")).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await pageWiderThanScreen(page)).toBe(false);
      await screenshot(page, `layout-long-chat-${size.name}`);
      expect(await seriousViolations(page)).toEqual([]);
    },
    LONG_CHAT_TEST_MS,
  );

  it(
    "renders GFM as real elements, <details> as a disclosure, and raw HTML as text",
    async () => {
      const message = page.locator(`article[data-message-id="${seeded.tableMessageId}"]`);
      await message.scrollIntoViewIfNeeded();
      const table = message.locator("table").first();
      expect(await table.locator("th").allTextContents()).toEqual(["Option", "Cost", "Decision"]);
      expect(await message.locator("del").textContent()).toBe("maybe");
      expect(
        await message
          .locator(".task-box")
          .evaluateAll((boxes) => boxes.map((box) => box.getAttribute("aria-label"))),
      ).toEqual(["Done", "To do"]);
      const disclosure = message.locator("details.md-details");
      expect(await disclosure.locator("summary").textContent()).toBe(
        "Listed directory src • 3 results",
      );
      expect(await disclosure.locator("summary strong").textContent()).toBe("3");
      await disclosure.locator("summary").click();
      expect(await disclosure.locator("table td").textContent()).toBe("cli.ts");
      expect(await message.locator("pre code").textContent()).toContain("new Pool");
      expect(await message.locator("script").count()).toBe(0);
      expect(await message.textContent()).toContain(
        "<script>alert('raw html stays text')</script>",
      );
      expect(await pageWiderThanScreen(page)).toBe(false);
      await message.screenshot({ path: `e2e-screenshots/layout-markdown-${size.name}.png` });
    },
    LONG_CHAT_TEST_MS,
  );

  it("opens an evidence target highlighted, by URL, and goes back to the answer", async () => {
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${seeded.answerChatId}`);
    const link = page.getByRole("link", {
      name: `Open message ${seeded.targetMessageId} in “Long database thread”`,
    });
    await link.waitFor();
    await screenshot(page, `layout-evidence-card-${size.name}`);
    await link.focus();
    await page.keyboard.press("Enter");
    const target = page.locator(`article[data-message-id="${seeded.targetMessageId}"]`);
    await expect.poll(() => target.getAttribute("class")).toContain("is-target");
    expect(page.url()).toContain(
      `#/chat/${harness.seeded.appId}/${seeded.longChatId}?message=${seeded.targetMessageId}&from=${seeded.answerChatId}.${seeded.answerMessageId}`,
    );
    await expect
      .poll(() => inViewport(page, `article[data-message-id="${seeded.targetMessageId}"]`))
      .toBe(true);
    expect(await target.locator(".target-badge").textContent()).toBe("Cited message");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-message-id"))).toBe(
      String(seeded.targetMessageId),
    );
    await expect.poll(() => inViewport(page, ".composer")).toBe(true);
    await screenshot(page, `layout-evidence-target-${size.name}`);
    expect(await seriousViolations(page)).toEqual([]);

    // A reload (or a shared link) lands on the same highlighted message.
    await page.reload();
    await expect.poll(() => target.getAttribute("class")).toContain("is-target");
    await expect
      .poll(() => inViewport(page, `article[data-message-id="${seeded.targetMessageId}"]`))
      .toBe(true);

    // The way back is the next stop after the focused cited message, not one past the whole chat.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "← Back to the answer",
    );
    await page.getByRole("link", { name: "Back to the answer" }).click();
    const answer = page.locator(`article[data-message-id="${seeded.answerMessageId}"]`);
    await expect.poll(() => answer.getAttribute("class")).toContain("is-target");
    // Back at the answer, its start is on screen (a tall answer is not centred past its top).
    const [answerTop, listTop] = await Promise.all([
      answer.evaluate((element) => element.getBoundingClientRect().top),
      page.locator(".messages").evaluate((element) => element.getBoundingClientRect().top),
    ]);
    expect(answerTop).toBeGreaterThanOrEqual(listTop - 1);
    expect(page.url()).toContain(
      `#/chat/${harness.seeded.appId}/${seeded.answerChatId}?message=${seeded.answerMessageId}`,
    );
  });

  it("shows another app's chat, or a message outside the chat, as not found", async () => {
    const foreign = harness.seeded.messageIds.other![0]!;
    await page.goto(
      `${harness.url}/#/chat/${harness.seeded.appId}/${harness.seeded.otherChatId}?message=${foreign}`,
    );
    await page.locator(".banner-error").waitFor();
    expect(await page.locator(".banner-error").textContent()).toBe(
      "Could not load: This message is not in this app's history.",
    );
    expect(await page.locator(".message").count()).toBe(0);
    expect(await page.textContent("body")).not.toContain("OAuth with GitHub");
  });
});

/**
 * The drawer exists only below 720 px, so this runs at the phone size alone, on its own page,
 * instead of being skipped at the two desktop sizes.
 */
describe(`at ${PHONE.name}, the chat list is a drawer`, () => {
  let page: Page;
  beforeAll(async () => {
    page = await harness.newPage({ viewport: { width: PHONE.width, height: PHONE.height } });
  });
  afterAll(async () => {
    await page.context().close();
  });

  it("opens a chat from the drawer", async () => {
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}`);
    const toggle = page.getByRole("button", { name: "Chats" });
    expect(await page.locator(".sidebar").isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const drawerLink = page.locator(".sidebar .chat-link", { hasText: "Payments provider" });
    await drawerLink.waitFor();
    await expect.poll(() => inViewport(page, ".sidebar")).toBe(true);
    await screenshot(page, `layout-drawer-open-${PHONE.name}`);
    expect(await seriousViolations(page)).toEqual([]);
    await drawerLink.click();
    await page.locator(".message", { hasText: "We chose Stripe Checkout" }).waitFor();
    await expect.poll(() => page.locator(".sidebar").isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await screenshot(page, `layout-drawer-chat-${PHONE.name}`);

    // Keyboard: the open drawer takes focus and holds it (Tab cycles inside it, both ways).
    await toggle.click();
    const inDrawer = () =>
      page.evaluate(() => document.querySelector(".sidebar")?.contains(document.activeElement));
    expect(await inDrawer()).toBe(true);
    for (let press = 0; press < 15; press += 1) {
      await page.keyboard.press("Tab");
      expect(await inDrawer()).toBe(true);
    }
    for (let press = 0; press < 15; press += 1) {
      await page.keyboard.press("Shift+Tab");
      expect(await inDrawer()).toBe(true);
    }
    // Escape closes the drawer and gives focus back to the header button.
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("drawer-toggle");
  });
});

describe("at 360 px", () => {
  it("nothing is wider than the screen on any page", async () => {
    const page = await harness.newPage({ viewport: { width: 360, height: 740 } });
    for (const hash of [
      `#/chat/${harness.seeded.appId}/${seeded.longChatId}`,
      `#/chat/${harness.seeded.appId}/${seeded.answerChatId}`,
      `#/chat/${harness.seeded.appId}/${harness.seeded.legacyChatId}`,
      "#/permissions",
    ]) {
      await page.goto(`${harness.url}/${hash}`);
      await page.locator(".main *").first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await pageWiderThanScreen(page), hash).toBe(false);
    }
    await screenshot(page, "layout-permissions-360");
    await page.context().close();
  });
});

describe("a route naming an app that does not exist", () => {
  it("shows one app-not-found state, stays on the route and lists no app's chats", async () => {
    const page = await harness.newPage();
    const name = encodeURIComponent("Acme Shop");
    for (const hash of [
      "#/chat/Nope",
      `#/chat/${name}`,
      "#/chat/999999",
      `#/chat/999999/${harness.seeded.authChatId}?message=${harness.seeded.messageIds.auth![0]}`,
      "#/chat/%F0%9F%99%82/1",
      "#/chat/0",
    ]) {
      await page.goto(`${harness.url}/${hash}`);
      await page.locator('[data-error="app-not-found"]').waitFor();
      await page.waitForLoadState("networkidle");
      expect(new URL(page.url()).hash, hash).toBe(hash);
      expect(await page.locator(".banner-error").count(), hash).toBe(1);
      expect(await page.locator(".chat-link").count(), hash).toBe(0);
      expect(await page.locator(".message").count(), hash).toBe(0);
      expect(await page.locator("#app-picker").inputValue(), hash).toBe("");
      expect(await page.locator("#composer-input").isDisabled(), hash).toBe(true);
    }
    await screenshot(page, "layout-app-not-found");
    expect(await seriousViolations(page)).toEqual([]);

    // Coming from a real app keeps nothing of it; picking an app again recovers.
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}`);
    await page.locator(".chat-link").first().waitFor();
    await page.goto(`${harness.url}/#/chat/999999`);
    await page.locator('[data-error="app-not-found"]').waitFor();
    expect(await page.locator(".chat-link").count()).toBe(0);
    await page.locator("#app-picker").selectOption(String(harness.seeded.appId));
    await page.locator(".chat-link").first().waitFor();
    expect(await page.locator('[data-error="app-not-found"]').count()).toBe(0);
    expect(new URL(page.url()).hash).toBe(`#/chat/${harness.seeded.appId}`);
    await page.context().close();
  });
});
