/**
 * What became of a chat and of cited messages since they were synced (issue 30), in real Chromium:
 * a chat whose file the agent deleted is labelled "Only in Recollect" in the chat list and its
 * header, and a stored card's evidence says so too, and flags a cited message a later sync
 * edited ("Changed since cited") while showing the excerpt it observed.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderCardXml } from "../src/card/card-xml.js";
import { exploreHistoryCard } from "../src/card/history-card.js";
import { evidenceTargetFixture, reportFixture } from "../src/card/testing/report-fixture.js";
import { seedOwnChat } from "../src/server/testing/seed-history.js";
import { type Harness, seriousViolations, startHarness } from "./harness.js";

const AT_MS = Date.UTC(2026, 2, 20, 9, 0, 0);

let harness: Harness;
let page: Page;
let keptChat = 0;
let ownChat = 0;
let cited: readonly number[] = [];

beforeAll(async () => {
  harness = await startHarness();
  ({ chatId: keptChat, messageIds: cited } = harness.addChat("Deleted session", [
    ["user", "Which queue?", AT_MS],
    ["assistant", "SQS, with a dead-letter queue.", AT_MS + 60_000],
  ]));
  // Synced from a file the agent has since deleted.
  harness.store.db
    .prepare("UPDATE chats SET source_file = ? WHERE id = ?")
    .run("/nonexistent/recollect-e2e/deleted-session.jsonl", keptChat);
  const target = (index: number, excerpt: string) =>
    evidenceTargetFixture({
      chat_id: keptChat,
      chat_title: "Deleted session",
      message_id: cited[index] ?? 0,
      role: index === 0 ? "user" : "assistant",
      excerpt,
    });
  ownChat = seedOwnChat(harness.store, {
    appId: harness.seeded.appId,
    title: "Queue question",
    externalId: "kept-and-changed",
    lines: [
      ["user", "Which queue did we pick?"],
      [
        "assistant",
        renderCardXml(
          exploreHistoryCard({
            state: "complete",
            query: "which queue",
            // Medium confidence: the card stays open (only a high-confidence one collapses).
            report: reportFixture({
              confidence: "medium",
              findings: [
                // The reply said "SQS." when the card was made; a sync has edited it since.
                { claim: "SQS.", evidence: [target(1, "SQS."), target(0, "Which queue?")] },
              ],
            }),
          }),
        ),
      ],
    ],
  });
  page = await harness.newPage();
});
afterAll(async () => {
  await harness?.close();
});

describe("a kept chat and a changed citation", () => {
  it("flag the card's evidence: changed since cited, only in Recollect", async () => {
    await page.goto(`${harness.url}/#/chat/${harness.seeded.appId}/${ownChat}`);
    const edited = page.locator(`.evidence-item[data-message-id="${cited[1]}"]`);
    await edited.waitFor();
    // The card keeps what it observed.
    expect(await edited.locator(".evidence-excerpt").textContent()).toBe("SQS.");
    expect(await edited.locator("[data-citation]").allTextContents()).toEqual([
      "Changed since cited",
      "Only in Recollect (its file was deleted)",
    ]);
    const same = page.locator(`.evidence-item[data-message-id="${cited[0]}"]`);
    expect(await same.locator("[data-citation]").allTextContents()).toEqual([
      "Only in Recollect (its file was deleted)",
    ]);
    expect(await edited.getByRole("link", { name: /Open message/ }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("labels the kept chat in the chat list and in its header", async () => {
    const link = page.locator(`a.chat-link[href="#/chat/${harness.seeded.appId}/${keptChat}"]`);
    expect(await link.locator("[data-kept]").textContent()).toBe("Only in Recollect");
    const own = page.locator(`a.chat-link[href="#/chat/${harness.seeded.appId}/${ownChat}"]`);
    expect(await own.locator("[data-kept]").count()).toBe(0);
    await link.click();
    const header = page.locator(`.chat-header[data-chat-id="${keptChat}"]`);
    await header.waitFor();
    expect(await header.locator("[data-kept]").textContent()).toBe("Only in Recollect");
    expect(await header.locator("[data-kept]").getAttribute("title")).toBe(
      "The agent deleted this chat’s file; Recollect keeps its copy.",
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});
