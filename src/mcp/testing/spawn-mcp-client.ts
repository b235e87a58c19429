/**
 * Test helper: starts `recollect mcp` as a real child process through the installed entry point
 * (`bin/recollect.js`) and connects the SDK's `Client` to it over stdio. Records every JSON-RPC
 * message the client received, so a test can prove a cancelled request got no late answer, and
 * delivers each message in the order it arrived.
 */
import { fileURLToPath } from "node:url";
import { Client, type ClientOptions } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** The CLI entry point a package install runs. */
export const BIN_PATH = fileURLToPath(new URL("../../../bin/recollect.js", import.meta.url));

/** Options of {@link spawnMcpClient}. */
export interface SpawnMcpClientOptions {
  readonly storePath: string;
  /** Arguments after `mcp`, e.g. `["--app", "Acme Shop"]`. */
  readonly args?: readonly string[];
  readonly cwd?: string;
  /** Added to a copy of the test process's environment (undefined removes a variable). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly capabilities?: ClientOptions["capabilities"];
  /** The client's `clientInfo.name` (default `recollect-test`), e.g. a real agent's. */
  readonly clientName?: string;
}

/** A connected client, what it received, and the child's stderr. */
export interface SpawnedMcpClient extends AsyncDisposable {
  readonly client: Client;
  readonly received: readonly JSONRPCMessage[];
  stderr(): string;
  close(): Promise<void>;
}

/** Spawns the server and completes the MCP handshake. */
export async function spawnMcpClient(options: SpawnMcpClientOptions): Promise<SpawnedMcpClient> {
  // The test runner may itself run inside Claude Code: its session must not leak into the child.
  const {
    CLAUDE_CODE_SESSION_ID: _session,
    CLAUDE_PROJECT_DIR: _project,
    ...inherited
  } = process.env;
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...inherited, ...options.env })) {
    if (value !== undefined) env[name] = value;
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN_PATH, "--db", options.storePath, "mcp", ...(options.args ?? [])],
    env,
    stderr: "pipe",
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client(
    { name: options.clientName ?? "recollect-test", version: "1.0.0" },
    { capabilities: options.capabilities ?? {} },
  );
  const received: JSONRPCMessage[] = [];
  await client.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message) => {
    received.push(message);
    // The SDK's Protocol hands a notification to its handler a microtask later but a response at
    // once, and the response retires the request's progress handler: progress that arrived in the
    // same stdout chunk as the result is dropped (modelcontextprotocol/typescript-sdk#2580). A
    // response is therefore delivered one microtask later, after the notifications read before
    // it, as a client dispatching in arrival order would (the SDK's proposed fix, PR #2378).
    if ("id" in message && !("method" in message)) queueMicrotask(() => deliver?.(message));
    else deliver?.(message);
  };
  const close = () => client.close();
  return { client, received, stderr: () => stderr, close, [Symbol.asyncDispose]: close };
}
