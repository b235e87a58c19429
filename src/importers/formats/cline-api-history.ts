/**
 * Cline and Roo Code `api_conversation_history.json` (docs/IMPORT-FORMATS.md § Cline and Roo
 * Code): the task's conversation as sent to the model, a JSON array of Anthropic-style messages
 * `{role, content: string | blocks, ts?}`. Read only for a task folder without `ui_messages.json`
 * (the UI log is the cleaner record of the same task; both would be one chat twice): a file with
 * that sibling gives no chat. User turns keep the person's words — the `<task>` and `<feedback>`
 * texts — and drop what the extension injected (`<environment_details>`, tool results, `[tool]
 * Result:` texts); assistant turns keep their text blocks (tool-call markup and `<thinking>` are
 * left to the projection). The chat's source is `cline-api` (a format is always its chats' source),
 * its id the task folder, like the UI log's; the workspace comes from the environment details.
 */
import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat } from "../imported-chat.js";
import type { ParsedTurn } from "../text-helpers.js";
import { epochMsOrNull } from "../timestamps.js";
import { taskFolderChat, WORKING_DIRECTORY } from "./cline.js";
import { readJsonDocument, shapeProblem } from "./json-document.js";

/** The file's name in a task folder; detection also requires it. */
export const API_HISTORY_FILE = "api_conversation_history.json";

const Block = z.looseObject({ type: z.string(), text: z.string().optional() });
const ApiMessage = z.looseObject({
  role: z.enum(["user", "assistant"]),
  content: z.union([z.string(), z.array(Block)]),
  ts: z.number().optional(),
});
const ApiHistory = z.array(ApiMessage);

/** Injected user-side texts: the workspace snapshot and tool results written as text. */
const INJECTED_TEXT =
  /^\s*(?:<environment_details>|\[[^\]\n]{1,200}\] Result:|<file_content |\[TASK RESUMPTION\])/;
/** The wrappers Cline puts around the person's own words. */
const WRAPPED = /^\s*<(task|feedback|user_message)>\n?([\s\S]*?)\n?<\/\1>\s*$/;

/**
 * Parses one `api_conversation_history.json` into one chat; none when a `ui_messages.json` is
 * beside it or it holds no words of the person or the model.
 *
 * @throws ImportFormatError when the file is not JSON (the line where parsing stopped) or a message
 *   lacks `role`/`content` (its index named).
 */
export function parseClineApiHistory(
  path: string,
  text: string,
  fallbackTimeMs: number,
): ImportedChat[] {
  if (existsSync(join(dirname(path), "ui_messages.json"))) return [];
  const parsed = ApiHistory.safeParse(readJsonDocument(path, text));
  if (!parsed.success) {
    throw new ImportFormatError(
      path,
      undefined,
      `not a Cline API conversation history: ${shapeProblem(parsed.error)}`,
    );
  }
  const turns: ParsedTurn[] = [];
  let workingDirectory: string | null = null;
  for (const message of parsed.data) {
    const blocks =
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : message.content;
    const texts = blocks
      .filter((block) => block.type === "text" && block.text !== undefined)
      .map((block) => block.text ?? "");
    if (message.role === "user") workingDirectory ??= firstWorkingDirectory(texts);
    const kept = texts
      .flatMap((piece) => (message.role === "user" ? personalText(piece) : [piece.trim()]))
      .filter((piece) => piece !== "");
    if (kept.length === 0) continue;
    turns.push({
      role: message.role,
      content: kept.join("\n\n"),
      timeMs: message.ts === undefined ? null : epochMsOrNull(message.ts),
    });
  }
  if (turns.length === 0) return [];
  const folder = basename(dirname(path));
  const startMs =
    turns.find((turn) => turn.timeMs != null)?.timeMs ??
    (/^\d{10,}$/.test(folder) ? Number(folder) : fallbackTimeMs);
  return [taskFolderChat({ source: "cline-api", path, startMs, turns, workingDirectory })];
}

function firstWorkingDirectory(texts: readonly string[]): string | null {
  for (const text of texts) {
    const match = WORKING_DIRECTORY.exec(text);
    if (match) return match[1]!;
  }
  return null;
}

/** The person's words in one user text block: unwrapped, and nothing of what was injected. */
function personalText(text: string): string[] {
  if (INJECTED_TEXT.test(text)) return [];
  const wrapped = WRAPPED.exec(text);
  return [(wrapped ? wrapped[2]! : text).trim()];
}

/** Cline / Roo Code `api_conversation_history.json`: by name, and a JSON array of role messages. */
export const clineApiHistoryFormat: TextFormatModule<"cline-api"> = {
  format: "cline-api",
  label: "Cline/Roo API history",
  input: "text",
  detect: (head) =>
    basename(head.path) === API_HISTORY_FILE &&
    /^\[\s*(?:\]|\{\s*"role"\s*:)/.test(head.text?.trimStart() ?? ""),
  parse: ({ path, text, fallbackTimeMs }) => parseClineApiHistory(path, text, fallbackTimeMs),
};
