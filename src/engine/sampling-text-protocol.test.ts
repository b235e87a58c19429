import { describe, expect, it } from "vitest";
import type { SamplingRequest, SamplingResponse } from "./sampling-language-model.js";
import { fromTextProtocolResponse, toTextProtocolRequest } from "./sampling-text-protocol.js";

const schema = { type: "object" as const, properties: { query: { type: "string" } } };

const request: SamplingRequest = {
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
        { type: "tool_result", toolUseId: "a", content: [{ type: "text", text: '{"chats":[]}' }] },
      ],
    },
  ],
  maxTokens: 100,
  tools: [{ name: "search_chats", description: "Search.", inputSchema: schema }],
  toolChoice: { mode: "required" },
  includeContext: "none",
};

const answer = (text: string): SamplingResponse => ({
  model: "m",
  role: "assistant",
  stopReason: "endTurn",
  content: { type: "text", text },
});

describe("the child protocol through plain sampling messages", () => {
  it("moves the tools into the system prompt and writes calls and results as JSON text", () => {
    const sent = toTextProtocolRequest(request);
    expect(sent.tools).toBeUndefined();
    expect(sent.toolChoice).toBeUndefined();
    expect(sent.systemPrompt?.startsWith("Explore.\n\n")).toBe(true);
    expect(sent.systemPrompt).toContain(
      '{"name":"search_chats","description":"Search.","input_schema":{"type":"object","properties":{"query":{"type":"string"}}}}',
    );
    expect(sent.systemPrompt).toContain("You must call a tool in your reply.");
    expect(sent.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Which database?" }] },
      {
        role: "assistant",
        content: [{ type: "text", text: '{"tool":"search_chats","input":{"query":"db"}}' }],
      },
      {
        role: "user",
        content: [
          {
            type: "text",
            text: '{"tool_result":"search_chats","is_error":false,"output":"{\\"chats\\":[]}"}',
          },
        ],
      },
    ]);
  });

  it("reads a reply that is the JSON call, bare, fenced or inside prose, as a tool_use block", () => {
    for (const text of [
      '{"tool":"search_chats","input":{"query":"auth"}}',
      '```json\n{"tool":"search_chats","input":{"query":"auth"}}\n```',
      'I will search. {"tool":"search_chats","input":{"query":"auth"}} Done.',
    ]) {
      expect(fromTextProtocolResponse(answer(text), ["search_chats"], "text-call-1")).toEqual({
        model: "m",
        role: "assistant",
        stopReason: "toolUse",
        content: [
          { type: "tool_use", id: "text-call-1", name: "search_chats", input: { query: "auth" } },
        ],
      });
    }
  });

  it("leaves as text a reply that is no call, names a tool not offered, or has extra keys", () => {
    for (const text of [
      "The answer is Postgres.",
      '{"tool":"delete_everything","input":{}}',
      '{"tool":"search_chats","input":"auth"}',
      '{"tool":"search_chats","input":{},"note":1}',
      "{not json",
    ]) {
      expect(fromTextProtocolResponse(answer(text), ["search_chats"], "x")).toEqual(answer(text));
    }
  });
});
