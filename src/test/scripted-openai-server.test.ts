import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateText, stepCountIs, streamText, tool } from "ai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import {
  type ScriptedOpenAIServer,
  type ScriptedTurn,
  startScriptedOpenAIServer,
} from "./scripted-openai-server.js";

const open: ScriptedOpenAIServer[] = [];
afterEach(async () => {
  for (const server of open.splice(0)) await server.close();
});

async function start(script: readonly ScriptedTurn[] | ((index: number) => ScriptedTurn)) {
  const server = await startScriptedOpenAIServer({
    script: typeof script === "function" ? (request) => script(request.index) : script,
  });
  open.push(server);
  const provider = createOpenAICompatible({
    name: "scripted",
    baseURL: server.baseUrl,
    includeUsage: true,
  });
  return { server, model: provider.chatModel("scripted-model") };
}

function echoTools(log: string[]) {
  return {
    lookup: tool({
      description: "Looks a word up.",
      inputSchema: z.object({ word: z.string() }),
      execute: async ({ word }) => {
        log.push(word);
        return { definition: `${word}: a word` };
      },
    }),
  };
}

describe("startScriptedOpenAIServer", () => {
  test("listens on 127.0.0.1 and exposes an OpenAI-style /v1 base URL", async () => {
    const { server } = await start([]);
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  test("streams a tool call, gets the tool result back, then streams text (SSE round trip)", async () => {
    const { server, model } = await start([
      { type: "tool-call", name: "lookup", args: { word: "session" } },
      { type: "text", text: "Session means a login period." },
    ]);
    const log: string[] = [];
    const result = streamText({
      model,
      prompt: "Define session",
      tools: echoTools(log),
      stopWhen: stepCountIs(3),
    });
    const deltas: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") deltas.push(part.text);
      if (part.type === "error") throw part.error;
    }
    expect(log).toEqual(["session"]);
    expect(deltas.join("")).toBe("Session means a login period.");
    expect(deltas.length).toBe(5);
    expect(await result.finishReason).toBe("stop");
    expect(server.requests.map((request) => request.stream)).toEqual([true, true]);
    expect(server.requests[0]?.toolNames).toEqual(["lookup"]);
    const second = server.requests[1]?.body?.messages ?? [];
    expect(second.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
    expect(second[1]).toMatchObject({
      tool_calls: [
        {
          id: "call_0_0",
          type: "function",
          function: { name: "lookup", arguments: '{"word":"session"}' },
        },
      ],
    });
    expect(second[2]).toMatchObject({ role: "tool", tool_call_id: "call_0_0" });
    expect(JSON.parse(String(second[2]?.content))).toEqual({ definition: "session: a word" });
    const usage = await result.totalUsage;
    expect(usage.inputTokens).toBeGreaterThan(0);
  });

  test("answers non-streaming requests with tool calls and usage", async () => {
    const { server, model } = await start([
      {
        type: "tool-calls",
        calls: [
          { name: "lookup", args: { word: "jwt" } },
          { name: "lookup", args: { word: "oauth" }, id: "mine" },
        ],
      },
      { type: "text", text: "done" },
    ]);
    const log: string[] = [];
    const result = await generateText({
      model,
      prompt: "x",
      tools: echoTools(log),
      stopWhen: stepCountIs(3),
    });
    expect(log).toEqual(["jwt", "oauth"]);
    expect(result.text).toBe("done");
    expect(result.steps[0]?.toolCalls.map((call) => call.toolCallId)).toEqual(["call_0_0", "mine"]);
    expect(server.requests.map((request) => request.stream)).toEqual([false, false]);
    expect(server.requests[0]?.path).toBe("/v1/chat/completions");
  });

  test("an http-error turn surfaces as an error part with the status", async () => {
    const { model } = await start([{ type: "http-error", status: 429, message: "slow down" }]);
    const result = streamText({ model, prompt: "x", maxRetries: 0, onError: () => {} });
    const errors: unknown[] = [];
    for await (const part of result.fullStream) if (part.type === "error") errors.push(part.error);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ statusCode: 429, message: "slow down" });
  });

  test("a mid-stream error chunk arrives after the first text as an error part", async () => {
    const { model } = await start([
      { type: "stream-error", textBeforeError: "Partial", message: "upstream died" },
    ]);
    const result = streamText({ model, prompt: "x", maxRetries: 0, onError: () => {} });
    const seen: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") seen.push(`text:${part.text}`);
      if (part.type === "error") seen.push(`error:${JSON.stringify(part.error)}`);
    }
    expect(seen[0]).toBe("text:Partial");
    expect(seen.filter((entry) => entry.startsWith("error:"))).toHaveLength(1);
    expect(seen.find((entry) => entry.startsWith("error:"))).toContain("upstream died");
  });

  test("a disconnect mid-stream is an error part, not a silent finish", async () => {
    const { model } = await start([
      { type: "stream-error", mode: "disconnect", textBeforeError: "Part" },
    ]);
    const result = streamText({ model, prompt: "x", maxRetries: 0, onError: () => {} });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);
    expect(types).toContain("error");
  });

  test("a hanging turn is ended by the client's abort and recorded as clientClosed", async () => {
    const { server, model } = await start([{ type: "hang" }]);
    const controller = new AbortController();
    const result = streamText({
      model,
      prompt: "x",
      abortSignal: controller.signal,
      maxRetries: 0,
    });
    const consumed = (async () => {
      const types: string[] = [];
      for await (const part of result.fullStream) types.push(part.type);
      return types;
    })();
    await server.waitForRequests(1);
    controller.abort();
    const types = await consumed;
    expect(types).toContain("abort");
    await expect.poll(() => server.requests[0]?.clientClosed).toBe(true);
  });

  test("a stall turn streams its first text, then keeps the stream open until the client aborts", async () => {
    const { server, model } = await start([{ type: "stall", textBeforeStall: "Thinking" }]);
    const controller = new AbortController();
    const result = streamText({
      model,
      prompt: "x",
      abortSignal: controller.signal,
      maxRetries: 0,
    });
    const seen: string[] = [];
    const consumed = (async () => {
      for await (const part of result.fullStream) {
        seen.push(part.type === "text-delta" ? `text:${part.text}` : part.type);
        if (part.type === "text-delta") controller.abort();
      }
    })();
    await consumed;
    expect(seen).toContain("text:Thinking");
    expect(seen).toContain("abort");
    expect(seen).not.toContain("finish");
    await expect.poll(() => server.requests[0]?.open).toBe(false);
    expect(server.requests[0]?.clientClosed).toBe(true);
  });

  test("a reset turn drops the connection before any byte: an error without an HTTP status", async () => {
    const { server, model } = await start([{ type: "reset" }]);
    const result = streamText({ model, prompt: "x", maxRetries: 0, onError: () => {} });
    const errors: unknown[] = [];
    for await (const part of result.fullStream) if (part.type === "error") errors.push(part.error);
    expect(errors).toHaveLength(1);
    expect((errors[0] as { statusCode?: number }).statusCode).toBeUndefined();
    expect(server.requests[0]?.open).toBe(false);
  });

  test("a finished response is no longer open", async () => {
    const { server, model } = await start([{ type: "text", text: "done" }]);
    await generateText({ model, prompt: "x" });
    await expect.poll(() => server.requests[0]?.open).toBe(false);
    expect(server.requests[0]?.clientClosed).toBe(false);
  });

  test("a delay turn plays its inner turn", async () => {
    const { model } = await start([{ type: "delay", ms: 5, turn: { type: "text", text: "late" } }]);
    const result = await generateText({ model, prompt: "x" });
    expect(result.text).toBe("late");
  });

  test("a function script sees each recorded request", async () => {
    const { server, model } = await start((index) => ({ type: "text", text: `turn ${index}` }));
    expect((await generateText({ model, prompt: "a" })).text).toBe("turn 0");
    expect((await generateText({ model, prompt: "b" })).text).toBe("turn 1");
    expect(server.requests).toHaveLength(2);
  });

  test("an exhausted script answers 500 so an extra call fails loudly", async () => {
    const { model } = await start([]);
    await expect(generateText({ model, prompt: "x", maxRetries: 0 })).rejects.toMatchObject({
      statusCode: 500,
      message: "scripted server: script exhausted after 0 turns",
    });
  });

  test("close ends hanging requests and is idempotent", async () => {
    const { server, model } = await start([{ type: "hang" }]);
    const pending = generateText({ model, prompt: "x", maxRetries: 0 }).then(
      () => "resolved",
      () => "rejected",
    );
    await server.waitForRequests(1);
    await server.close();
    await server.close();
    expect(await pending).toBe("rejected");
  });
});
