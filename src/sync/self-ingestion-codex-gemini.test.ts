import { describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import {
  codexLine,
  codexRollout,
  type FixtureMachine,
  fixtureMachinesPerTest,
} from "./testing/machine-fixture.js";
import { matches, projections, syncAndIndex } from "./testing/synced-index.js";

const machine = fixtureMachinesPerTest();

describe("a turn that asked Recollect, in Codex and Gemini CLI transcripts", () => {
  it("Codex: a prompt put to Recollect after the agent's own message is not evidence; that message is", async () => {
    const m = machine();
    const blog = m.project("code/blog");
    const record = (second: number, payload: Record<string, unknown>) =>
      `${JSON.stringify({ timestamp: `2026-11-04T10:00:${second}.000Z`, type: "response_item", payload })}\n`;
    m.write(
      ".codex/sessions/2026/11/04/rollout-2026-11-04T10-00-00-later.jsonl",
      [
        codexRollout("later", blog, [{ role: "user", text: "Which search engine did we pick?" }]),
        codexLine({ role: "assistant", text: "I'll read the deployment manifest first." }, 3),
        record(4, {
          type: "function_call",
          name: "shell",
          arguments: '{"command":["ls"]}',
          call_id: "sh",
        }),
        record(5, { type: "function_call_output", call_id: "sh", output: "deploy.yml" }),
        record(6, {
          type: "function_call",
          name: "recollect__explore_chat_history",
          arguments: JSON.stringify({ query: "search engine" }),
          call_id: "rc",
        }),
        record(7, {
          type: "function_call_output",
          call_id: "rc",
          output: '{"outcome":"complete"}',
        }),
        codexLine({ role: "assistant", text: "Earlier you picked Meilisearch." }, 8),
      ].join(""),
    );
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(projections(store)).toEqual([
      "Which search engine did we pick?",
      "I'll read the deployment manifest first.",
      "",
    ]);
    expect(matches(store, "engine")).toBe(0);
    expect(matches(store, "Meilisearch")).toBe(0);
    expect(matches(store, "deployment")).toBe(1);
  });

  /** Writes one Gemini CLI session (current `.jsonl` layout) of the project `shop`. */
  function geminiSession(m: FixtureMachine, id: string, messages: readonly object[]): void {
    const shop = m.project("code/shop");
    m.write(".gemini/tmp/shop/.project_root", `${shop}\n`);
    const header = {
      sessionId: `${id}-0000-4000-8000-000000000000`,
      projectHash: "c".repeat(64),
      startTime: "2026-03-02T09:00:00.000Z",
      kind: "main",
    };
    m.write(
      `.gemini/tmp/shop/chats/session-2026-03-02T09-00-${id}.jsonl`,
      `${[header, ...messages].map((line) => JSON.stringify(line)).join("\n")}\n`,
    );
  }
  const at = (second: number) => `2026-03-02T09:00:${String(second).padStart(2, "0")}.000Z`;
  const user = (id: string, second: number, text: string) => ({
    id,
    timestamp: at(second),
    type: "user",
    content: [{ text }],
  });
  const gemini = (id: string, second: number, text: string, toolCalls?: object[]) => ({
    id,
    timestamp: at(second),
    type: "gemini",
    content: text,
    ...(toolCalls ? { toolCalls } : {}),
  });
  const call = (name: string, status: string, args: object = { query: "which database" }) => ({
    id: `${name}-1`,
    name,
    args,
    result: [{ functionResponse: { id: `${name}-1`, name, response: { output: "…" } } }],
    status,
    timestamp: at(30),
  });

  it("Gemini CLI: the messages from a Recollect call on are not indexed, nor the prompt it answered", async () => {
    const m = machine();
    geminiSession(m, "aaaaaaaa", [
      user("m1", 1, "Remind me which database we use"),
      gemini("m2", 2, "Let me check the project history.", [
        call("mcp_recollect_explore_chat_history", "success"),
      ]),
      gemini("m3", 3, "Earlier you chose CockroachDB."),
      user("m4", 4, "Thanks, moving on to caching"),
      gemini("m5", 5, "CockroachDB has no cache layer."),
    ]);
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(projections(store)).toEqual([
      "Remind me which database we use",
      "",
      "",
      "Thanks, moving on to caching",
      "CockroachDB has no cache layer.",
    ]);
    expect(matches(store, "database")).toBe(0);
    expect(matches(store, "CockroachDB")).toBe(1);
  });

  it("Gemini CLI: a prompt put to Recollect after the model's own step is not evidence; that step is", async () => {
    const m = machine();
    geminiSession(m, "bbbbbbbb", [
      user("m1", 1, "Which database did we settle on?"),
      gemini("m2", 2, "I'll look at the deployment config first.", [
        call("run_shell_command", "success", { command: "ls" }),
      ]),
      gemini("m3", 3, "", [call("recollect__read_chat", "success", { chat_id: 4 })]),
      gemini("m4", 4, "Earlier you chose CockroachDB."),
    ]);
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(projections(store)).toEqual([
      "Which database did we settle on?",
      "I'll look at the deployment config first.",
      "",
    ]);
    expect(matches(store, "settle")).toBe(0);
    expect(matches(store, "CockroachDB")).toBe(0);
    expect(matches(store, "deployment")).toBe(1);
  });

  it("Gemini CLI: a Recollect call that failed or was cancelled recalled nothing: the turn and its prompt are indexed", async () => {
    const m = machine();
    for (const [index, status] of ["error", "cancelled"].entries()) {
      geminiSession(m, `f000000${index}`, [
        user("m1", 1, "Which database did we pick?"),
        gemini("m2", 2, "", [call("explore_chat_history", status)]),
        gemini("m3", 3, "I can only search with Pro; CockroachDB is in the config."),
      ]);
    }
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(matches(store, "database")).toBe(2);
    expect(matches(store, "CockroachDB")).toBe(2);
  });
});
