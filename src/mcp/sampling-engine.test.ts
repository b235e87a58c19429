/**
 * The explorer on the client's own model (issue 29 § Build 3): a real `recollect mcp` child and the
 * SDK's Client answering `sampling/createMessage` with a scripted model. The explorer's searches
 * and reads go through the client's model, the host validates what it submits, and the result
 * names the engine; a client whose sampling has no tools gets the child protocol as plain
 * messages; a client that refuses falls back to the configured engine, as does a client
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

/** One step of the scripted model: the tool it calls next, or null when it is done. */
type Step = { name: string; input: Record<string, unknown> } | null;

/**
 * A scripted model: search "authentication", read around the first match, then submit one
 * finding citing that match's candidate and one id it never saw (c999), which the host drops.
 * `previous` is the last tool call's name and the JSON its result carried.
 */
function nextStep(previous: { name: string; value: Record<string, unknown> } | null): Step {
  if (previous === null) return { name: "search_chats", input: { query: "authentication" } };
  if (previous.name === "search_chats") {
    const chats = previous.value.chats as Array<{
      chat_id: number;
      matches: Array<{ message_id: number }>;
    }>;
    const chat = chats[0]!;
    const around = chat.matches[0]!.message_id;
    return {
      name: "read_chat",
      input: { chat_id: chat.chat_id, around_message_id: around, before: 1, after: 1 },
    };
  }
  if (previous.name === "read_chat") {
    const messages = previous.value.messages as Array<{ candidate_id: string; content: string }>;
    const cited = messages.find((message) => /JWT|sessions/.test(message.content)) ?? messages[0]!;
    return {
      name: "submit_report",
      input: {
        summary: "The shop's authentication decision.",
        findings: [
          { claim: "Authentication was decided.", candidate_ids: [cited.candidate_id, "c999"] },
        ],
        confidence: "medium",
      },
    };
  }
  return null;
}

const MODEL = "scripted-client-model";

/** The scripted model answering with `tool_use` blocks (a client declaring `sampling.tools`). */
function scriptedModel(params: Params): CreateMessageResult {
  const step = nextStep(lastToolResult(params));
  if (step === null) {
    return {
      role: "assistant",
      model: MODEL,
      stopReason: "endTurn",
      content: { type: "text", text: "Submitted." },
    };
  }
  const id = `call-${params.messages.length}`;
  return {
    role: "assistant",
    model: MODEL,
    stopReason: "toolUse",
    content: [{ type: "tool_use", id, ...step }],
  } as unknown as CreateMessageResult;
}

/**
 * The same model through plain messages (a client declaring `sampling` without tools): the last
 * user message is the server's JSON text `{tool_result, is_error, output}`, and each call is
 * answered as the JSON text `{"tool", "input"}`, in a ```json fence as models often write it.
 */
function textModel(params: Params): CreateMessageResult {
  const last = params.messages.at(-1);
  const text = last
    ? blocks(last)
        .map((block) => String(block.text ?? ""))
        .join("")
    : "";
  let previous: { name: string; value: Record<string, unknown> } | null = null;
  if (text.startsWith('{"tool_result"')) {
    const result = JSON.parse(text) as { tool_result: string; is_error: boolean; output: string };
    // After an error the model starts over with a good search.
    if (!result.is_error) previous = { name: result.tool_result, value: JSON.parse(result.output) };
  }
  const step = nextStep(previous);
  const reply =
    step === null
      ? "Submitted."
      : `\`\`\`json\n${JSON.stringify({ tool: step.name, input: step.input })}\n\`\`\``;
  return {
    role: "assistant",
    model: MODEL,
    stopReason: "endTurn",
    content: { type: "text", text: reply },
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
    "drives the child protocol through plain messages when the client's sampling has no tools",
    async () => {
      store.writeSettings({ entitlement: "pro", mcp: { sampling: "on" } });
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
        capabilities: { sampling: {} },
      });
      const requests: Params[] = [];
      server.client.setRequestHandler(CreateMessageRequestSchema, (request) => {
        requests.push(request.params);
        // First a call whose input the tool's zod schema refuses (no `query`).
        if (requests.length === 1) {
          const text = '{"tool":"search_chats","input":{}}';
          return { role: "assistant", model: MODEL, content: { type: "text", text } };
        }
        return textModel(request.params);
      });
      const result = await explore(server);
      expect(result.isError).toBeUndefined();

      // No sampling tools, which this client cannot take; the tools and the reply format are in
      // the system prompt. The bad input came back as a tool error, as for a hosted model; then
      // a search, a read of what it found, and the submission.
      expect(requests).toHaveLength(4);
      expect(requests.map((params) => params.tools)).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      const refused = JSON.parse(String(blocks(requests[1]!.messages.at(-1)!)[0]!.text));
      expect(refused).toMatchObject({ tool_result: "search_chats", is_error: true });
      expect(requests[0]!.systemPrompt).toContain('{"tool": "<tool name>", "input":');
      for (const name of ["search_chats", "read_chat", "submit_report"]) {
        expect(requests[0]!.systemPrompt).toContain(`{"name":"${name}"`);
      }
      const lastTexts = requests.slice(2).map((params) => {
        const last = params.messages.at(-1)!;
        return (JSON.parse(String(blocks(last)[0]!.text)) as { tool_result: string }).tool_result;
      });
      expect(lastTexts).toEqual(["search_chats", "read_chat"]);

      // Host validation as with native tools: the observed candidate resolved, c999 dropped.
      const report = result.structuredContent as {
        outcome: string;
        findings: Array<{ evidence: Array<{ chat_id: number; message_id: number }> }>;
      };
      expect(report.outcome).toBe("complete");
      expect(
        report.findings.map((f) =>
          f.evidence.map(({ chat_id, message_id }) => [chat_id, message_id]),
        ),
      ).toEqual([[[store.seeded.authChatId, store.seeded.messageIds.auth![1]]]]);
      expect(result._meta?.[ENGINE_META_KEY]).toEqual({ kind: "mcp-sampling", model_id: MODEL });
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
