import { describe, expect, it } from "vitest";
import { RecollectError } from "../../errors/recollect-error.js";
import { openStore } from "../../store/open-store.js";
import { createExitPlanTool } from "./exit-plan-tool.js";
import { setChatSummaryTool } from "./set-chat-summary-tool.js";
import type { ToolExecutionContext } from "./tool-definition.js";
import { createWritePlanTool } from "./write-plan-tool.js";

function setup(chat: "own" | "other" | "none") {
  const store = openStore({ path: ":memory:" });
  const { db } = store;
  db.prepare(
    "INSERT INTO apps (id, name, created_at) VALUES (1, 'mine', 0), (2, 'other', 0)",
  ).run();
  db.prepare(
    "INSERT INTO chats (id, app_id, title, created_at, source, external_id) VALUES (10, 1, 'old', 0, 't', 'a'), (20, 2, 'theirs', 0, 't', 'b')",
  ).run();
  const ctx: ToolExecutionContext = {
    store,
    appId: 1,
    chatId: chat === "own" ? 10 : chat === "other" ? 20 : null,
    messageId: null,
    isPro: false,
    abortSignal: new AbortController().signal,
    engine: null,
    updateCard: () => {},
  };
  return { store, ctx };
}

describe("set_chat_summary", () => {
  it("persists the current chat's title and summary (no Pro needed)", async () => {
    const { store, ctx } = setup("own");
    expect(
      await setChatSummaryTool.execute({ title: "Auth", summary: "Login work." }, ctx),
    ).toEqual({
      chat_id: 10,
      updated: true,
    });
    expect(store.db.prepare("SELECT title, summary FROM chats WHERE id = 10").get()).toEqual({
      title: "Auth",
      summary: "Login work.",
    });
    expect(setChatSummaryTool.modifiesState).toBe(true);
    store.close();
  });

  it("refuses outside a chat and never writes another app's chat", async () => {
    for (const chat of ["none", "other"] as const) {
      const { store, ctx } = setup(chat);
      await expect(setChatSummaryTool.execute({ title: "x", summary: "y" }, ctx)).rejects.toSatisfy(
        (error) => RecollectError.isInstance(error) && error.kind === "precondition",
      );
      expect(store.db.prepare("SELECT title FROM chats ORDER BY id").pluck().all()).toEqual([
        "old",
        "theirs",
      ]);
      store.close();
    }
  });

  it("validates bounds in its schema", () => {
    expect(setChatSummaryTool.inputSchema.safeParse({ title: "", summary: "y" }).success).toBe(
      false,
    );
    expect(
      setChatSummaryTool.inputSchema.safeParse({ title: "t".repeat(121), summary: "y" }).success,
    ).toBe(false);
  });
});

describe("write_plan / exit_plan", () => {
  it("saves a draft plan scoped to app and chat, then marks the newest ready", async () => {
    const { store, ctx } = setup("own");
    let clock = 1000;
    const now = () => clock++;
    const write = createWritePlanTool({ now });
    const exit = createExitPlanTool({ now });
    expect(await write.execute({ title: "v1", plan: "1. a" }, ctx)).toEqual({
      plan_id: 1,
      status: "draft",
    });
    expect(await write.execute({ title: "v2", plan: "1. b" }, ctx)).toEqual({
      plan_id: 2,
      status: "draft",
    });
    expect(await exit.execute({}, ctx)).toEqual({ plan_id: 2, status: "ready" });
    expect(
      store.db
        .prepare("SELECT id, app_id, chat_id, title, status, created_at, updated_at FROM plans")
        .all(),
    ).toEqual([
      {
        id: 1,
        app_id: 1,
        chat_id: 10,
        title: "v1",
        status: "draft",
        created_at: 1000,
        updated_at: 1000,
      },
      {
        id: 2,
        app_id: 1,
        chat_id: 10,
        title: "v2",
        status: "ready",
        created_at: 1001,
        updated_at: 1002,
      },
    ]);
    store.close();
  });

  it("exit_plan without a plan is a precondition error", async () => {
    const { store, ctx } = setup("own");
    await expect(createExitPlanTool().execute({}, ctx)).rejects.toThrow(
      "exit_plan needs a plan saved with write_plan first.",
    );
    store.close();
  });
});
