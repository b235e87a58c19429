/**
 * Recollect's history tools inside a Gemini CLI session (`recollect-tool-calls.ts` says why they
 * matter). The CLI records a model turn's tool calls on that `gemini` message as `toolCalls`
 * (`{id, name, args, result, status, timestamp}`, google-gemini/gemini-cli
 * `chatRecordingTypes.ts` `ToolCallRecord`); an MCP tool is named bare (`explore_chat_history`),
 * `<server>__<tool>` or, in current releases, `mcp_<server>_<tool>`. Its `status` says how it
 * ended: `error` (an `isError` result, Recollect's classified error included) and `cancelled`
 * recalled nothing; any other status (`success`, or a call still running in a live session) did.
 */
import { z } from "zod";
import type { RecallTurn } from "../recall-marked-turn.js";
import { historyToolQuery, isRecollectHistoryTool } from "../recollect-tool-calls.js";
import type { ParsedTurn } from "../text-helpers.js";

const ToolCall = z.looseObject({
  name: z.string(),
  args: z.unknown().optional(),
  status: z.string().optional(),
});

/** Tool-call statuses after which the call returned nothing to restate. */
const FAILED_STATUSES = new Set(["error", "cancelled"]);

/** One recorded message as the recall pass sees it. */
export interface GeminiStep {
  /** Its stored text turn; null when nothing of it is stored (a tool-only model turn, an info line). */
  readonly turn: ParsedTurn | null;
  /** A person's prompt: starts a new turn of the conversation. */
  readonly isPrompt: boolean;
  /** The message's `toolCalls` as recorded (anything; only well-formed calls are read). */
  readonly toolCalls: unknown;
}

/**
 * The stored turns of `steps` with their Recollect state: from a turn's first history-tool call
 * on, its model messages are recalled (the calling message included, as for Claude Code); a model
 * message before that call is the agent's own step, and the prompt is then marked as asked
 * (`askedRecollect`). A turn whose every Recollect call failed recalled nothing. Pure.
 */
export function geminiRecallTurns(steps: readonly GeminiStep[]): RecallTurn[] {
  const out: RecallTurn[] = [];
  let segment: GeminiStep[] = [];
  const flush = () => {
    if (segment.length > 0) out.push(...turnWithRecall(segment));
    segment = [];
  };
  for (const step of steps) {
    if (step.isPrompt) flush();
    segment.push(step);
  }
  flush();
  return out;
}

/** One prompt (or the steps before any prompt) and the model messages up to the next prompt. */
function turnWithRecall(segment: readonly GeminiStep[]): RecallTurn[] {
  const turns = segment.map((step) =>
    step.turn === null
      ? null
      : ({
          ...step.turn,
          timeMs: step.turn.timeMs ?? null,
          recalled: false,
          query: null,
        } as RecallTurn),
  );
  const calls = segment.map((step) => recollectCalls(step.toolCalls));
  const first = calls.findIndex((list) => list.length > 0);
  const recalled = calls.some((list) =>
    list.some((call) => !FAILED_STATUSES.has(call.status ?? "")),
  );
  if (first === -1 || !recalled) return turns.filter((turn) => turn !== null);
  const query = historyToolQuery(calls[first]![0]!.args);
  const prompt = segment[0]!.isPrompt ? turns[0] : null;
  const repliedBefore = turns.slice(1, first).some((turn) => turn !== null);
  if (prompt && repliedBefore) prompt.askedRecollect = { query };
  for (const turn of turns.slice(first)) {
    if (turn === null || turn.role !== "assistant") continue;
    turn.recalled = true;
    turn.query = query;
  }
  return turns.filter((turn) => turn !== null);
}

/** The well-formed calls of a message's `toolCalls` that name a Recollect history tool. */
function recollectCalls(toolCalls: unknown): z.infer<typeof ToolCall>[] {
  if (!Array.isArray(toolCalls)) return [];
  return toolCalls.flatMap((raw) => {
    const call = ToolCall.safeParse(raw);
    return call.success && isRecollectHistoryTool(call.data.name) ? [call.data] : [];
  });
}
