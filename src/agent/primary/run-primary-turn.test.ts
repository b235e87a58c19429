import type { LanguageModel } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../contracts/agent-events.js";
import { agentEventSchema } from "../../contracts/agent-events.js";
import type { AgentMode } from "../../contracts/agent-mode.js";
import type { Store } from "../../store/open-store.js";
import { createMemoryTelemetrySink } from "../../telemetry/index.js";
import { buildToolSet } from "../build-tool-set.js";
import { scriptedConsentPrompter } from "../consent/consent-prompter.js";
import type { StoredConsents } from "../consent/resolve-consent.js";
import type { AgentContext } from "../context.js";
import { createExplorerEngine } from "../explorer-engine.js";
import {
  call,
  mockModel,
  standardStore,
} from "../tools/explore-chat-history/testing/explore-test-fixtures.js";
import { ROUTER_GREETING_TEXT, ROUTER_NO_HISTORY_TEXT } from "./offline-router/route-turn.js";
import { ASK_TO_CONFIRM } from "./offline-router/text-under-card.js";
import { createOfflineRouterModel } from "./offline-router-model.js";
import { runPrimaryTurn } from "./run-primary-turn.js";

const opened: Store[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

interface TurnSetup {
  readonly isPro?: boolean;
  readonly mode?: AgentMode;
  readonly consents?: StoredConsents;
  readonly decision?: "allow" | "deny";
  readonly model?: LanguageModel;
  readonly message: string;
  readonly abortOn?: (event: AgentEvent) => boolean;
}

async function turn(setup: TurnSetup) {
  const { store, ids } = standardStore();
  opened.push(store);
  const controller = new AbortController();
  const ctx: AgentContext = {
    store,
    appId: ids.apps.get("Tasktide")!,
    chatId: null,
    messageId: null,
    isPro: setup.isPro ?? true,
    abortSignal: controller.signal,
  };
  const mode = setup.mode ?? "agent";
  const events: AgentEvent[] = [];
  const prompter = scriptedConsentPrompter(setup.decision ?? "allow");
  const telemetry = createMemoryTelemetrySink({ now: () => 0 });
  const result = await runPrimaryTurn({
    ctx,
    model: setup.model ?? createOfflineRouterModel(),
    engine: createExplorerEngine({ kind: "offline" }),
    mode,
    toolSet: buildToolSet(ctx, { mode, freeModelMode: false, consents: setup.consents }),
    messages: [{ role: "user", content: setup.message }],
    prompter,
    telemetry,
    onEvent: (event) => {
      events.push(event);
      if (setup.abortOn?.(event)) controller.abort();
    },
    turnId: "t1",
    now: () => 0,
  });
  return { result, events, prompter, telemetry, ids };
}

/** Event types with runs of text deltas and card updates collapsed, for readable order checks. */
function shape(events: readonly AgentEvent[]): string[] {
  const types: string[] = [];
  for (const event of events) {
    const label =
      event.type === "tool-result"
        ? `tool-result:${event.toolName}:${event.ok ? "ok" : event.error.kind}`
        : event.type === "tool-call-start"
          ? `tool-call-start:${event.toolName}`
          : event.type === "turn-error"
            ? `turn-error:${event.error.kind}`
            : event.type;
    if (types.at(-1) !== label) types.push(label);
  }
  return types;
}

describe("primary turn with the offline router", () => {
  it("routes a recall question to the explorer; the reply under its card repeats none of the report", async () => {
    const { result, events, prompter } = await turn({
      message: "What did we decide about login authentication?",
    });
    expect(shape(events)).toEqual([
      "turn-start",
      "tool-call-start:explore_chat_history",
      "card-update",
      "tool-result:explore_chat_history:ok",
      "turn-finish",
    ]);
    expect(events[0]).toEqual({
      type: "turn-start",
      turnId: "t1",
      mode: "agent",
      tools: [
        { name: "explore_chat_history", consent: "always" },
        { name: "read_chat", consent: "ask" },
        { name: "set_chat_summary", consent: "always" },
      ],
    });
    expect(events[1]).toEqual({
      type: "tool-call-start",
      toolCallId: "call-1",
      toolName: "explore_chat_history",
      input: { query: "What did we decide about login authentication?" },
    });
    expect(result.outcome).toBe("finished");
    expect(result.steps).toBe(2);
    // A complete report with no revision and enough evidence strength: the card says it all, so the reply adds nothing.
    const card = events.flatMap((e) => (e.type === "card-update" ? [e.card] : [])).at(-1);
    expect(card?.kind === "explore" && card.card.state).toBe("complete");
    expect(result.text).toBe("");
    expect(events.at(-1)).toEqual({
      type: "turn-finish",
      finishReason: "stop",
      text: result.text,
      steps: 2,
    });
    expect(prompter.requests).toEqual([]);
    for (const event of events) expect(agentEventSchema.safeParse(event).success).toBe(true);
  });

  it("answers chit-chat plainly, calling no tool", async () => {
    const { result, events } = await turn({ message: "hello there" });
    expect(shape(events)).toEqual(["turn-start", "text-delta", "turn-finish"]);
    expect(result.text).toBe(ROUTER_GREETING_TEXT);
    // A fixed reply, but no notice to a recall question: the greeting stays an ordinary turn.
    expect(events.at(-1)).toMatchObject({ type: "turn-finish", fixedReply: true });
    expect(events.at(-1)).not.toHaveProperty("recallNotice");
  });

  it("without Pro, a recall question gets no history tools and an honest reply", async () => {
    const { result, events } = await turn({
      isPro: false,
      message: "What did we decide about authentication?",
    });
    expect(events[0]).toEqual({
      type: "turn-start",
      turnId: "t1",
      mode: "agent",
      tools: [{ name: "set_chat_summary", consent: "always" }],
    });
    expect(shape(events)).toEqual(["turn-start", "text-delta", "turn-finish"]);
    expect(result.text).toBe(ROUTER_NO_HISTORY_TEXT);
    expect(events.at(-1)).toEqual({
      type: "turn-finish",
      finishReason: "stop",
      text: ROUTER_NO_HISTORY_TEXT,
      steps: 1,
      fixedReply: true,
      recallNotice: true,
    });
  });
});

describe("consent", () => {
  it("explorer consent ask: exactly one prompt for the explorer call, none for its internal reads", async () => {
    const { prompter, result } = await turn({
      message: "What did we decide about login authentication?",
      consents: { explore_chat_history: "ask", read_chat: "ask" },
    });
    expect(prompter.requests).toEqual([
      {
        toolName: "explore_chat_history",
        preview:
          "Explore this app's earlier chats: bounded same-app historical chat text may be sent to the Engine for synthesis.",
        disclosure:
          "Searches and reads this app's earlier chats on this device, and sends bounded same-app historical chat text to the Engine for synthesis.",
      },
    ]);
    expect(result.outcome).toBe("finished");
  });

  it("explorer denied: classified user_cancelled result the agent sees; no retrieval card", async () => {
    const { events, result } = await turn({
      message: "What did we decide about authentication?",
      consents: { explore_chat_history: "ask" },
      decision: "deny",
    });
    expect(shape(events)).toEqual([
      "turn-start",
      "tool-call-start:explore_chat_history",
      "tool-result:explore_chat_history:user_cancelled",
      "text-delta",
      "turn-finish",
    ]);
    expect(result.text).toBe(
      "You declined the history explorer, so I did not look at earlier chats.",
    );
  });

  it("direct read_chat with consent ask prompts exactly once per call, with the active-model disclosure", async () => {
    const { store, ids } = standardStore();
    opened.push(store);
    const chat = ids.chats.get("auth-1")!;
    const message = ids.messages.get("auth-1#1")!;
    const model = mockModel([
      call("read_chat", { chat_id: chat, around_message_id: message }),
      {
        calls: [
          { name: "read_chat", args: { chat_id: chat } },
          { name: "read_chat", args: { chat_id: chat, offset: 1 } },
        ],
      },
      { text: "done" },
    ]);
    const { prompter, events } = await turn({
      message: "show me that chat",
      model,
      decision: "allow",
    });
    expect(prompter.requests.map((r) => [r.toolName, r.disclosure])).toEqual([
      [
        "read_chat",
        "Sends the selected historical chat text from this app to the active model. Other apps' chats are never read.",
      ],
      [
        "read_chat",
        "Sends the selected historical chat text from this app to the active model. Other apps' chats are never read.",
      ],
      [
        "read_chat",
        "Sends the selected historical chat text from this app to the active model. Other apps' chats are never read.",
      ],
    ]);
    expect(prompter.requests[0]!.preview).toBe(
      `Send messages around message ${message} of earlier chat ${chat} from this app's history to the active model.`,
    );
    const results = events.filter((e) => e.type === "tool-result");
    expect(results.map((e) => e.type === "tool-result" && e.ok)).toEqual([true, true, true]);
  });

  it("a low-confidence report leads to one read_chat drill-down, prompted exactly once", async () => {
    const { prompter, events, result } = await turn({
      message: "what did we decide about Postgres deployment",
    });
    expect(shape(events)).toEqual([
      "turn-start",
      "tool-call-start:explore_chat_history",
      "card-update",
      "tool-result:explore_chat_history:ok",
      "tool-call-start:read_chat",
      "card-update",
      "tool-result:read_chat:ok",
      "text-delta",
      "turn-finish",
    ]);
    expect(prompter.requests.map((r) => r.toolName)).toEqual(["read_chat"]);
    // The reply adds only what the card cannot say: the question back, and what was read — the
    // top cited chat, the Postgres one (#3) or the deployment one (#4), as the ranking orders them.
    const drilled =
      /^I read the cited discussion \(\[“[^\]]*”\]\(recollect:chat\/(\d+)\/message\/\d+\)\) to check the exact wording\.$/.exec(
        result.text.slice(`${ASK_TO_CONFIRM}\n\n`.length),
      );
    expect(result.text.startsWith(`${ASK_TO_CONFIRM}\n\n`)).toBe(true);
    expect(["3", "4"]).toContain(drilled?.[1]);
  });

  it("read_chat denied: user_cancelled result, no card, the model sees the classified error", async () => {
    const model = mockModel([call("read_chat", { chat_id: 1 }), { text: "ok" }]);
    const { events } = await turn({ message: "read chat 1", model, decision: "deny" });
    expect(events.filter((e) => e.type === "card-update")).toEqual([]);
    expect(events.find((e) => e.type === "tool-result")).toEqual({
      type: "tool-result",
      toolCallId: "call_0_0",
      toolName: "read_chat",
      ok: false,
      error: { kind: "user_cancelled", message: "The user declined read_chat." },
    });
    const secondPrompt = model.doStreamCalls[1]!.prompt.at(-1);
    expect(JSON.stringify(secondPrompt)).toContain(
      '{\\"error\\":{\\"kind\\":\\"user_cancelled\\",\\"message\\":\\"The user declined read_chat.\\"}}',
    );
  });
});

