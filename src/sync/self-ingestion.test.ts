import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/open-store.js";
import {
  claudeLine,
  codexLine,
  codexRollout,
  createFixtureMachine,
  type FixtureMachine,
} from "./testing/machine-fixture.js";
import { matches, projections, syncAndIndex } from "./testing/synced-index.js";

const machines: FixtureMachine[] = [];
afterEach(() => {
  for (const machine of machines.splice(0)) machine.cleanup();
});

const REPORT_TEXT =
  "Question: which database?\nOutcome: complete · confidence high\n\nSummary (analysis):\n  You chose CockroachDB.";

/** Claude Code lines of one turn that called Recollect over MCP and restated its answer. */
function claudeRecallTurn(shop: string, start: number): string[] {
  const toolUse = {
    type: "assistant",
    sessionId: "s1",
    cwd: shop,
    timestamp: new Date(Date.UTC(2026, 10, 3, 9, 1, start)).toISOString(),
    message: {
      id: `msg_tool_${start}`,
      role: "assistant",
      content: [
        { type: "text", text: "Let me check the project history." },
        {
          type: "tool_use",
          id: `toolu_${start}`,
          name: "mcp__recollect__explore_chat_history",
          input: { query: "which database" },
        },
      ],
    },
  };
  const result = {
    type: "user",
    sessionId: "s1",
    cwd: shop,
    timestamp: new Date(Date.UTC(2026, 10, 3, 9, 1, start + 1)).toISOString(),
    message: {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: `toolu_${start}`, content: REPORT_TEXT }],
    },
  };
  return [
    claudeLine("s1", shop, { role: "user", text: "Remind me which database we use" }, start),
    `${JSON.stringify(toolUse)}\n`,
    `${JSON.stringify(result)}\n`,
    claudeLine(
      "s1",
      shop,
      { role: "assistant", text: "Earlier you chose CockroachDB." },
      start + 2,
    ),
  ];
}

