import { describe, expect, it } from "vitest";
import { generateResultOf, samplingRequestOf } from "./sampling-language-model.js";

const schema = { type: "object" as const, properties: {} };

describe("the sampling model's mapping", () => {
  it("sends tool calls as tool_use and their results as a user message of tool_result blocks", () => {
    const request = samplingRequestOf({
      prompt: [
        { role: "system", content: "Explore." },
        { role: "user", content: [{ type: "text", text: "Which database?" }] },
        {
          role: "assistant",
          content: [
            {
              type: "tool-call",
              toolCallId: "a",
              toolName: "search_chats",
              input: { query: "db" },
            },
          ],
        },
        {
          role: "tool",
          content: [
            {
              type: "tool-result",
              toolCallId: "a",
              toolName: "search_chats",
              output: { type: "json", value: { chats: [] } },
            },
          ],
        },
      ],
      tools: [
        { type: "function", name: "search_chats", inputSchema: schema },
        { type: "function", name: "submit_report", inputSchema: schema },
      ],
      toolChoice: { type: "tool", toolName: "submit_report" },
    });
    expect(request).toEqual({
      systemPrompt: "Explore.",
      messages: [
        { role: "user", content: [{ type: "text", text: "Which database?" }] },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "a", name: "search_chats", input: { query: "db" } }],
        },
        {
          role: "user",
          content: [
            {
              type: "tool_result",
              toolUseId: "a",
              content: [{ type: "text", text: '{"chats":[]}' }],
            },
          ],
        },
      ],
      maxTokens: 4096,
      // A forced tool is "required" with that tool alone: MCP names no single tool.
      tools: [{ name: "submit_report", inputSchema: schema }],
      toolChoice: { mode: "required" },
      includeContext: "none",
    });
  });

  it("reads a single block or a list, tool_use as tool calls with JSON input", () => {
    const called = generateResultOf({
      model: "m",
      role: "assistant",
      stopReason: "toolUse",
      content: [
        { type: "text", text: "Searching." },
        { type: "tool_use", id: "t1", name: "search_chats", input: { query: "db" } },
      ],
    });
    expect(called.content).toEqual([
      { type: "text", text: "Searching." },
      { type: "tool-call", toolCallId: "t1", toolName: "search_chats", input: '{"query":"db"}' },
    ]);
    expect(called.finishReason).toEqual({ unified: "tool-calls", raw: "toolUse" });
    const text = generateResultOf({
      model: "m",
      role: "assistant",
      stopReason: "maxTokens",
      content: { type: "text", text: "Cut" },
    });
    expect(text.finishReason.unified).toBe("length");
    expect(text.response?.modelId).toBe("m");
  });
});
