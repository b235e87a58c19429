import { describe, expect, it } from "vitest";
import {
  AGENT_EVENT_TYPES,
  type AgentEvent,
  agentEventSchema,
  isTerminalAgentEvent,
} from "./agent-events.js";

const samples: AgentEvent[] = [
  { type: "turn-start", turnId: "t", mode: "ask", tools: [{ name: "read_chat", consent: "ask" }] },
  { type: "text-delta", delta: "Hi" },
  { type: "tool-call-start", toolCallId: "c1", toolName: "read_chat", input: { chat_id: 3 } },
  {
    type: "card-update",
    toolCallId: "c1",
    toolName: "read_chat",
    card: { kind: "read_chat", card: { state: "pending", chatId: 3 } },
  },
  {
    type: "tool-result",
    toolCallId: "c1",
    toolName: "read_chat",
    ok: true,
    output: {},
    modelOutput: "{}",
  },
  {
    type: "tool-result",
    toolCallId: "c1",
    toolName: "read_chat",
    ok: false,
    error: { kind: "user_cancelled", message: "The user declined read_chat." },
  },
  { type: "turn-finish", finishReason: "stop", text: "Hi", steps: 1 },
  { type: "turn-error", error: { kind: "aborted", message: "The operation was cancelled." } },
];

describe("agent events", () => {
  it("every event round-trips through JSON and validates with the schema", () => {
    for (const event of samples) {
      const parsed = agentEventSchema.safeParse(JSON.parse(JSON.stringify(event)));
      expect(parsed.success).toBe(true);
    }
    expect(new Set(samples.map((event) => event.type))).toEqual(new Set(AGENT_EVENT_TYPES));
  });

  it("rejects unknown types and unknown error kinds", () => {
    expect(agentEventSchema.safeParse({ type: "tool-progress" }).success).toBe(false);
    expect(
      agentEventSchema.safeParse({ type: "turn-error", error: { kind: "oops", message: "" } })
        .success,
    ).toBe(false);
  });

  it("only turn-finish and turn-error are terminal", () => {
    expect(samples.map(isTerminalAgentEvent)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});
