/**
 * The primary loop against a hosted model over real HTTP (the scripted OpenAI-compatible server
 * with the real AI SDK provider): what the model is offered, consent, drill-down, failures.
 */

import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { afterEach, describe, expect, it } from "vitest";
import type { AgentEvent } from "../../contracts/agent-events.js";
import type { Store } from "../../store/open-store.js";
import {
  type ScriptedOpenAIServer,
  type ScriptedTurn,
  startScriptedOpenAIServer,
} from "../../test/scripted-openai-server.js";
import { buildToolSet } from "../build-tool-set.js";
import { scriptedConsentPrompter } from "../consent/consent-prompter.js";
import type { AgentContext } from "../context.js";
import { createExplorerEngine } from "../explorer-engine.js";
import { standardStore } from "../tools/explore-chat-history/testing/explore-test-fixtures.js";
import { runPrimaryTurn } from "./run-primary-turn.js";

const servers: ScriptedOpenAIServer[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const store of stores.splice(0)) store.close();
});

async function hostedTurn(
  script: (ids: ReturnType<typeof standardStore>["ids"]) => ScriptedTurn[],
  isPro = true,
) {
  const { store, ids } = standardStore();
  stores.push(store);
  const server = await startScriptedOpenAIServer({ script: script(ids) });
  servers.push(server);
  const model = createOpenAICompatible({ name: "scripted", baseURL: server.baseUrl }).chatModel(
    "primary",
  );
  const ctx: AgentContext = {
    store,
    appId: ids.apps.get("Tasktide")!,
    chatId: null,
    messageId: null,
    isPro,
    abortSignal: new AbortController().signal,
  };
  const events: AgentEvent[] = [];
  const prompter = scriptedConsentPrompter("allow");
  const result = await runPrimaryTurn({
    ctx,
    model,
    engine: createExplorerEngine({ kind: "offline" }),
    mode: "ask",
    toolSet: buildToolSet(ctx, { mode: "ask", freeModelMode: false }),
    messages: [{ role: "user", content: "What did we decide about authentication?" }],
    prompter,
    onEvent: (event) => events.push(event),
  });
  const systemOf = (index: number) =>
    JSON.stringify(server.requests[index]?.body?.messages.find((m) => m.role === "system"));
  return { server, result, events, prompter, ids, systemOf };
}

describe("hosted primary model over HTTP", () => {
  it("Pro: offered explorer + read_chat (never search_chats); explore, drill down once with consent, answer", async () => {
    const { server, result, prompter, systemOf } = await hostedTurn((ids) => [
      {
        type: "tool-call",
        name: "explore_chat_history",
        args: { query: "authentication decision" },
      },
      {
        type: "tool-call",
        name: "read_chat",
        args: {
          chat_id: ids.chats.get("auth-2")!,
          around_message_id: ids.messages.get("auth-2#1")!,
        },
      },
      { type: "text", text: "Authentication moved to Clerk on 2026-02-03." },
    ]);
    expect(server.requests.map((r) => r.toolNames)).toEqual([
      ["explore_chat_history", "read_chat"],
      ["read_chat"],
      ["read_chat"],
    ]);
    expect(systemOf(0)).toContain("call explore_chat_history");
    expect(prompter.requests.map((r) => r.toolName)).toEqual(["read_chat"]);
    const lastMessages = JSON.stringify(server.requests[2]?.body?.messages);
    expect(lastMessages).toContain("archival_content");
    expect(lastMessages).toContain("Agreed: authentication now uses Clerk instead of sessions.");
    expect(result).toMatchObject({
      outcome: "finished",
      text: "Authentication moved to Clerk on 2026-02-03.",
      steps: 3,
    });
  });

  it("not Pro: the request carries no history tool and no routing guidance", async () => {
    const { server, systemOf } = await hostedTurn(
      () => [{ type: "text", text: "I cannot look that up." }],
      false,
    );
    expect(server.requests[0]?.toolNames).toEqual([]);
    expect(systemOf(0)).not.toMatch(/explore_chat_history|read_chat|search_chats/);
  });

  it("HTTP 429 and 500 end the turn with classified errors", async () => {
    const limited = await hostedTurn(() => [{ type: "http-error", status: 429 }]);
    expect(limited.result.error?.kind).toBe("rate_limited");
    expect(limited.events.at(-1)).toMatchObject({
      type: "turn-error",
      error: { kind: "rate_limited" },
    });
    const failed = await hostedTurn(() => [{ type: "http-error", status: 500 }]);
    expect(failed.result.error?.kind).toBe("provider");
  });
});
