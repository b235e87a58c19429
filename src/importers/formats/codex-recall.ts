/**
 * Recollect's history tools inside a Codex rollout (`recollect-tool-calls.ts` says why they
 * matter). A call to one (an MCP tool, named `<server>__<tool>` or `mcp__<server>__<tool>`) is a
 * `response_item`/`function_call` (`call_id`, `arguments` as a JSON string) answered by a
 * `function_call_output` with the same `call_id`. Codex writes that output as a string and drops
 * the result's success flag (openai/codex `FunctionCallOutputPayload` serializes its content
 * only): an `isError` result is the JSON of its content blocks
 * (`[{"type":"text","text":"{\"error\":{…}}"}]`, Recollect's classified error), a call that
 * failed before any result `err: …`. Later versions also keep an `event_msg`/`mcp_tool_call_end`
 * whose `result` is `{"Ok": {…, "isError": true}}` or `{"Err": "…"}`.
 */
import type { z } from "zod";
import type { RecallTurn } from "../recall-marked-turn.js";
import {
  historyToolQuery,
  isRecollectHistoryTool,
  isRecollectToolOutput,
} from "../recollect-tool-calls.js";
import type { Payload } from "./codex.js";

type PayloadValue = z.infer<typeof Payload>;

/** One prompt or agent message of a rollout, before it is stored. */
export type Turn = RecallTurn;

/**
 * The Recollect calls between the person's prompt and the next: which are still waiting for a
 * result, whether any returned something (a recall), and the agent messages marked meanwhile.
 * When every call failed, nothing was recalled: those messages are the agent's own words again,
 * indexed like any other (as for Claude Code's `is_error` results). A call that comes after an
 * agent message of the same turn (the agent did other steps first) marks the prompt as asked
 * (`askedRecollect`), as Claude Code's importer does.
 */
export class RecallState {
  private recalling = false;
  /** The person's prompt of the current turn, and whether an agent message followed it yet. */
  private prompt: Turn | null = null;
  private replied = false;
  private recalledOutput = false;
  private query: string | null = null;
  private readonly pending = new Set<string>();
  private marked: Turn[] = [];

  /** Takes in one record: a Recollect call, or the output or end event of one. */
  observe(payload: PayloadValue): void {
    const call = recollectCall(payload);
    if (call !== null) {
      if (!this.recalling) {
        this.query = call.query;
        if (this.replied && this.prompt) this.prompt.askedRecollect = { query: call.query };
      }
      this.recalling = true;
      if (call.callId !== null) this.pending.add(call.callId);
      return;
    }
    const callId = payload.call_id;
    const outcome = callOutcome(payload);
    if (outcome === null) return;
    if (callId !== undefined && this.pending.has(callId)) {
      this.pending.delete(callId);
      if (outcome === "recalled") this.recalledOutput = true;
      else if (this.pending.size === 0 && !this.recalledOutput) this.unmark();
    } else if (outcome === "recalled" && isRecollectOutput(payload)) {
      // Recollect's own output without a call seen (the call was in an earlier, unread part).
      this.recalling = true;
      this.recalledOutput = true;
    }
  }

  /** Marks `turn` (an agent message) when it follows a Recollect call. */
  mark(turn: Turn): void {
    this.replied = true;
    if (!this.recalling) return;
    turn.recalled = true;
    turn.query = this.query;
    this.marked.push(turn);
  }

  /** The person's next prompt (null: none, e.g. a call seen before any prompt): a turn starts. */
  reset(prompt: Turn | null = null): void {
    this.prompt = prompt;
    this.replied = false;
    this.clearRecall();
  }

  private clearRecall(): void {
    this.recalling = false;
    this.recalledOutput = false;
    this.query = null;
    this.pending.clear();
    this.marked = [];
  }

  private unmark(): void {
    for (const turn of this.marked) turn.recalled = false;
    if (this.prompt) delete this.prompt.askedRecollect;
    this.clearRecall();
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

/**
 * How a tool call ended, from its `function_call_output` or `mcp_tool_call_end` record: "failed"
 * when the record says so (see the module comment for the shapes), "recalled" for any other
 * result; null for a record that ends no call.
 */
function callOutcome(payload: PayloadValue): "failed" | "recalled" | null {
  if (payload.type === "mcp_tool_call_end") {
    const result = payload.result;
    if (typeof result !== "object" || result === null) return null;
    if ("Err" in result) return "failed";
    const ok = (result as { Ok?: { isError?: unknown; is_error?: unknown } }).Ok;
    return ok?.isError === true || ok?.is_error === true ? "failed" : "recalled";
  }
  if (payload.type !== "function_call_output" && payload.type !== "custom_tool_call_output") {
    return null;
  }
  return typeof payload.output === "string" && isFailedOutput(payload.output)
    ? "failed"
    : "recalled";
}

/** A `function_call_output` string of a failed MCP call: `err: …`, or only error content blocks. */
function isFailedOutput(output: string): boolean {
  if (output.startsWith("err: ")) return true;
  let blocks: unknown;
  try {
    blocks = JSON.parse(output);
  } catch {
    return false; // plain text: a tool's own output, not Codex's rendering of an error result
  }
  if (!Array.isArray(blocks) || blocks.length === 0) return false;
  return blocks.every((block) => isErrorText((block as { text?: unknown } | null)?.text));
}

/** Recollect's classified error as an `isError` result's text: `{"error": {"kind": …}}`. */
function isErrorText(text: unknown): boolean {
  if (typeof text !== "string") return false;
  try {
    const parsed = JSON.parse(text) as { error?: { kind?: unknown } } | null;
    return typeof parsed?.error?.kind === "string";
  } catch {
    return false;
  }
}
