/**
 * Codex CLI rollout JSONL (FORMATS.md § 4): one file is one session. User turns are
 * `event_msg`/`user_message`, assistant turns `event_msg`/`agent_message`; the `response_item`
 * copies of the same text (plus injected environment context) are skipped so nothing is counted
 * twice. Tool calls, reasoning and token counts are dropped. Older un-wrapped records (no
 * `payload` envelope) are read the same way. Recollect's own history-tool calls mark the agent
 * messages after them, and a prompt they answered after other steps (`codex-recall.ts`).
 */
import { basename } from "node:path";
import { z } from "zod";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat } from "../imported-chat.js";
import { withRecallMarkers } from "../recall-marked-turn.js";
import { messagesFromTurns, titleFromPrompt } from "../text-helpers.js";
import { parseTimestampMs } from "../timestamps.js";
import { basenameOfPath } from "./claude-code.js";
import { RecallState, type Turn } from "./codex-recall.js";
import { readJsonLines } from "./json-lines.js";

/** The fields of a rollout record's `payload` that the parser and `codex-recall.ts` read. */
export const Payload = z.looseObject({
  type: z.string().optional(),
  id: z.string().optional(),
  cwd: z.string().optional(),
  timestamp: z.string().optional(),
  message: z.unknown().optional(),
  name: z.string().optional(),
  call_id: z.string().optional(),
  arguments: z.unknown().optional(),
  output: z.unknown().optional(),
  result: z.unknown().optional(),
  invocation: z
    .looseObject({ tool: z.string().optional(), arguments: z.unknown().optional() })
    .optional(),
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
  const turns: Turn[] = [];
  let sessionId: string | null = null;
  let cwd: string | null = null;
  let startMs: number | null = null;
  const recall = new RecallState();

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
    recall.observe(payload);
    if (kind !== "event_msg") continue;
    if (payload.type !== "user_message" && payload.type !== "agent_message") continue;
    const content = typeof payload.message === "string" ? payload.message : "";
    if (content.trim() === "") continue;
    const role = payload.type === "user_message" ? "user" : "assistant";
    const turn: Turn = { role, content, timeMs, recalled: false, query: null };
    if (role === "user") recall.reset(turn);
    else recall.mark(turn);
    turns.push(turn);
    startMs ??= timeMs;
  }
  if (turns.length === 0) return [];
  const start = startMs ?? fallbackTimeMs;
  const messages = messagesFromTurns(start, withRecallMarkers(turns));
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

/** Codex CLI rollouts: JSONL whose records are `{timestamp, type, payload}`. */
export const codexFormat: TextFormatModule<"codex"> = {
  format: "codex",
  label: "Codex",
  input: "text",
  appendOnlyLines: true,
  detect: (head) => head.jsonRecords.some(looksLikeCodexRecord),
  parse: ({ path, text, fallbackTimeMs }) => parseCodex(path, text, fallbackTimeMs),
};
