/**
 * Codex CLI rollout JSONL (FORMATS.md § 4): one file is one session. User turns are
 * `event_msg`/`user_message`, assistant turns `event_msg`/`agent_message`; the `response_item`
 * copies of the same text (plus injected environment context) are skipped so nothing is counted
 * twice. Tool calls, reasoning and token counts are dropped. Older un-wrapped records (no
 * `payload` envelope) are read the same way.
 */
import { basename } from "node:path";
import { z } from "zod";
import type { MessageRole } from "../../store/catalog/messages.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat } from "../imported-chat.js";
import {
  isRecollectHistoryTool,
  isRecollectToolOutput,
  markRecalledTurn,
} from "../recollect-tool-calls.js";
import { messagesFromTurns, parseTimestampMs, titleFromPrompt } from "../text-helpers.js";
import { basenameOfPath } from "./claude-code.js";
import { readJsonLines } from "./json-lines.js";

const Payload = z.looseObject({
  type: z.string().optional(),
  id: z.string().optional(),
  cwd: z.string().optional(),
  timestamp: z.string().optional(),
  message: z.unknown().optional(),
  name: z.string().optional(),
  output: z.unknown().optional(),
  invocation: z.looseObject({ tool: z.string().optional() }).optional(),
});
const Line = z.looseObject({
  timestamp: z.string().optional(),
  type: z.string(),
  payload: Payload.optional(),
});

const CODEX_RECORD_TYPES = new Set(["session_meta", "response_item", "event_msg", "turn_context"]);

/** True when a parsed first record looks like a Codex CLI rollout line. */
export function looksLikeCodexRecord(record: unknown): boolean {
  const parsed = Line.safeParse(record);
  return (
    parsed.success && parsed.data.payload !== undefined && CODEX_RECORD_TYPES.has(parsed.data.type)
  );
}

/**
 * Parses one rollout file into one chat (none when it holds no prompt or reply).
 *
 * @throws ImportFormatError (`file:line`) on a line that is not JSON or lacks a `type`.
 */
export function parseCodex(path: string, text: string, fallbackTimeMs: number): ImportedChat[] {
  const lines = readJsonLines(path, text, Line);
  const turns: { role: MessageRole; content: string; timeMs: number | null }[] = [];
  let sessionId: string | null = null;
  let cwd: string | null = null;
  let startMs: number | null = null;
  // Between a Recollect history-tool call (or its output) and the person's next prompt.
  let recalling = false;

  for (const { value } of lines) {
    // Un-wrapped early records carry the payload fields on the record itself.
    const payload = value.payload ?? Payload.safeParse(value).data ?? {};
    const kind = value.payload ? value.type : "event_msg";
    const timeMs = parseTimestampMs(value.timestamp ?? payload.timestamp ?? "");
    if (value.type === "session_meta") {
      sessionId ??= payload.id ?? null;
      cwd ??= payload.cwd ?? null;
      startMs ??= parseTimestampMs(payload.timestamp ?? "") ?? timeMs;
      continue;
    }
    if (callsRecollect(payload)) recalling = true;
    if (kind !== "event_msg") continue;
    if (payload.type !== "user_message" && payload.type !== "agent_message") continue;
    const content = typeof payload.message === "string" ? payload.message : "";
    if (content.trim() === "") continue;
    const role = payload.type === "user_message" ? "user" : "assistant";
    if (role === "user") recalling = false;
    turns.push({ role, content: recalling ? markRecalledTurn(content) : content, timeMs });
    startMs ??= timeMs;
  }
  if (turns.length === 0) return [];
  const start = startMs ?? fallbackTimeMs;
  const messages = messagesFromTurns(start, turns);
  return [
    {
      source: "codex",
      externalId: sessionId ?? basename(path),
      title: titleFromPrompt(turns.find((turn) => turn.role === "user")?.content),
      createdAtMs: start,
      appHint: cwd ? { name: basenameOfPath(cwd), path: cwd, origin: "cwd" } : null,
      messages,
    },
  ];
}

/**
 * A record of a call to one of Recollect's history tools (`function_call`/`custom_tool_call` by
 * name, an `mcp_tool_call_begin` event by its tool) or of its output.
 */
function callsRecollect(payload: z.infer<typeof Payload>): boolean {
  if (payload.name !== undefined && isRecollectHistoryTool(payload.name)) return true;
  const tool = payload.invocation?.tool;
  if (tool !== undefined && isRecollectHistoryTool(tool)) return true;
  return typeof payload.output === "string" && isRecollectToolOutput(payload.output);
}

/** Codex CLI rollouts: JSONL whose records are `{timestamp, type, payload}`. */
export const codexFormat: TextFormatModule<"codex"> = {
  format: "codex",
  label: "Codex",
  input: "text",
  detect: (head) => head.jsonRecords.some(looksLikeCodexRecord),
  parse: ({ path, text, fallbackTimeMs }) => parseCodex(path, text, fallbackTimeMs),
};
