/**
 * `notifications/cancelled` during an offline explorer run (issue 29 § Build 1), against a real
 * child process: the offline run yields to the event loop between its steps, so the server reads
 * the cancel mid-run, sends no result and no progress after it, and keeps serving. Before, the
 * whole run was one macrotask and the cancel was read only after the full result had gone out. A
 * run that ended before the server read its cancel (a loaded machine) may have its result; a few
 * such runs are allowed, never a result or progress written after the cancel was read.
 */
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpTestStore, type McpTestStore } from "./testing/mcp-store.js";
import { spawnMcpClient } from "./testing/spawn-mcp-client.js";

const QUESTION = "What did we decide about authentication?";
/** Runs of the test: each cancels one call at a random time. */
const RUNS = 20;
/**
 * The cancel goes out at a random one of the first progress notifications, then after a random
 * wait of at most this many ms: a run sends about nine, so the cancel always lands mid-run. A wait
 * in ms alone did not: on a quiet machine a whole run can end within 40 ms of its first progress.
 */
const MAX_CANCEL_DELAY_MS = 5;
/** The cancel follows progress notification 1, 2 or 3 (drawn per run). */
const CANCEL_AFTER_PROGRESS = 3;
/** Chats added so one offline run lasts well beyond the cancel window on a loaded machine. */
const EXTRA_CHATS = 600;

let store: McpTestStore;
beforeAll(async () => {
  store = await createMcpTestStore();
  await store.change((open) => {
    const insertChat = open.db.prepare(
      "INSERT INTO chats (app_id, title, created_at, source, external_id) VALUES (?, ?, ?, 'seed', ?)",
    );
    const insertMessage = open.db.prepare(
      "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, ?, ?, ?)",
    );
    const at = Date.UTC(2026, 5, 1);
    open.db.transaction(() => {
      for (let index = 0; index < EXTRA_CHATS; index++) {
        const chatId = Number(
          insertChat.run(store.seeded.appId, `Auth review ${index}`, at + index, `auth-${index}`)
            .lastInsertRowid,
        );
        insertMessage.run(
          chatId,
          "user",
          `Should authentication ${index} keep JWT tokens or move to sessions? We decided to review it.`,
          at + index,
        );
        insertMessage.run(
          chatId,
          "assistant",
          `Decision ${index}: authentication keeps sessions; JWT was decided against for now.`,
          at + index + 1,
        );
      }
    })();
  });
  store.writeSettings({ entitlement: "pro" });
}, 120_000);
afterAll(() => store.cleanup());

const isProgressOf = (message: JSONRPCMessage, token: unknown) =>
  "method" in message &&
  message.method === "notifications/progress" &&
  message.params?.progressToken === token;

describe("recollect mcp: cancelling an offline explore", () => {
  it(`gets no result and no progress after the cancel, ${RUNS} of ${RUNS} at random times, and the server keeps serving`, async () => {
    await using server = await spawnMcpClient({
      storePath: store.path,
      args: ["--app", "Acme Shop"],
    });
    const outcomes: string[] = [];
    let finishedBeforeCancel = 0;
    for (let run = 0; run < RUNS; run++) {
      const start = server.received.length;
      const controller = new AbortController();
      const due = 1 + Math.floor(Math.random() * CANCEL_AFTER_PROGRESS);
      let seen = 0;
      let reached: () => void = () => undefined;
      const dueProgress = new Promise<void>((resolve) => {
        reached = resolve;
      });
      const call = server.client.callTool(
        { name: "explore_chat_history", arguments: { query: QUESTION } },
        undefined,
        {
          signal: controller.signal,
          onprogress: () => {
            seen += 1;
            if (seen === due) reached();
          },
        },
      );
      const settled = call.then(
        () => "result",
        () => "rejected",
      );
      await dueProgress;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_CANCEL_DELAY_MS));
      const cancelledAt = server.received.length;
      controller.abort();
      // The server reads stdin in order: its answer to this ping is written after it read the
      // cancel, so anything for the cancelled call after that answer came after the cancel.
      await server.client.ping();
      // Time for a late result or progress to arrive if one were coming.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const log = server.received.slice(start);
      // The SDK uses the request id as the progress token.
      const progressToken = log.flatMap((message) =>
        "method" in message && message.method === "notifications/progress"
          ? [message.params?.progressToken]
          : [],
      )[0];
      const afterCancel = server.received.slice(cancelledAt);
      const pingAnswer = afterCancel.findIndex(
        (message) => "result" in message && Object.keys(message.result).length === 0,
      );
      const late = afterCancel
        .slice(pingAnswer + 1)
        .filter((message) => isProgressOf(message, progressToken));
      const isResult = (message: JSONRPCMessage) =>
        "id" in message && message.id === progressToken && !("method" in message);
      // A result written before the server read the cancel is the protocol's race (the run ended
      // first; a loaded machine can delay the cancel that long), not a result after it.
      const lateResult = afterCancel.slice(pingAnswer + 1).some(isResult);
      const finishedFirst = !lateResult && log.some(isResult);
      // A run that ended first resolves its call if the result beat the abort, else rejects it.
      const ended = await settled;
      const outcome = finishedFirst ? "rejected" : ended;
      outcomes.push(
        `${outcome}${lateResult ? " +result" : ""}${late.length > 0 ? ` +${late.length} progress` : ""}`,
      );
      if (finishedFirst) finishedBeforeCancel += 1;
    }
    expect(outcomes).toEqual(Array.from({ length: RUNS }, () => "rejected"));
    // The cancel lands mid-run in most runs, or this test would test nothing.
    expect(finishedBeforeCancel).toBeLessThanOrEqual(RUNS / 4);
    const next = await server.client.callTool({
      name: "explore_chat_history",
      arguments: { query: QUESTION },
    });
    expect(next.isError).toBeUndefined();
  }, 180_000);
});
