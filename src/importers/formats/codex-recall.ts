/**
 * Recollect's history tools inside a Codex rollout (`recollect-tool-calls.ts` says why they
 * matter). A call to one (an MCP tool, named `<server>__<tool>` or `mcp__<server>__<tool>`) is a
 * `response_item`/`function_call` (`call_id`, `arguments` as a JSON string); the agent messages
 * after it, up to the person's next prompt, are marked with the call's question.
 */
import type { z } from "zod";
import type { MessageRole } from "../../store/catalog/messages.js";
import {
  historyToolQuery,
  isRecollectHistoryTool,
  isRecollectToolOutput,
} from "../recollect-tool-calls.js";
import type { Payload } from "./codex.js";

type PayloadValue = z.infer<typeof Payload>;

/** One prompt or agent message of a rollout, before it is stored. */
export interface Turn {
  readonly role: MessageRole;
  readonly content: string;
  readonly timeMs: number | null;
  /** An agent message after a Recollect history-tool call: restates recalled history. */
  recalled: boolean;
  /** The question of the first Recollect call before it, when it had one. */
  query: string | null;
}

/** Whether the agent messages since the person's prompt follow a Recollect call, and its question. */
export class RecallState {
  private recalling = false;
  private query: string | null = null;

  /** Takes in one record: a Recollect call, or Recollect's output. */
  observe(payload: PayloadValue): void {
    const call = recollectCall(payload);
    if (call !== null && !this.recalling) this.query = call.query;
    if (call !== null || isRecollectOutput(payload)) this.recalling = true;
  }

  /** Marks `turn` (an agent message) when it follows a Recollect call. */
  mark(turn: Turn): void {
    if (!this.recalling) return;
    turn.recalled = true;
    turn.query = this.query;
  }

  /** The person's next prompt: a new turn starts. */
  reset(): void {
    this.recalling = false;
    this.query = null;
  }
}

/**
 * A call to one of Recollect's history tools (`function_call`/`custom_tool_call` by name, an
 * `mcp_tool_call_begin` event by its tool), with its id and question; null for any other record.
 */
function recollectCall(
  payload: PayloadValue,
): { callId: string | null; query: string | null } | null {
  const isCall = payload.type !== "mcp_tool_call_end" && payload.type !== "function_call_output";
  const byName = payload.name !== undefined && isRecollectHistoryTool(payload.name);
  const tool = payload.invocation?.tool;
  const byTool = tool !== undefined && isRecollectHistoryTool(tool);
  if (!isCall || !(byName || byTool)) return null;
  const args = byName ? parseArguments(payload.arguments) : payload.invocation?.arguments;
  return { callId: payload.call_id ?? null, query: historyToolQuery(args) };
}

/** `function_call.arguments`: a JSON string (or, in some records, the object itself). */
function parseArguments(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return null; // arguments that are not JSON carry no question
  }
}

/** True when an output record's text is Recollect's history-tool output. */
function isRecollectOutput(payload: PayloadValue): boolean {
  return typeof payload.output === "string" && isRecollectToolOutput(payload.output);
}
