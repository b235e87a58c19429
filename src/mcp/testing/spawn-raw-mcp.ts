/**
 * Test helper: starts `recollect mcp` as a real child process and speaks raw JSON-RPC lines to it
 * (no SDK client), for tests about the pipe itself: stdin closing with calls running, signals.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { BIN_PATH } from "./spawn-mcp-client.js";

/** How the child ended: its exit code, or the signal that killed it. */
export interface RawMcpExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A running server child, what it wrote, and ways to write to it. */
export interface RawMcpChild extends AsyncDisposable {
  readonly child: ChildProcessWithoutNullStreams;
  /** Every stdout line so far, parsed as JSON. */
  readonly received: readonly JSONRPCMessage[];
  /** Resolves when the child exits. */
  readonly exited: Promise<RawMcpExit>;
  stderr(): string;
  /** Writes each message as one line on the child's stdin. */
  send(...messages: readonly JSONRPCMessage[]): void;
  /** The response to request `id`, if one came. */
  response(id: number): JSONRPCMessage | undefined;
}

/** The `initialize` request (id 1) and `notifications/initialized` a client opens with. */
export const HANDSHAKE: readonly JSONRPCMessage[] = [
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "raw-test", version: "1.0.0" },
    },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
];

/** A `tools/call` request of `name` with `args` under `id`. */
export function toolCall(id: number, name: string, args: Record<string, unknown>): JSONRPCMessage {
  return { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } };
}

/**
 * Spawns `node bin/recollect.js --db STORE mcp ARGS…` with `env` added to this process's
 * environment (Claude Code's session variables removed, as in `spawnMcpClient`). `bin` is the
 * entry point: this checkout's by default, or a compiled package's (`reliability/compiled-package.ts`).
 */
export function spawnRawMcp(
  storePath: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
  bin: string = BIN_PATH,
): RawMcpChild {
  const {
    CLAUDE_CODE_SESSION_ID: _session,
    CLAUDE_PROJECT_DIR: _project,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, [bin, "--db", storePath, "mcp", ...args], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...inherited, ...env },
  });
  const received: JSONRPCMessage[] = [];
  let pending = "";
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString("utf8");
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) received.push(JSON.parse(line) as JSONRPCMessage);
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<RawMcpExit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    received,
    exited,
    stderr: () => stderr,
    send: (...messages) => {
      for (const message of messages) child.stdin.write(`${JSON.stringify(message)}\n`);
    },
    response: (id) =>
      received.find((message) => "id" in message && message.id === id && !("method" in message)),
    async [Symbol.asyncDispose]() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
