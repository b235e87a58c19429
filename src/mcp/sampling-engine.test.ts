/**
 * The explorer on the client's own model (issue 29 § Build 3): a real `recollect mcp` child and the
 * SDK's Client answering `sampling/createMessage` with a scripted model. The explorer's searches
 * and reads go through the client's model, the host validates what it submits, and the result
 * names the engine; a client that refuses falls back to the configured engine, as does a client
 * without sampling or a store whose `mcp.sampling` is off.
 */
import {
  type CallToolResult,
  type CreateMessageRequest,
  CreateMessageRequestSchema,
  type CreateMessageResult,
  McpError,
} from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { spawnMcpClient } from "./testing/spawn-mcp-client.js";
import { ENGINE_META_KEY } from "./tool-results.js";

const PROCESS_TEST_MS = 90_000;
const SAMPLING_CAPABILITIES = { sampling: { tools: {} } };

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
});
afterAll(() => store.cleanup());

type Params = CreateMessageRequest["params"];
type Block = { type: string; [key: string]: unknown };

/** The blocks of one sampling message. */
function blocks(message: Params["messages"][number]): Block[] {
  return (Array.isArray(message.content) ? message.content : [message.content]) as Block[];
}

/** The JSON a tool result of the last message carries. */
function lastToolResult(params: Params): { name: string; value: Record<string, unknown> } | null {
  const last = params.messages.at(-1);
  const previous = params.messages.at(-2);
  if (last === undefined || previous === undefined) return null;
  const result = blocks(last).find((block) => block.type === "tool_result");
  const use = blocks(previous).find((block) => block.type === "tool_use");
  if (!result || !use) return null;
  const text = (result.content as Array<{ text: string }>)[0]?.text ?? "{}";
  return { name: String(use.name), value: JSON.parse(text) };
}

/**
 * A scripted model: search "authentication", read around the first match, then submit one
 * finding citing that match's candidate and one id it never saw (c999), which the host drops.
 */
function scriptedModel(params: Params): CreateMessageResult {
  const toolUse = (name: string, input: Record<string, unknown>): CreateMessageResult =>
    ({
      role: "assistant",
      model: "scripted-client-model",
      stopReason: "toolUse",
      content: [{ type: "tool_use", id: `call-${params.messages.length}`, name, input }],
    }) as unknown as CreateMessageResult;
  const previous = lastToolResult(params);
  if (previous === null) return toolUse("search_chats", { query: "authentication" });
  if (previous.name === "search_chats") {
    const chats = previous.value.chats as Array<{
      chat_id: number;
      matches: Array<{ message_id: number }>;
    }>;
    const chat = chats[0]!;
    return toolUse("read_chat", {
      chat_id: chat.chat_id,
      around_message_id: chat.matches[0]!.message_id,
      before: 1,
      after: 1,
    });
  }
  if (previous.name === "read_chat") {
    const messages = previous.value.messages as Array<{ candidate_id: string; content: string }>;
    const cited = messages.find((message) => /JWT|sessions/.test(message.content)) ?? messages[0]!;
    return toolUse("submit_report", {
      summary: "The shop's authentication decision.",
      findings: [
        { claim: "Authentication was decided.", candidate_ids: [cited.candidate_id, "c999"] },
      ],
      confidence: "medium",
    });
  }
  return {
    role: "assistant",
    model: "scripted-client-model",
    stopReason: "endTurn",
    content: { type: "text", text: "Submitted." },
  };
}

const explore = (server: Awaited<ReturnType<typeof spawnMcpClient>>) =>
  server.client.callTool({
    name: "explore_chat_history",
    arguments: { query: "What did we decide about authentication?" },
  }) as Promise<CallToolResult>;

