/**
 * One contract, every engine kind we can run without the network: the offline engine and an
 * openai-compatible engine pointed at the scripted HTTP server (real HTTP, real AI SDK provider).
 * Each must drive the explorer's child tools through `streamText` the same way: valid child tool
 * inputs, honour a forced `submit_report`, finish with a schema-valid report, stop on abort.
 */

import { hasToolCall, stepCountIs, streamText } from "ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Engine } from "../../../engine/engine.js";
import {
  type ScriptedOpenAIServer,
  startScriptedOpenAIServer,
} from "../../../test/scripted-openai-server.js";
import { createExplorerEngine } from "../../explorer-engine.js";
import {
  CHILD_TOOL_NAMES,
  childReadInputSchema,
  childSearchInputSchema,
  explorerTaskOptions,
  submitReportInputSchema,
} from "./child-protocol.js";
import { createFixtureTools } from "./offline/testing/fixture-history-tools.js";
import { AUTH_HISTORY } from "./offline/testing/offline-test-fixtures.js";

const QUESTION = "What did we decide about authentication?";
const SCRIPTED_REPORT = {
  summary: "Scripted analysis.",
  findings: [{ claim: "Clerk replaced Supabase Auth.", candidate_ids: ["c1"] }],
  conflicts: [],
  missing_coverage: [],
  confidence: "medium",
};

interface EngineUnderTest {
  readonly engine: () => Engine;
}

function drive(engine: Engine, options: { forceSubmit?: boolean; signal?: AbortSignal } = {}) {
  const fixture = createFixtureTools({ messages: AUTH_HISTORY });
  const result = streamText({
    model: engine.languageModel(),
    system: "You are the history explorer.",
    prompt: `<question>${QUESTION}</question>`,
    // The typed task the host sends beside the prose (a hosted provider ignores the namespace).
    providerOptions: explorerTaskOptions({ question: QUESTION, currentChatId: null }),
    tools: fixture.tools,
    stopWhen: [stepCountIs(10), hasToolCall("submit_report")],
    maxRetries: 0,
    onError: () => {},
    ...(options.signal ? { abortSignal: options.signal } : {}),
    ...(options.forceSubmit
      ? { toolChoice: { type: "tool" as const, toolName: "submit_report" as const } }
      : {}),
  });
  return { fixture, result };
}

async function partTypes(result: ReturnType<typeof drive>["result"]): Promise<string[]> {
  const types: string[] = [];
  for await (const part of result.fullStream) types.push(part.type);
  return types;
}

function engineContract(name: string, subject: EngineUnderTest) {
  describe(`engine contract: ${name}`, () => {
    test("the first turn is one child tool call with schema-valid input", async () => {
      const { fixture, result } = drive(subject.engine());
      await partTypes(result);
      const first = fixture.calls[0];
      expect(first?.toolName).toBe("search_chats");
      expect(childSearchInputSchema.safeParse(first?.input).success).toBe(true);
      for (const call of fixture.calls) {
        expect(CHILD_TOOL_NAMES).toContain(call.toolName);
        if (call.toolName === "read_chat")
          expect(childReadInputSchema.safeParse(call.input).success).toBe(true);
      }
    });

    test("the run ends with exactly one schema-valid submit_report within 10 steps", async () => {
      const { fixture, result } = drive(subject.engine());
      const types = await partTypes(result);
      expect(types).not.toContain("error");
      expect(fixture.submitted).toHaveLength(1);
      expect(submitReportInputSchema.safeParse(fixture.submitted[0]).success).toBe(true);
      expect(fixture.calls.at(-1)?.toolName).toBe("submit_report");
      expect((await result.steps).length).toBeLessThanOrEqual(10);
    });

    test("a forced submit_report is honoured on the first step", async () => {
      const { fixture, result } = drive(subject.engine(), { forceSubmit: true });
      await partTypes(result);
      expect(fixture.calls.map((call) => call.toolName)).toEqual(["submit_report"]);
    });

    test("an aborted run stops before any tool executes", async () => {
      const controller = new AbortController();
      controller.abort();
      const { fixture, result } = drive(subject.engine(), { signal: controller.signal });
      expect(await partTypes(result)).toContain("abort");
      expect(fixture.calls).toEqual([]);
    });
  });
}

engineContract("offline", { engine: () => createExplorerEngine({ kind: "offline" }) });

let server: ScriptedOpenAIServer;
beforeAll(async () => {
  // A scripted "hosted model": search once, then submit; honours a forced tool_choice like OpenAI does.
  server = await startScriptedOpenAIServer({
    script: (request) => {
      const forced = request.body?.tool_choice;
      const messages = request.body?.messages ?? [];
      const searched = messages.some((message) => message.role === "tool");
      if ((typeof forced === "object" && forced !== null) || searched) {
        return { type: "tool-call", name: "submit_report", args: SCRIPTED_REPORT };
      }
      return { type: "tool-call", name: "search_chats", args: { query: "authentication login" } };
    },
  });
});
afterAll(async () => {
  await server.close();
});

engineContract("openai-compatible (scripted server)", {
  engine: () =>
    createExplorerEngine({
      kind: "openai-compatible",
      baseUrl: server.baseUrl,
      modelId: "scripted-model",
    }),
});

describe("openai-compatible engine on the wire", () => {
  test("offers exactly the child tools and forwards a forced tool choice", () => {
    const requests = server.requests.filter((request) => request.toolNames.length > 0);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests)
      expect(request.toolNames).toEqual(["search_chats", "read_chat", "submit_report"]);
    expect(
      requests.some(
        (request) =>
          JSON.stringify(request.body?.tool_choice) ===
          '{"type":"function","function":{"name":"submit_report"}}',
      ),
    ).toBe(true);
    expect(
      requests.every((request) => request.body?.model === "scripted-model" && request.stream),
    ).toBe(true);
  });
});
