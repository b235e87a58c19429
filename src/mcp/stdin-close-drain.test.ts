/**
 * `recollect mcp` when the client closes stdin while a tool call is still running: the call is
 * answered before the process exits (a piped one-shot client), within the drain bound; a signal
 * during the drain, or the bound, ends the process without the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exploreChatHistoryReportSchema } from "../card/report-schema.js";
import { startScriptedOpenAIServer } from "../test/scripted-openai-server.js";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { HANDSHAKE, spawnRawMcp, toolCall } from "./testing/spawn-raw-mcp.js";

const QUESTION = "What did we decide about authentication?";
const PROCESS_TEST_MS = 60_000;

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
  store.writeSettings({ entitlement: "pro" });
});
afterAll(() => store.cleanup());

/** A scripted hosted Engine whose first request never answers. */
const hangingModel = () => startScriptedOpenAIServer({ script: [{ type: "hang" }] });
const ENGINE_ARGS = ["--app", "Acme Shop", "--engine", "openai-compatible"];
const engineEnv = (baseUrl: string) => ({
  RECOLLECT_ENGINE_BASE_URL: baseUrl,
  RECOLLECT_ENGINE_MODEL: "scripted",
});

describe("recollect mcp: stdin closes with a call running", () => {
  it(
    "answers a piped one-shot explore call written with stdin closed right after it, then exits 0",
    async () => {
      await using server = spawnRawMcp(store.path, ["--app", "Acme Shop"]);
      server.send(...HANDSHAKE, toolCall(2, "explore_chat_history", { query: QUESTION }));
      server.child.stdin.end();
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const answer = server.response(2) as { result?: { structuredContent?: unknown } };
      const report = exploreChatHistoryReportSchema.parse(answer.result?.structuredContent);
      expect(report.query).toBe(QUESTION);
      // The run finished: partial only because a one-word subject is never more than low
      // confidence, not because it was stopped.
      expect([report.outcome, report.partial_reason]).toEqual(["partial", "weak_evidence"]);
      expect(report.findings.length).toBeGreaterThan(0);
    },
    PROCESS_TEST_MS,
  );

  it(
    "keeps running while the call runs after stdin closed, and exits at once on a signal then",
    async () => {
      await using model = await hangingModel();
      await using server = spawnRawMcp(store.path, ENGINE_ARGS, engineEnv(model.baseUrl));
      server.send(...HANDSHAKE, toolCall(2, "explore_chat_history", { query: QUESTION }));
      await expect.poll(() => model.requests.length, { timeout: 20_000 }).toBe(1);
      server.child.stdin.end();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(server.child.exitCode).toBeNull();

      const signalled = Date.now();
      server.child.kill("SIGTERM");
      // 128 + SIGTERM's 15, as every command stopped by a signal ends (cli/stop-signals.ts).
      expect(await server.exited).toEqual({ code: 143, signal: null });
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(server.response(2)).toBeUndefined();
      await expect.poll(() => model.requests[0]?.clientClosed, { timeout: 10_000 }).toBe(true);
    },
    PROCESS_TEST_MS,
  );

  it(
    "exits by itself once the drain bound passes with the call still running",
    async () => {
      await using model = await hangingModel();
      await using server = spawnRawMcp(store.path, ENGINE_ARGS, {
        ...engineEnv(model.baseUrl),
        RECOLLECT_MCP_DRAIN_TIMEOUT_MS: "500",
      });
      server.send(...HANDSHAKE, toolCall(2, "explore_chat_history", { query: QUESTION }));
      await expect.poll(() => model.requests.length, { timeout: 20_000 }).toBe(1);
      const closed = Date.now();
      server.child.stdin.end();
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - closed).toBeGreaterThanOrEqual(500);
      expect(Date.now() - closed).toBeLessThan(10_000);
      expect(server.response(2)).toBeUndefined();
    },
    PROCESS_TEST_MS,
  );
});
