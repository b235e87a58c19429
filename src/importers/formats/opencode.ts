/**
 * OpenCode's storage (docs/IMPORT-FORMATS.md § OpenCode): `~/.local/share/opencode/storage/`
 * holds one JSON file per session, message and message part —
 *
 * - `session/<projectID>/<sessionID>.json`: `{id: "ses_…", projectID, directory, parentID?, title,
 *   time: {created, updated}}`;
 * - `message/<sessionID>/<messageID>.json`: `{id: "msg_…", sessionID, role, time: {created},
 *   summary?}` (`summary: true` marks a compaction summary);
 * - `part/<messageID>/<partID>.json`: `{id: "prt_…", messageID, type, text?, synthetic?}`.
 *
 * The session file is the chat: its parser reads the session's message and part files from the
 * storage folder around it. Only `text` parts that the person or the model wrote are kept
 * (`synthetic` and `ignored` ones are OpenCode's own); reasoning, tool calls, patches, files and
 * step markers are dropped. Message and part files are recognized too, and contribute nothing on
 * their own (their session reads them). Times are epoch ms.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { DetectionHead } from "../detection-head.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat, ImportedMessage } from "../imported-chat.js";
import { readTextFile } from "../read-text-file.js";
import { messagesFromTurns, titleFromPrompt } from "../text-helpers.js";
import { basenameOfPath } from "./claude-code.js";
import { readJsonDocument, shapeProblem } from "./json-document.js";

const Session = z.looseObject({
  id: z.string().startsWith("ses_"),
  directory: z.string().optional(),
  title: z.string().optional(),
  time: z.looseObject({ created: z.number() }),
});
const Message = z.looseObject({
  id: z.string(),
  role: z.string(),
  time: z.looseObject({ created: z.number() }),
  summary: z.unknown().optional(),
});
const Part = z.looseObject({
  id: z.string(),
  type: z.string(),
  text: z.string().optional(),
  synthetic: z.boolean().optional(),
  ignored: z.boolean().optional(),
});

const SESSION_HEAD = /^\{[\s\S]*?"id"\s*:\s*"ses_[\s\S]*?"projectID"\s*:/;
const MEMBER_HEAD = /^\{[\s\S]*?"id"\s*:\s*"(?:msg|prt)_[\s\S]*?"sessionID"\s*:\s*"ses_/;

/** True when `head` is an OpenCode session, message or part file. */
export function looksLikeOpenCodeStorage(head: DetectionHead): boolean {
  const text = head.text?.trimStart() ?? "";
  return SESSION_HEAD.test(text.slice(0, 4096)) || MEMBER_HEAD.test(text.slice(0, 4096));
}

/**
 * Parses one session file, reading its messages and parts from the storage folder three levels up
 * (`storage/session/<projectID>/<file>`). A message or part file gives no chat. A session with no
 * message folder yet gives none either.
 *
 * @throws ImportFormatError when the session, a message or a part file is not JSON (that file and
 *   the line named) or not of OpenCode's shape (that file and the field named).
 */
export function parseOpenCodeFile(path: string, text: string): ImportedChat[] {
  const json = readJsonDocument(path, text);
  const session = Session.safeParse(json);
  if (!session.success) {
    if (isMember(json)) return [];
    throw new ImportFormatError(
      path,
      undefined,
      `not an OpenCode session: ${shapeProblem(session.error)}`,
    );
  }
  const storage = dirname(dirname(dirname(path)));
  const turns: { role: "user" | "assistant"; content: string; timeMs: number; summary: boolean }[] =
    [];
  for (const messagePath of jsonFilesIn(join(storage, "message", session.data.id))) {
    const message = readMember(messagePath, Message);
    if (message.role !== "user" && message.role !== "assistant") continue;
    const content = jsonFilesIn(join(storage, "part", message.id))
      .map((partPath) => readMember(partPath, Part))
      .filter((part) => part.type === "text" && !part.synthetic && !part.ignored)
      .map((part) => part.text?.trim() ?? "")
      .filter((piece) => piece !== "")
      .join("\n\n");
    if (content === "") continue;
    turns.push({
      role: message.role,
      content,
      timeMs: message.time.created,
      summary: message.summary === true,
    });
  }
  if (turns.length === 0) return [];
  // File names are OpenCode's time-ordered ids; equal creation times keep that order.
  turns.sort((a, b) => a.timeMs - b.timeMs);
  const startMs = session.data.time.created;
  const messages: ImportedMessage[] = messagesFromTurns(startMs, turns).map((message, index) => ({
    ...message,
    isCompactionSummary: turns[index]!.summary,
  }));
  const directory = session.data.directory;
  return [
    {
      source: "opencode",
      externalId: session.data.id,
      title:
        session.data.title?.trim() ||
        titleFromPrompt(turns.find((t) => t.role === "user")?.content),
      createdAtMs: startMs,
      appHint: directory
        ? { name: basenameOfPath(directory), path: directory, origin: "cwd" }
        : null,
      messages,
    },
  ];
}

function isMember(json: unknown): boolean {
  return z
    .looseObject({ id: z.string().regex(/^(?:msg|prt)_/), sessionID: z.string() })
    .safeParse(json).success;
}

function readMember<S extends z.ZodType>(path: string, schema: S): z.infer<S> {
  const parsed = schema.safeParse(readJsonDocument(path, readTextFile(path).text));
  if (!parsed.success) {
    throw new ImportFormatError(
      path,
      undefined,
      `not an OpenCode ${basename(dirname(dirname(path)))} file: ${shapeProblem(parsed.error)}`,
    );
  }
  return parsed.data as z.infer<S>;
}

/** The `.json` files directly in `folder`, sorted by name; [] when the folder does not exist. */
function jsonFilesIn(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => join(folder, name));
}

/** OpenCode storage files: a session (read with its messages and parts), a message or a part. */
export const openCodeFormat: TextFormatModule<"opencode"> = {
  format: "opencode",
  label: "OpenCode",
  input: "text",
  detect: looksLikeOpenCodeStorage,
  parse: ({ path, text }) => parseOpenCodeFile(path, text),
};
