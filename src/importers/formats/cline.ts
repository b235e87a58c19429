/**
 * Cline and Roo Code `ui_messages.json` (FORMATS.md § 5): a JSON array of UI events of one task. The first
 * `say:text` is the task prompt and `say:user_feedback` events are later human messages; the
 * assistant speaks through later `say:text`, `say:completion_result` and `ask:followup` (whose
 * JSON `{question, options}`, or Roo Code's `{question, suggest}`, is rendered as the question plus one `- option` line each). Streaming
 * placeholders (`partial: true`), tool events, reasoning, API bookkeeping and checkpoints are
 * dropped. Times are the events' `ts` (epoch ms).
 */
import { basename, dirname } from "node:path";
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { MessageRole } from "../../store/catalog/messages.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat } from "../imported-chat.js";
import { messagesFromTurns, type ParsedTurn, titleFromPrompt } from "../text-helpers.js";
import { basenameOfPath } from "./claude-code.js";
import { readJsonDocument } from "./json-document.js";
import { tryParseJson } from "./json-lines.js";

const ClineEvent = z.looseObject({
  ts: z.number(),
  type: z.enum(["say", "ask"]),
  say: z.string().optional(),
  ask: z.string().optional(),
  text: z.string().optional().nullable(),
  partial: z.boolean().optional(),
});
const ClineTask = z.array(ClineEvent);
const Followup = z.object({
  question: z.string(),
  options: z.array(z.string()).optional(),
  // Roo Code's follow-ups suggest answers instead of listing options.
  suggest: z.array(z.union([z.string(), z.looseObject({ answer: z.string() })])).optional(),
});
/**
 * A task folder's name when it is an id: Cline names folders after the start time in ms, Roo Code
 * uses a UUID.
 */
export const TASK_FOLDER_ID =
  /^(?:\d{10,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/**
 * The environment details name the workspace (Cline: "Current Working Directory", Roo Code:
 * "Current Workspace Directory"); in `api_req_started` the request text is JSON-escaped.
 */
export const WORKING_DIRECTORY = /Current (?:Working|Workspace) Directory \(([^)\n]+)\)/;

/** True when a parsed JSON document looks like a Cline UI message log. */
export function looksLikeClineDocument(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  return ClineEvent.safeParse(value[0]).success;
}

/**
 * Parses one `ui_messages.json` into one chat (none without any human or assistant text).
 *
 * @throws ImportFormatError when the file is not JSON (`file:line`, the line where parsing
 *   stopped) or an event lacks `ts`/`type` (the index of the bad event is named).
 */
export function parseCline(path: string, text: string): ImportedChat[] {
  const json = readJsonDocument(path, text);
  const parsed = ClineTask.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const index = typeof issue?.path[0] === "number" ? ` (event ${issue.path[0]})` : "";
    throw new ImportFormatError(path, undefined, `not a Cline UI message list${index}`);
  }
  const turns: { role: MessageRole; content: string; timeMs: number }[] = [];
  let sawTask = false;
  let workingDirectory: string | null = null;
  for (const event of parsed.data) {
    if (event.partial) continue;
    const content = event.text ?? "";
    if (workingDirectory === null && event.say === "api_req_started") {
      workingDirectory = WORKING_DIRECTORY.exec(content)?.[1] ?? null;
    }
    if (content.trim() === "") continue;
    if (event.type === "say" && event.say === "text") {
      turns.push({ role: sawTask ? "assistant" : "user", content, timeMs: event.ts });
      sawTask = true;
    } else if (event.type === "say" && event.say === "user_feedback") {
      turns.push({ role: "user", content, timeMs: event.ts });
    } else if (event.type === "say" && event.say === "completion_result") {
      turns.push({ role: "assistant", content, timeMs: event.ts });
    } else if (event.type === "ask" && event.ask === "followup") {
      turns.push({ role: "assistant", content: renderFollowup(content), timeMs: event.ts });
    }
  }
  if (turns.length === 0) return [];
  const startMs = parsed.data[0]!.ts;
  return [taskFolderChat({ source: "cline", path, startMs, turns, workingDirectory })];
}

/** `{question, options}` as readable text; the raw text when it is not that JSON. */
function renderFollowup(text: string): string {
  const parsed = Followup.safeParse(tryParseJson(text));
  if (!parsed.success) return text;
  const options = [
    ...(parsed.data.options ?? []),
    ...(parsed.data.suggest ?? []).map((entry) =>
      typeof entry === "string" ? entry : entry.answer,
    ),
  ];
  return [parsed.data.question, ...options.map((option) => `- ${option}`)].join("\n");
}

/** Cline's `ui_messages.json`: a JSON array whose first event has a numeric `ts` and say/ask. */
export const clineFormat: TextFormatModule<"cline"> = {
  format: "cline",
  label: "Cline",
  input: "text",
  detect: (head) => {
    const start = head.text?.trimStart() ?? "";
    return /^\[\s*\{\s*"ts"\s*:\s*\d+/.test(start) && /"type"\s*:\s*"(?:say|ask)"/.test(start);
  },
  parse: ({ path, text }) => parseCline(path, text),
};

/**
 * The one chat of a Cline / Roo Code task file (`ui_messages.json` or
 * `api_conversation_history.json`): the task folder names it when it looks like a task id (else
 * the file name and start time do), the first user turn titles it, and the task's working
 * directory, when recorded, is its app hint. `startMs` is epoch milliseconds.
 */
export function taskFolderChat(task: {
  readonly source: ImportedChat["source"];
  readonly path: string;
  readonly startMs: number;
  readonly turns: readonly ParsedTurn[];
  readonly workingDirectory: string | null | undefined;
}): ImportedChat {
  const folder = basename(dirname(task.path));
  return {
    source: task.source,
    externalId: TASK_FOLDER_ID.test(folder) ? folder : `${basename(task.path)}#${task.startMs}`,
    title: titleFromPrompt(task.turns.find((turn) => turn.role === "user")?.content),
    createdAtMs: task.startMs,
    appHint: task.workingDirectory
      ? { name: basenameOfPath(task.workingDirectory), path: task.workingDirectory, origin: "cwd" }
      : null,
    messages: messagesFromTurns(task.startMs, task.turns),
  };
}
