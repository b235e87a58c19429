/**
 * Gemini CLI chat recordings (docs/IMPORT-FORMATS.md § Gemini CLI): one session a file in
 * `~/.gemini/tmp/<project-hash>/chats/`. Two layouts, both read:
 *
 * - `session-<time>-<id8>.json` (older releases): one JSON document `{sessionId, projectHash,
 *   startTime, lastUpdated, summary?, messages: [...]}`;
 * - `session-<time>-<id8>.jsonl` (newer): a metadata line `{sessionId, projectHash, startTime…}`,
 *   then one line per message record (a record written again with the same `id` replaces it),
 *   `{"$set": {...}}` metadata updates and `{"$rewindTo": id}` lines that drop that message and
 *   everything after it. Since 0.61 the CLI also writes `$set.messages`, its model history (the
 *   first one right after the header, holding only its `<session_context>` preamble), and keeps
 *   appending one record per message after it: a `$set.messages` list is merged by `id` like
 *   records, never taken as the whole conversation, so no message after it is lost (and history the
 *   CLI compressed away stays in the archive).
 *
 * A message is `{id, timestamp, type, content, displayContent?}`; `type` `user` is the person (what
 * they typed, `displayContent`, when recorded; else `content`), `gemini` the model; `info`,
 * `error` and `warning` lines are the CLI's own and dropped, and so is a `user` message that opens
 * with `<session_context>`: the CLI's environment preamble (date, folders, its own instructions),
 * which no person wrote and which is no evidence of a decision. `content` is a string or Gemini API
 * parts: `text` parts are kept, `thought` parts, function calls and responses, and inline data
 * dropped (tool calls live in `toolCalls`, reasoning in `thoughts`; neither is stored, but a call
 * to one of Recollect's history tools marks the turn: `gemini-recall.ts`).
 */
import { basename } from "node:path";
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { DetectionHead } from "../detection-head.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat } from "../imported-chat.js";
import { withRecallMarkers } from "../recall-marked-turn.js";
import { messagesFromTurns, type ParsedTurn, titleFromPrompt } from "../text-helpers.js";
import { parseTimestampMs } from "../timestamps.js";
import { type GeminiStep, geminiRecallTurns } from "./gemini-recall.js";
import { readJsonDocument, shapeProblem } from "./json-document.js";
import { readJsonLines, tryParseJson } from "./json-lines.js";

const MessageRecord = z.looseObject({
  id: z.string(),
  timestamp: z.string().optional(),
  type: z.string(),
  content: z.unknown().optional(),
  displayContent: z.unknown().optional(),
  toolCalls: z.unknown().optional(),
});
type Message = z.infer<typeof MessageRecord>;

const Metadata = z.looseObject({
  sessionId: z.string(),
  projectHash: z.string(),
  startTime: z.string().optional(),
  summary: z.string().optional(),
  directories: z.array(z.string()).optional(),
});
const LegacySession = Metadata.extend({ messages: z.array(MessageRecord) });
/** A `.jsonl` header line (a minified older session is one such line, messages included). */
const HeaderLine = LegacySession.partial({ messages: true });
const AnyRecord = z.looseObject({});
const SetRecord = z.looseObject({
  $set: z.looseObject({ messages: z.array(MessageRecord).optional() }),
});
const RewindRecord = z.looseObject({ $rewindTo: z.string() });

const Part = z.looseObject({ text: z.string().optional(), thought: z.boolean().optional() });

/** How the CLI's environment preamble opens (a `user` turn the CLI writes, not the person). */
const SESSION_CONTEXT_OPENING = "<session_context>";

/** The head of an older `.json` session: the document opens with `sessionId` then `projectHash`. */
const LEGACY_HEAD = /^\{\s*"sessionId"\s*:\s*"[^"]*"\s*,\s*"projectHash"\s*:\s*"/;

/** True when `head` is a Gemini CLI session, in either layout. */
export function looksLikeGeminiSession(head: DetectionHead): boolean {
  if (head.text !== null && LEGACY_HEAD.test(head.text.trimStart())) return true;
  const first = head.jsonRecords[0];
  return first !== undefined && Metadata.safeParse(first).success && !("type" in (first as object));
}

/**
 * Parses one session file (either layout) into one chat, none when it has no prompt or reply.
 *
 * @throws ImportFormatError when the file is not JSON / JSON Lines (`file:line`), lacks
 *   `sessionId`/`projectHash`, or holds a message without `id`/`type` (its index or line named).
 */
export function parseGeminiSession(
  path: string,
  text: string,
  fallbackTimeMs: number,
): ImportedChat[] {
  const session = isJsonLines(text) ? readRecorded(path, text) : readLegacy(path, text);
  const turns = geminiRecallTurns(session.messages.map(stepOf));
  if (turns.length === 0) return [];
  const startMs =
    parseTimestampMs(session.metadata.startTime ?? "") ??
    turns.find((turn) => turn.timeMs != null)?.timeMs ??
    fallbackTimeMs;
  const workspace = session.metadata.directories?.[0];
  return [
    {
      source: "gemini-cli",
      externalId: session.metadata.sessionId,
      title:
        session.metadata.summary?.trim() ||
        titleFromPrompt(turns.find((turn) => turn.role === "user")?.content),
      createdAtMs: startMs,
      // The folder is a hash of the project path; only a sub-agent's session names its workspace.
      appHint: workspace ? { name: basename(workspace), path: workspace, origin: "cwd" } : null,
      messages: messagesFromTurns(startMs, withRecallMarkers(turns)),
    },
  ];
}

