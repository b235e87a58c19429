/**
 * The web app on a team store (`recollect serve --store postgres://…`, issue 32), in real
 * Chromium against a real PostgreSQL: a reply's citation names the team store's chat and message,
 * and following it opens that chat (`store=team`), never the local chat that shares its id.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createHistoryFixture } from "../src/history/testing/history-fixture.js";
import { createTeamFixture, type TeamFixture } from "../src/team/testing/team-fixture.js";
import {
  POSTGRESQL,
  type PostgresCluster,
  startPostgresCluster,
} from "../src/test/postgres-cluster.js";
import { describeRequiring } from "../src/test/require-resource.js";
import { ask, type Harness, seriousViolations, startHarness } from "./harness.js";

const QUESTION = "Which queue did the team settle on?";
const TEAM_TEXT = "The team settled on SQS with dead-letter queues.";

describeRequiring([POSTGRESQL], "the web app on a team store", () => {
  let cluster: PostgresCluster;
  let team: TeamFixture;
  let harness: Harness;
  let teamChat = 0;
  let teamMessage = 0;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    team = await createTeamFixture(cluster, "web");
    await team.grant("Acme Shop", "alice");
    // A teammate's machine: the same app, a chat the local store does not have.
    const desk = createHistoryFixture();
    const chat = desk.chat(desk.app("Acme Shop"), "Queue decision", Date.UTC(2026, 3, 1));
    desk.message(chat, "user", "Which queue?", { createdAt: Date.UTC(2026, 3, 1, 9) });
    desk.message(chat, "assistant", TEAM_TEXT, { createdAt: Date.UTC(2026, 3, 1, 9, 1) });
    await team.push("alice", desk.store, "desk");
    desk.store.close();
    const port = await team.portFor("alice");
    const app = await port.resolveApp("Acme Shop");
    teamChat = (await port.listChats(app.id))[0]?.id ?? 0;
    const read = await port.readChat(
      { appId: app.id, currentChatId: null, currentMessageId: null },
      { chat_id: teamChat },
    );
    teamMessage = read.messages[1]?.message_id ?? 0;
    harness = await startHarness({ history: port });
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    await team?.close();
    cluster?.stop();
  });

  it("opens a cited team message from the reply, not the local chat of the same id", async () => {
    const page = await harness.newPage();
    harness.setScenario({
      query: QUESTION,
      explorer: [],
      answer: "unused",
      primaryCall: {
        type: "text",
        text: `SQS: [“Queue decision”, 2026-04-01](recollect:chat/${teamChat}/message/${teamMessage}).`,
      },
    });
    await ask(page, harness.url, harness.seeded.appId, QUESTION);
    const link = page.locator(".message-assistant a.cited-link");
    await link.waitFor({ timeout: 30_000 });
    expect(await link.getAttribute("href")).toContain("store=team");
    await link.click();
    const target = page.locator(`article[data-message-id="${teamMessage}"]`);
    await expect.poll(() => target.getAttribute("class")).toContain("is-target");
    expect(await target.locator(".message-body").textContent()).toBe(TEAM_TEXT);
    expect(page.url()).toContain(`/${teamChat}?message=${teamMessage}&from=`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
