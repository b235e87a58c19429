/**
 * A non-JSON-RPC line on the real server's stdin: the child answers it with the JSON-RPC error
 * and keeps serving. The SDK client's own transport never writes such a line, so the client here
 * speaks over the child's pipes through the SDK's generic stream transport, and the test writes
 * the bad lines on the same pipe between requests.
 */
import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { BIN_PATH } from "./testing/spawn-mcp-client.js";
import { UNREADABLE_LINE_LOG } from "./unreadable-lines.js";

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
  store.writeSettings({ entitlement: "pro" });
});
afterAll(() => store.cleanup());

describe("recollect mcp: unreadable lines on stdin", () => {
  it("answers -32700 for a non-JSON line and -32600 for JSON that is no JSON-RPC message, then keeps serving", async () => {
    const child = spawn(
      process.execPath,
      [BIN_PATH, "--db", store.path, "mcp", "--app", "Acme Shop"],
      { stdio: ["pipe", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      // Reads the child's stdout and writes its stdin: the client side of the same stdio pipe.
      const transport = new StdioServerTransport(child.stdout, child.stdin);
      const client = new Client({ name: "raw-lines-test", version: "1.0.0" });
      client.onerror = () => undefined; // replies without an id match no request of the client
      await client.connect(transport);
      const received: JSONRPCMessage[] = [];
      const deliver = transport.onmessage;
      transport.onmessage = (message) => {
        received.push(message);
        deliver?.(message);
      };

      child.stdin.write("what did we decide about auth\n");
      child.stdin.write('{"hello":"world"}\n');
      const errors = () => received.flatMap((message) => ("error" in message ? [message] : []));
      const deadline = Date.now() + 10_000;
      while (errors().length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(errors().map((message) => [message.error.code, "id" in message])).toEqual([
        [-32700, false],
        [-32600, false],
      ]);

      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toEqual(["explore_chat_history", "read_chat"]);
      expect(stderr).toContain(UNREADABLE_LINE_LOG);
      expect(stderr).not.toContain("decide about auth");
      await client.close();
    } finally {
      child.kill();
      await exited;
    }
  }, 60_000);
});