interface Session {
  readonly metadata: z.infer<typeof Metadata>;
  readonly messages: readonly Message[];
}

function readLegacy(path: string, text: string): Session {
  const parsed = LegacySession.safeParse(readJsonDocument(path, text));
  if (!parsed.success) {
    throw new ImportFormatError(
      path,
      undefined,
      `not a Gemini CLI session: ${shapeProblem(parsed.error)}`,
    );
  }
  return { metadata: parsed.data, messages: parsed.data.messages };
}

/** Replays a `.jsonl` recording: records and `$set.messages` merged by id in order, rewinds applied. */
function readRecorded(path: string, text: string): Session {
  // Header fields as the header line and later `$set` lines give them (later values win).
  const fields: Record<string, unknown> = {};
  let sawHeader = false;
  const messages = new Map<string, Message>();
  const merge = (list: readonly Message[] | undefined) => {
    for (const message of list ?? []) messages.set(message.id, message);
  };
  for (const { lineNumber, value } of readJsonLines(path, text, AnyRecord)) {
    const rewind = RewindRecord.safeParse(value);
    if (rewind.success) {
      rewindTo(messages, rewind.data.$rewindTo);
      continue;
    }
    if ("id" in value) {
      const message = MessageRecord.safeParse(value);
      if (!message.success) {
        throw new ImportFormatError(
          path,
          lineNumber,
          `message record: ${shapeProblem(message.error)}`,
        );
      }
      messages.set(message.data.id, message.data);
      continue;
    }
    const update = SetRecord.safeParse(value);
    if (update.success) {
      const { messages: list, ...rest } = update.data.$set;
      merge(list);
      Object.assign(fields, rest);
      continue;
    }
    const header = HeaderLine.safeParse(value);
    if (header.success) {
      const { messages: list, ...rest } = header.data;
      merge(list);
      Object.assign(fields, rest);
      sawHeader = true;
    }
  }
  const metadata = Metadata.safeParse(fields);
  if (!sawHeader || !metadata.success) {
    throw new ImportFormatError(path, 1, "not a Gemini CLI session: no sessionId/projectHash line");
  }
  return { metadata: metadata.data, messages: [...messages.values()] };
}

/** True when the first non-blank line is a whole JSON value: the `.jsonl` layout. */
function isJsonLines(text: string): boolean {
  const start = text.trimStart();
  const newline = start.indexOf("\n");
  return tryParseJson(newline === -1 ? start : start.slice(0, newline)) !== undefined;
}

function rewindTo(messages: Map<string, Message>, id: string): void {
  if (!messages.has(id)) {
    // Gemini CLI drops everything when the rewind target is unknown; so does the replay.
    messages.clear();
    return;
  }
  let dropping = false;
  for (const key of [...messages.keys()]) {
    if (key === id) dropping = true;
    if (dropping) messages.delete(key);
  }
}

/** A recorded message as the recall pass reads it: its stored turn (if any) and its tool calls. */
function stepOf(message: Message): GeminiStep {
  const toolCalls = message.type === "gemini" ? message.toolCalls : undefined;
  const turn = turnOf(message);
  return { turn, isPrompt: turn?.role === "user", toolCalls };
}

function turnOf(message: Message): ParsedTurn | null {
  if (message.type !== "user" && message.type !== "gemini") return null;
  const shown =
    message.type === "user" ? (message.displayContent ?? message.content) : message.content;
  const content = textOf(shown).trim();
  if (content === "") return null;
  if (message.type === "user" && content.startsWith(SESSION_CONTEXT_OPENING)) return null;
  return {
    role: message.type === "user" ? "user" : "assistant",
    content,
    timeMs: parseTimestampMs(message.timestamp ?? ""),
  };
}

/** The text of Gemini API content: a string, a part, or a list of them; thoughts left out. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  const parts = Array.isArray(content) ? content : [content];
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      const parsed = Part.safeParse(part);
      return parsed.success && !parsed.data.thought ? (parsed.data.text ?? "") : "";
    })
    .filter((piece) => piece !== "")
    .join("\n");
}

/** Gemini CLI sessions: `{sessionId, projectHash, …}` as one JSON document or JSON Lines. */
export const geminiCliFormat: TextFormatModule<"gemini-cli"> = {
  format: "gemini-cli",
  label: "Gemini CLI",
  input: "text",
  detect: looksLikeGeminiSession,
  parse: ({ path, text, fallbackTimeMs }) => parseGeminiSession(path, text, fallbackTimeMs),
};