describe("no restart of broad discovery", () => {
  it("after the explorer reports, later steps are not offered it; a second call fails classified", async () => {
    const model = mockModel([
      call("explore_chat_history", { query: "what did we decide about authentication?" }),
      call("explore_chat_history", { query: "authentication again" }),
      { text: "answer" },
    ]);
    const { events } = await turn({ message: "auth?", model });
    const offered = model.doStreamCalls.map((c) =>
      (c.tools ?? []).map((t) => (t.type === "function" ? t.name : "")),
    );
    expect(offered).toEqual([
      ["explore_chat_history", "read_chat", "set_chat_summary"],
      ["read_chat", "set_chat_summary"],
      ["read_chat", "set_chat_summary"],
    ]);
    const results = events.flatMap((e) =>
      e.type === "tool-result" ? [[e.toolName, e.ok ? "ok" : e.error.kind]] : [],
    );
    expect(results).toEqual([
      ["explore_chat_history", "ok"],
      ["explore_chat_history", "invalid_input"],
    ]);
  });
});

describe("failures and abort", () => {
  it("invalid tool input from the model becomes a classified tool result", async () => {
    const model = mockModel([call("read_chat", { chat_id: "x" }), { text: "sorry" }]);
    const { events, result } = await turn({ message: "read it", model });
    expect(shape(events)).toEqual([
      "turn-start",
      "tool-call-start:read_chat",
      "tool-result:read_chat:invalid_input",
      "text-delta",
      "turn-finish",
    ]);
    expect(result.outcome).toBe("finished");
  });

  it("abort during the explorer run ends the turn with turn-error(aborted) and nothing after it", async () => {
    const { events, result, telemetry } = await turn({
      message: "What did we decide about authentication?",
      abortOn: (event) => event.type === "card-update",
    });
    expect(result.outcome).toBe("aborted");
    expect(events.at(-1)).toEqual({
      type: "turn-error",
      error: { kind: "aborted", message: "The operation was cancelled." },
    });
    expect(events.filter((e) => e.type === "turn-error" || e.type === "turn-finish")).toHaveLength(
      1,
    );
    expect(events.some((e) => e.type === "text-delta")).toBe(false);
    const cards = events.flatMap((e) => (e.type === "card-update" ? [e.card] : []));
    expect(cards.some((card) => card.kind === "explore" && card.card.state === "complete")).toBe(
      false,
    );
    expect(telemetry.records.map((r) => [r.event, "outcome" in r ? r.outcome : null])).toEqual([
      ["tool_call", "error"],
      ["explore_run", "cancelled"],
      ["primary_turn", "aborted"],
    ]);
  });

  it("a model stream error part ends the turn with a classified turn-error", async () => {
    const model = mockModel([{ errorPart: new Error("upstream exploded") }]);
    const { events, result } = await turn({ message: "hi", model });
    expect(result.outcome).toBe("error");
    expect(events.at(-1)?.type).toBe("turn-error");
  });
});