describe("the explorer on the client's model (MCP sampling)", () => {
  it(
    "runs its searches and reads through sampling/createMessage, and the host validates the report",
    async () => {
      store.writeSettings({ entitlement: "pro", mcp: { sampling: "on" } });
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
        capabilities: SAMPLING_CAPABILITIES,
      });
      const requests: Params[] = [];
      server.client.setRequestHandler(CreateMessageRequestSchema, (request) => {
        requests.push(request.params);
        return scriptedModel(request.params);
      });
      const result = await explore(server);
      expect(result.isError).toBeUndefined();

      // Every step went to the client with the three child tools, no other server's context:
      // a search, a read of what it found, then the submission (which ends the run).
      expect(requests).toHaveLength(3);
      expect(requests.slice(1).map((params) => lastToolResult(params)?.name)).toEqual([
        "search_chats",
        "read_chat",
      ]);
      expect(requests[0]!.tools!.map((tool) => tool.name).sort()).toEqual([
        "read_chat",
        "search_chats",
        "submit_report",
      ]);
      expect(requests[0]!.includeContext).toBe("none");
      expect(requests[0]!.systemPrompt).toEqual(expect.any(String));

      // The host resolved the cited candidate itself and dropped the one never observed.
      const report = result.structuredContent as {
        outcome: string;
        findings: Array<{
          claim: string;
          evidence: Array<{ chat_id: number; message_id: number }>;
        }>;
      };
      expect(report.outcome).toBe("complete");
      expect(report.findings).toHaveLength(1);
      expect(report.findings[0]!.claim).toBe("Authentication was decided.");
      expect(
        report.findings[0]!.evidence.map(({ chat_id, message_id }) => [chat_id, message_id]),
      ).toEqual([[store.seeded.authChatId, store.seeded.messageIds.auth![1]]]);
      expect(result._meta?.[ENGINE_META_KEY]).toEqual({
        kind: "mcp-sampling",
        model_id: "scripted-client-model",
      });
      const text = (result.content[0] as { text: string }).text;
      expect(text.trimEnd().split("\n").at(-1)).toBe(
        "Engine: mcp-sampling (client model scripted-client-model)",
      );
    },
    PROCESS_TEST_MS,
  );

  it(
    "falls back to the configured engine when the client refuses sampling, lacks it, or the setting is off",
    async () => {
      store.writeSettings({ entitlement: "pro", mcp: { sampling: "on" } });
      {
        await using refusing = await spawnMcpClient({
          storePath: store.path,
          args: ["--app", "Acme Shop"],
          capabilities: SAMPLING_CAPABILITIES,
        });
        let asked = 0;
        refusing.client.setRequestHandler(CreateMessageRequestSchema, () => {
          asked += 1;
          throw new McpError(-1, "User rejected sampling request");
        });
        const result = await explore(refusing);
        expect(result.isError).toBeUndefined();
        expect(asked).toBe(1);
        expect(result._meta?.[ENGINE_META_KEY]).toEqual({
          kind: "offline",
          model_id: expect.stringMatching(/^recollect-offline-/),
          fell_back_from_sampling: { code: -1 },
        });
        expect(
          (result.structuredContent as { findings: unknown[] }).findings.length,
        ).toBeGreaterThan(0);
        expect(refusing.stderr()).toContain(
          "recollect mcp: the client did not answer a sampling request (code -1); exploring on the offline engine instead",
        );
      }
      {
        await using without = await spawnMcpClient({
          storePath: store.path,
          args: ["--app", "Acme Shop"],
        });
        const result = await explore(without);
        expect(result._meta?.[ENGINE_META_KEY]).toEqual({
          kind: "offline",
          model_id: expect.stringMatching(/^recollect-offline-/),
        });
      }
      store.writeSettings({ entitlement: "pro" });
      {
        await using off = await spawnMcpClient({
          storePath: store.path,
          args: ["--app", "Acme Shop"],
          capabilities: SAMPLING_CAPABILITIES,
        });
        let asked = 0;
        off.client.setRequestHandler(CreateMessageRequestSchema, (request) => {
          asked += 1;
          return scriptedModel(request.params);
        });
        const result = await explore(off);
        expect(asked).toBe(0);
        expect(result._meta?.[ENGINE_META_KEY]).toMatchObject({ kind: "offline" });
      }
    },
    PROCESS_TEST_MS,
  );
});
