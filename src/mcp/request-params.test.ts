/**
 * Requests whose params do not fit their method, sent to the real `recollect mcp` child: each gets
 * a one-line `-32602` answer whose data names the parameter, its JSON type and what arrived; the
 * server keeps serving and the next well-formed call works.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { HANDSHAKE, spawnRawMcp, toolCall } from "./testing/spawn-raw-mcp.js";

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
  store.writeSettings({ entitlement: "pro" });
});
afterAll(() => store.cleanup());

const request = (id: number, method: string, params?: unknown): JSONRPCMessage =>
  ({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }) as JSONRPCMessage;

describe("recollect mcp: malformed request params", () => {
  it("answers -32602 naming the parameter for each, then serves a well-formed call", async () => {
    await using server = spawnRawMcp(store.path, ["--app", "Acme Shop"]);
    server.send(
      ...HANDSHAKE,
      request(2, "tools/call"),
      request(3, "tools/call", { name: "explore_chat_history", arguments: "auth" }),
      request(4, "tools/call", { name: "explore_chat_history", arguments: [1] }),
      request(5, "tools/call", { arguments: { query: "auth" } }),
      request(6, "resources/read", { uri: 7 }),
      toolCall(7, "explore_chat_history", { query: "What did we decide about authentication?" }),
    );
    await expect.poll(() => server.response(7), { timeout: 30_000 }).toBeDefined();
    const errorOf = (id: number) => (server.response(id) as { error?: unknown }).error;
    expect([2, 3, 4, 5, 6].map(errorOf)).toEqual([
      {
        code: -32602,
        message: "Invalid params: params must be an object (got nothing)",
        data: { argument: "params", expected: "object", received: "missing" },
      },
      {
        code: -32602,
        message: "Invalid params: params.arguments must be an object (got string)",
        data: { argument: "params.arguments", expected: "object", received: "string" },
      },
      {
        code: -32602,
        message: "Invalid params: params.arguments must be an object (got array)",
        data: { argument: "params.arguments", expected: "object", received: "array" },
      },
      {
        code: -32602,
        message: "Invalid params: params.name must be a string (got nothing)",
        data: { argument: "params.name", expected: "string", received: "missing" },
      },
      {
        code: -32602,
        message: "Invalid params: params.uri must be a string (got integer)",
        data: { argument: "params.uri", expected: "string", received: "integer" },
      },
    ]);
    const answer = server.response(7) as {
      result?: {
        isError?: boolean;
        structuredContent?: { outcome?: string; partial_reason?: string };
      };
    };
    expect(answer.result?.isError).toBeUndefined();
    // A whole run: partial only because a one-word subject is never more than low confidence.
    const { outcome, partial_reason } = answer.result?.structuredContent ?? {};
    expect([outcome, partial_reason]).toEqual(["partial", "weak_evidence"]);
  }, 60_000);

  it("keeps a missing query inside well-formed params an isError tool result, not a protocol error", async () => {
    await using server = spawnRawMcp(store.path, ["--app", "Acme Shop"]);
    server.send(...HANDSHAKE, request(2, "tools/call", { name: "explore_chat_history" }));
    await expect.poll(() => server.response(2), { timeout: 30_000 }).toBeDefined();
    const answer = server.response(2) as {
      result?: { isError?: boolean; content?: { text: string }[] };
    };
    expect(answer.result?.isError).toBe(true);
    const payload = JSON.parse(answer.result?.content?.[1]?.text ?? "{}") as {
      error: { kind: string; argument: string; received: string };
    };
    expect([payload.error.kind, payload.error.argument, payload.error.received]).toEqual([
      "invalid_input",
      "query",
      "missing",
    ]);
  }, 60_000);

  it("names an unknown tool (escaped) and the tools there are; a query of only control characters says so", async () => {
    await using server = spawnRawMcp(store.path, ["--app", "Acme Shop"]);
    server.send(
      ...HANDSHAKE,
      request(2, "tools/call", { name: "../\u001b[2Jdelete", arguments: {} }),
      toolCall(3, "explore_chat_history", { query: "\u0007\u001b\u0000" }),
      toolCall(4, "read_chat", { chat_id: 1, limit: -5 }),
      toolCall(5, "explore_chat_history", { query: "?!.,;:" }),
    );
    await expect.poll(() => server.response(5), { timeout: 30_000 }).toBeDefined();
    expect((server.response(2) as { error?: unknown }).error).toEqual({
      code: -32602,
      message:
        'Tool "../\\u{1B}[2Jdelete" not found: expected one of explore_chat_history, read_chat.',
      data: { argument: "params.name", allowed: ["explore_chat_history", "read_chat"] },
    });
    const payloadOf = (id: number) => {
      const answer = server.response(id) as {
        result?: { isError?: boolean; content?: { text: string }[] };
      };
      expect(answer.result?.isError).toBe(true);
      return (
        JSON.parse(answer.result?.content?.[1]?.text ?? "{}") as {
          error: { kind: string; argument: string; allowed: string; message: string };
        }
      ).error;
    };
    expect(payloadOf(3)).toMatchObject({
      kind: "invalid_input",
      argument: "query",
      allowed: "a string of 1–500 characters, required",
      message:
        "Invalid query: expected a string of 1–500 characters, required (got only control or invisible characters).",
    });
    expect(payloadOf(4)).toMatchObject({
      kind: "invalid_input",
      argument: "limit",
      allowed: "an integer from 1 to 20, optional",
    });
    // Punctuation alone shows something yet gives a search nothing to look for.
    expect(payloadOf(5)).toMatchObject({
      kind: "invalid_input",
      argument: "query",
      message:
        "Invalid query: expected a string of 1–500 characters, required (got no letter or digit to search for).",
    });
  }, 60_000);
});