describe("Recollect's own output inside agent transcripts", () => {
  it("Claude Code: the turn after an MCP explore call is not indexed, nor the prompt it answered", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const path = m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      claudeRecallTurn(shop, 0).join(""),
    );
    m.append(
      path,
      claudeLine("s1", shop, { role: "user", text: "Thanks, moving on to caching" }, 10),
    );
    m.append(
      path,
      claudeLine("s1", shop, { role: "assistant", text: "CockroachDB has no cache layer." }, 11),
    );
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    // Two marked turns, with no text at all; the tool result itself is never stored.
    expect(projections(store)).toEqual([
      "Remind me which database we use",
      "",
      "",
      "Thanks, moving on to caching",
      "CockroachDB has no cache layer.",
    ]);
    // The prompt asked Recollect (its reply carries the card): not evidence of a decision.
    expect(matches(store, "database")).toBe(0);
    // Only the turn after the person's next prompt mentions CockroachDB as evidence.
    expect(matches(store, "CockroachDB")).toBe(1);
    // No label stands in for the marked turns: none of a label's words is in the index.
    for (const word of ["indexed", "recalled", "answer", "tools", "question"]) {
      expect(matches(store, word), word).toBe(0);
    }
  });

  it("Claude Code: a recall question is not indexed when the agent did other work before calling Recollect", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const [, toolUse, result, restated] = claudeRecallTurn(shop, 10);
    // The reply right after the question is the agent's own step (a Bash call), not the
    // Recollect call: the question is still what Recollect was asked.
    const bash = {
      type: "assistant",
      sessionId: "s1",
      cwd: shop,
      timestamp: new Date(Date.UTC(2026, 10, 3, 9, 1, 5)).toISOString(),
      message: {
        id: "msg_bash",
        role: "assistant",
        content: [
          { type: "text", text: "I'll look at the deployment config first." },
          { type: "tool_use", id: "toolu_bash", name: "Bash", input: { command: "ls" } },
        ],
      },
    };
    const bashResult = {
      type: "user",
      sessionId: "s1",
      cwd: shop,
      timestamp: new Date(Date.UTC(2026, 10, 3, 9, 1, 6)).toISOString(),
      message: {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "toolu_bash", content: "deploy.yml" }],
      },
    };
    m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      [
        claudeLine("s1", shop, { role: "user", text: "Which database did we settle on?" }, 4),
        `${JSON.stringify(bash)}\n`,
        `${JSON.stringify(bashResult)}\n`,
        toolUse,
        result,
        restated,
      ].join(""),
    );
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    // The agent's own step stays evidence (the marker leaves its text as it was).
    expect(projections(store)).toEqual([
      "Which database did we settle on?",
      "I'll look at the deployment config first.",
      "",
      "",
    ]);
    expect(matches(store, "database")).toBe(0);
    expect(matches(store, "settle")).toBe(0);
    expect(matches(store, "deployment")).toBe(1);
  });

  it("Claude Code: a Recollect call that failed (refused without Pro) recalled nothing: the turn and its prompt are indexed", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const [prompt, toolUse, , restated] = claudeRecallTurn(shop, 0);
    const failed = {
      type: "user",
      sessionId: "s1",
      cwd: shop,
      timestamp: new Date(Date.UTC(2026, 10, 3, 9, 1, 1)).toISOString(),
      message: {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_0",
            is_error: true,
            content:
              '{"error":{"kind":"precondition","message":"explore_chat_history requires Pro."}}',
          },
        ],
      },
    };
    m.write(
      ".claude/projects/-code-shop/s1.jsonl",
      `${prompt}${toolUse}${JSON.stringify(failed)}\n${restated}`,
    );
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(projections(store)).toEqual([
      "Remind me which database we use",
      "Let me check the project history.",
      "Earlier you chose CockroachDB.",
    ]);
    expect(matches(store, "database")).toBe(1);
    expect(matches(store, "CockroachDB")).toBe(1);
  });

  it("a recall turn split over two syncs is still caught (the append is read from its turn)", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const [prompt, toolUse, result, restated] = claudeRecallTurn(shop, 0);
    const path = m.write(".claude/projects/-code-shop/s1.jsonl", `${prompt}${toolUse}${result}`);
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    m.append(path, restated!);
    await syncAndIndex(store, m);
    expect(matches(store, "CockroachDB")).toBe(0);
    expect(store.db.prepare("SELECT count(*) FROM messages").pluck().get()).toBe(3);
  });

  it("Codex: agent messages after a Recollect MCP call are not indexed, nor the question before it", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const blog = m.project("code/blog");
    const call = {
      timestamp: "2026-11-04T10:00:05.000Z",
      type: "response_item",
      payload: {
        type: "function_call",
        name: "recollect__read_chat",
        arguments: "{}",
        call_id: "c1",
      },
    };
    m.write(
      ".codex/sessions/2026/11/04/rollout-2026-11-04T10-00-00-c1.jsonl",
      `${codexRollout("c1", blog, [{ role: "user", text: "What did we pick for search?" }])}${JSON.stringify(call)}\n${codexLine({ role: "assistant", text: "You picked Meilisearch." }, 2)}`,
    );
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(matches(store, "Meilisearch")).toBe(0);
    expect(matches(store, "search")).toBe(0);
  });

  /** A Codex rollout: a prompt, a Recollect MCP call, its output record(s), the agent's reply. */
  function codexRecallRollout(
    blog: string,
    id: string,
    prompt: string,
    outputs: readonly Record<string, unknown>[],
  ): string {
    const record = (second: number, payload: Record<string, unknown>) =>
      `${JSON.stringify({ timestamp: `2026-11-04T10:00:${second}.000Z`, type: "response_item", payload })}\n`;
    const call = record(10, {
      type: "function_call",
      name: "mcp__recollect__explore_chat_history",
      arguments: JSON.stringify({ query: "what did we pick for search" }),
      call_id: "call_1",
    });
    const results = outputs.map((output, index) =>
      output.type === "mcp_tool_call_end"
        ? `${JSON.stringify({ timestamp: "2026-11-04T10:00:11.000Z", type: "event_msg", payload: output })}\n`
        : record(11 + index, output),
    );
    return `${codexRollout(id, blog, [{ role: "user", text: prompt }])}${call}${results.join("")}${codexLine({ role: "assistant", text: "Meilisearch was never discussed here; I can only search with Pro." }, 20)}`;
  }

  it("Codex: a Recollect call whose output is an error (each shape Codex writes) recalled nothing: the turn and its prompt are indexed", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const blog = m.project("code/blog");
    const refused = JSON.stringify({
      error: { kind: "precondition", message: "explore_chat_history requires Pro." },
    });
    const failures: Record<string, unknown>[][] = [
      // An isError result: Codex writes its content blocks as JSON, without the error flag.
      [
        {
          type: "function_call_output",
          call_id: "call_1",
          output: JSON.stringify([{ type: "text", text: refused }]),
        },
      ],
      // A call that failed before any result (older Codex).
      [{ type: "function_call_output", call_id: "call_1", output: 'err: "server exited"' }],
      // Later Codex versions also keep the MCP end event.
      [
        {
          type: "mcp_tool_call_end",
          call_id: "call_1",
          invocation: { server: "recollect", tool: "explore_chat_history" },
          result: { Ok: { content: [{ type: "text", text: refused }], isError: true } },
        },
        {
          type: "function_call_output",
          call_id: "call_1",
          output: JSON.stringify([{ type: "text", text: "tool call error: refused" }]),
        },
      ],
    ];
    failures.forEach((outputs, index) => {
      m.write(
        `.codex/sessions/2026/11/04/rollout-2026-11-04T10-00-0${index}-f${index}.jsonl`,
        codexRecallRollout(blog, `f${index}`, "Which search engine did we pick?", outputs),
      );
    });
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(matches(store, "Meilisearch")).toBe(3);
    expect(matches(store, "engine")).toBe(3);
  });

  it("Codex: a Recollect call that returned a report still marks the reply, and the prompt's statements stay searchable", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const blog = m.project("code/blog");
    // An explorer result has structuredContent: Codex writes that JSON as the output string.
    const report = JSON.stringify({
      question: "what did we pick for search",
      outcome: "complete",
      findings: [],
    });
    m.write(
      ".codex/sessions/2026/11/04/rollout-2026-11-04T10-00-00-ok.jsonl",
      codexRecallRollout(blog, "ok", "We host on Fly.io. Remind me what we picked for search.", [
        { type: "function_call_output", call_id: "call_1", output: report },
      ]),
    );
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(matches(store, "Meilisearch")).toBe(0);
    expect(matches(store, "Fly")).toBe(1);
    expect(matches(store, "remind")).toBe(0);
  });

  it("Claude Code: a prompt that states a decision beside an imperative request keeps the decision searchable", async () => {
    const m = createFixtureMachine();
    machines.push(m);
    const shop = m.project("code/shop");
    const [, toolUse, result, restated] = claudeRecallTurn(shop, 0);
    const prompt = claudeLine(
      "s1",
      shop,
      { role: "user", text: "We use Postgres. Remind me which database we had before." },
      0,
    );
    m.write(".claude/projects/-code-shop/s1.jsonl", `${prompt}${toolUse}${result}${restated}`);
    using store = openStore({ path: ":memory:" });
    await syncAndIndex(store, m);
    expect(matches(store, "Postgres")).toBe(1);
    expect(matches(store, "remind")).toBe(0);
    expect(matches(store, "CockroachDB")).toBe(0);
  });
});
