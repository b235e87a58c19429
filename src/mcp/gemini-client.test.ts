/**
 * `recollect mcp` as Gemini CLI uses it (issue 29 § Build 1), a real child process driven by the
 * SDK's Client: Gemini fills a missing `structuredContent` from `content[0].text` when that parses
 * as JSON and checks it against the tool's `outputSchema`, and adds `wait_for_previous` to every
 * tool call.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreChatHistoryReportSchema } from "../card/report-schema.js";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { spawnMcpClient } from "./testing/spawn-mcp-client.js";

const QUESTION = "What did we decide about authentication?";
/** Each test spawns a Node process through tsx on a shared 2-core box. */
const PROCESS_TEST_MS = 60_000;

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
});
afterAll(() => store.cleanup());

/**
 * What Gemini CLI hands its model for a result: `structuredContent`, else `content[0].text`
 * parsed as JSON (and then schema-checked: an error object fails as a schema mismatch), else that
 * text as it is.
 */
function geminiReading(result: CallToolResult): string {
  const first = result.content[0];
  const text = first?.type === "text" ? first.text : "";
  let parsed: unknown;
  try {
    parsed = result.structuredContent ?? JSON.parse(text);
  } catch {
    return text;
  }
  return exploreChatHistoryReportSchema.safeParse(parsed).success
    ? JSON.stringify(parsed)
    : "-32602 Structured content does not match the tool's output schema";
}

describe("recollect mcp under Gemini CLI", () => {
  it(
    "an explore error read through content[0].text stays the classified error with its remedy",
    async () => {
      store.writeSettings({});
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
      });
      const result = (await server.client.callTool({
        name: "explore_chat_history",
        arguments: { query: QUESTION },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const shown = geminiReading(result);
      expect(shown).toMatch(/^Recollect error \(precondition\): /);
      expect(shown).toContain(`--db ${store.path} settings set entitlement pro`);
      const second = result.content[1];
      const json = JSON.parse(second?.type === "text" ? second.text : "") as {
        error: { kind: string; missing: string };
      };
      expect([json.error.kind, json.error.missing]).toEqual(["precondition", "pro"]);
    },
    PROCESS_TEST_MS,
  );

  it(
    "accepts the wait_for_previous Gemini adds and logs it once; any other unknown argument is refused",
    async () => {
      store.writeSettings({ entitlement: "pro" });
      await using server = await spawnMcpClient({
        storePath: store.path,
        args: ["--app", "Acme Shop"],
      });
      const call = (args: Record<string, unknown>) =>
        server.client.callTool({
          name: "explore_chat_history",
          arguments: args,
        }) as Promise<CallToolResult>;
      for (const waitForPrevious of [true, false]) {
        const result = await call({ query: QUESTION, wait_for_previous: waitForPrevious });
        expect(result.isError).toBeUndefined();
        expect(
          exploreChatHistoryReportSchema.parse(result.structuredContent).outcome,
        ).not.toBeUndefined();
      }
      const read = (await server.client.callTool({
        name: "read_chat",
        arguments: { chat_id: store.seeded.authChatId, wait_for_previous: true },
      })) as CallToolResult;
      expect(read.isError).toBeUndefined();
      const typo = await call({ query: QUESTION, wait_for_prevous: true });
      expect(typo.isError).toBe(true);
      expect(geminiReading(typo)).toMatch(/^Recollect error \(invalid_input\): /);
      expect(
        server
          .stderr()
          .split("\n")
          .filter((line) => line.includes("wait_for_previous")),
      ).toEqual([
        "recollect mcp: ignoring the argument wait_for_previous that Gemini CLI adds to every tool call",
      ]);
    },
    PROCESS_TEST_MS,
  );
});
