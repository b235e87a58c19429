import { generateText, hasToolCall, stepCountIs, streamText } from "ai";
import { describe, expect, test } from "vitest";
import { explorerTaskOptions, submitReportInputSchema } from "../child-protocol.js";
import { createOfflineLanguageModel, OFFLINE_MODEL_ID } from "./offline-language-model.js";
import { createFixtureTools } from "./testing/fixture-history-tools.js";
import { AUTH_HISTORY } from "./testing/offline-test-fixtures.js";

async function explore(options: { forceSubmit?: boolean; ablate?: ["read"] } = {}) {
  const fixture = createFixtureTools({ messages: AUTH_HISTORY });
  const result = streamText({
    model: createOfflineLanguageModel(options.ablate ? { ablate: options.ablate } : {}),
    system: "You are the history explorer.",
    prompt: "Explore and submit a report.",
    providerOptions: explorerTaskOptions({
      question: "What did we decide about authentication?",
      currentChatId: null,
    }),
    tools: fixture.tools,
    stopWhen: [stepCountIs(10), hasToolCall("submit_report")],
    prepareStep: () =>
      options.forceSubmit ? { toolChoice: { type: "tool", toolName: "submit_report" } } : {},
  });
  for await (const part of result.fullStream) if (part.type === "error") throw part.error;
  const steps = await result.steps;
  return { fixture, steps: steps.map((step) => step.toolCalls.map((call) => call.toolName)) };
}

describe("offline explorer through streamText", () => {
  test("reads the typed task, reads around its hits, finds the chat that abbreviates the topic, and submits a valid cited report", async () => {
    const { fixture, steps } = await explore();
    expect(steps[0]).toEqual(["search_chats"]);
    expect(steps[1]?.length).toBeGreaterThan(0);
    expect(steps[1]?.every((name) => name === "read_chat")).toBe(true);
    // Chat 2 only says "auth": feedback from chat 1 finds it, prefix conflation scores it.
    const readChats = fixture.calls
      .filter((call) => call.toolName === "read_chat")
      .map((call) => (call.input as { chat_id: number }).chat_id);
    expect(readChats).toContain(2);
    expect(fixture.submitted[0]?.conflicts.length).toBeGreaterThan(0);
    expect(steps.at(-1)).toEqual(["submit_report"]);
    // search, read, expand, read the new chats, read on past the best (settle), submit.
    expect(steps.length).toBeLessThanOrEqual(6);
    const report = fixture.submitted[0];
    expect(submitReportInputSchema.parse(report)).toEqual(report);
    expect(report?.findings.length).toBeGreaterThan(0);
    const first = fixture.calls[0]?.input as { query: string };
    expect(first.query).toBe("decide authentication");
  });

  test("is deterministic: identical calls and report for the same history and question", async () => {
    const first = await explore();
    const second = await explore();
    expect(second.fixture.calls).toEqual(first.fixture.calls);
  });

  test("a forced submit_report submits at once; an ablated stage makes no calls of its own", async () => {
    const forced = await explore({ forceSubmit: true });
    expect(forced.steps).toEqual([["submit_report"]]);
    const noRead = await explore({ ablate: ["read"] });
    expect(noRead.steps.flat().includes("read_chat")).toBe(false);
  });

  test("tool choice none answers in text; the model id carries the policy version", async () => {
    const result = await generateText({
      model: createOfflineLanguageModel(),
      prompt: "<question>anything</question>",
      toolChoice: "none",
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.text.length).toBeGreaterThan(0);
    expect(createOfflineLanguageModel().modelId).toBe(OFFLINE_MODEL_ID);
    expect(OFFLINE_MODEL_ID).toMatch(/^recollect-offline-\d+$/);
    expect(createOfflineLanguageModel({ ablate: ["read"] }).modelId).toBe(
      `${OFFLINE_MODEL_ID}-no-read`,
    );
  });
});
