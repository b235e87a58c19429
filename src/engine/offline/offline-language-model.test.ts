import { generateText, hasToolCall, stepCountIs, streamText } from "ai";
import { describe, expect, test } from "vitest";
import { submitReportInputSchema } from "../../agent/tools/explore-chat-history/child-protocol.js";
import { createFixtureTools } from "./fixture-history-tools.js";
import { createOfflineLanguageModel, OFFLINE_MODEL_ID } from "./offline-language-model.js";
import { AUTH_HISTORY } from "./offline-test-fixtures.js";

const PROMPT =
  "Research question from the user:\n<question>What did we decide about authentication?</question>";

async function explore(
  options: { prompt?: string; forceSubmitAtStep?: number; callBudget?: number } = {},
) {
  const fixture = createFixtureTools({
    messages: AUTH_HISTORY,
    ...(options.callBudget !== undefined ? { callBudget: options.callBudget } : {}),
  });
  const result = streamText({
    model: createOfflineLanguageModel(),
    system: "You are the history explorer.",
    prompt: options.prompt ?? PROMPT,
    tools: fixture.tools,
    stopWhen: [stepCountIs(10), hasToolCall("submit_report")],
    prepareStep: ({ stepNumber }) =>
      options.forceSubmitAtStep !== undefined && stepNumber >= options.forceSubmitAtStep
        ? { toolChoice: { type: "tool", toolName: "submit_report" } }
        : {},
  });
  const types: string[] = [];
  for await (const part of result.fullStream) {
    types.push(part.type);
    if (part.type === "error") throw part.error;
  }
  return { fixture, types, steps: await result.steps };
}

describe("offline engine through streamText", () => {
  test("searches, reads around the strongest hits and submits a cited report with the conflict", async () => {
    const { fixture } = await explore();
    expect(fixture.calls.map((call) => [call.toolName, call.input])).toEqual([
      ["search_chats", { query: "authentication", limit: 8 }],
      // Thin evidence after one search: the top-ranked chat's title ("Login") is fed back.
      ["search_chats", { query: "login", limit: 8 }],
      ["search_chats", { query: "login session jwt oauth password", limit: 8 }],
      ["search_chats", { query: "Clerk Supabase Auth", limit: 8 }],
      ["read_chat", { chat_id: 2, around_message_id: 11, before: 2, after: 3 }],
      ["read_chat", { chat_id: 1, around_message_id: 1, before: 2, after: 3 }],
      ["submit_report", fixture.submitted[0]],
    ]);
    const report = fixture.submitted[0];
    expect(submitReportInputSchema.parse(report)).toEqual(report);
    expect(report?.summary.startsWith("Extractive summary (offline engine):")).toBe(true);
    expect(report?.conflicts).toEqual([
      {
        description:
          "Possibly superseded (auth): Supabase Auth (2026-01-10), then Clerk (2026-03-02); confirm with the user.",
        candidate_ids: ["c2", "c4"],
      },
    ]);
    expect(report?.findings[0]).toEqual({
      claim: "On 2026-03-02 the assistant changed course: Clerk.",
      candidate_ids: ["c4"],
    });
    expect(report?.confidence).toBe("medium");
  });

  test("is deterministic: the same history and question give identical calls and report", async () => {
    const first = await explore();
    const second = await explore();
    expect(second.fixture.calls).toEqual(first.fixture.calls);
  });

  test("streams tool input as start/delta/end followed by the whole tool call", async () => {
    const { types } = await explore({ forceSubmitAtStep: 0 });
    expect(types.slice(0, 4)).toEqual([
      "start",
      "start-step",
      "tool-input-start",
      "tool-input-delta",
    ]);
    expect(types).toContain("tool-input-end");
    expect(types).toContain("tool-call");
    expect(types.at(-1)).toBe("finish");
  });

  test("honours a forced submit_report (the host's last step)", async () => {
    const { fixture } = await explore({ forceSubmitAtStep: 2 });
    expect(fixture.calls.map((call) => call.toolName)).toEqual([
      "search_chats",
      "search_chats",
      "submit_report",
    ]);
  });

  test("submits when the host reports the call budget spent", async () => {
    const { fixture } = await explore({ callBudget: 2 });
    expect(fixture.calls.map((call) => call.toolName)).toEqual([
      "search_chats",
      "search_chats",
      "submit_report",
    ]);
  });

  test("nothing relevant: submits an empty findings list", async () => {
    const { fixture } = await explore({
      prompt: "<question>What did we decide about payments?</question>",
    });
    expect(fixture.submitted[0]?.findings).toEqual([]);
    expect(fixture.calls.filter((call) => call.toolName === "read_chat")).toEqual([]);
  });

  test("works through generateText (doGenerate) too", async () => {
    const fixture = createFixtureTools({ messages: AUTH_HISTORY });
    const result = await generateText({
      model: createOfflineLanguageModel(),
      prompt: PROMPT,
      tools: fixture.tools,
      stopWhen: [stepCountIs(10), hasToolCall("submit_report")],
    });
    expect(result.steps).toHaveLength(7);
    expect(result.response.modelId).toBe(OFFLINE_MODEL_ID);
    expect(result.totalUsage.inputTokens).toBeGreaterThan(0);
  });
});

describe("doStream / doGenerate directly", () => {
  const options = {
    prompt: [{ role: "user" as const, content: [{ type: "text" as const, text: PROMPT }] }],
    tools: [
      { type: "function" as const, name: "search_chats", inputSchema: { type: "object" as const } },
      {
        type: "function" as const,
        name: "submit_report",
        inputSchema: { type: "object" as const },
      },
    ],
  };

  test("doGenerate returns one tool call with JSON input and tool-calls finish", async () => {
    const result = await createOfflineLanguageModel().doGenerate(options);
    expect(result.content).toEqual([
      {
        type: "tool-call",
        toolCallId: "offline-call-1",
        toolName: "search_chats",
        input: '{"query":"authentication","limit":8}',
      },
    ]);
    expect(result.finishReason).toEqual({ unified: "tool-calls", raw: "tool_calls" });
    expect(result.usage.outputTokens.total).toBe(9);
  });

  test("an aborted signal rejects doGenerate and doStream", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const model = createOfflineLanguageModel();
    await expect(model.doGenerate({ ...options, abortSignal: controller.signal })).rejects.toThrow(
      "stop",
    );
    await expect(model.doStream({ ...options, abortSignal: controller.signal })).rejects.toThrow(
      "stop",
    );
  });

  test("aborting mid-stream errors the stream", async () => {
    const controller = new AbortController();
    const { stream } = await createOfflineLanguageModel().doStream({
      ...options,
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    expect((await reader.read()).value).toEqual({ type: "stream-start", warnings: [] });
    controller.abort(new Error("cancelled"));
    await expect(reader.read()).rejects.toThrow("cancelled");
  });

  test("streamText reports an abort before any tool runs", async () => {
    const fixture = createFixtureTools({ messages: AUTH_HISTORY });
    const controller = new AbortController();
    controller.abort();
    const result = streamText({
      model: createOfflineLanguageModel(),
      prompt: PROMPT,
      tools: fixture.tools,
      abortSignal: controller.signal,
      onError: () => {},
    });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);
    expect(types).toContain("abort");
    expect(fixture.calls).toEqual([]);
  });
});
