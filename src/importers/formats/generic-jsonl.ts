/**
 * The generic JSON Lines format for anything else (docs/IMPORT-FORMATS.md): one message a line,
 * `{app, chat, title?, role, content, created_at, is_compaction_summary?}`. `chat` groups lines
 * into chats within `app`, in file order; `created_at` is ISO-8601 or epoch milliseconds; `role`
 * `system`/`tool` lines are accepted and dropped (not user or assistant turns). A chat's title is
 * its first non-empty `title`, else the first line of its first prompt (`titleFromPrompt`).
 */
import { z } from "zod";
import { quotedValue } from "../../errors/quoted-value.js";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { TextFormatModule } from "../format-module.js";
import { genericChatKey } from "../generic-chat-key.js";
import type { ImportedChat, ImportedMessage } from "../imported-chat.js";
import { titleFromPrompt } from "../text-helpers.js";
import { isStorableTimeMs, parseTimestampMs, STORED_TIME_RANGE } from "../timestamps.js";
import { type LineShapeProblem, readJsonLines } from "./json-lines.js";

const GenericLine = z.object({
  app: z.string().trim().min(1),
  chat: z.union([z.string().min(1), z.number()]),
  title: z.string().nullable().optional(),
  role: z.enum(["user", "assistant", "system", "tool"]),
  content: z.string(),
  // Range and calendar are checked by parseTimestampMs / isStorableTimeMs, naming the line.
  created_at: z.union([z.string(), z.number()]),
  is_compaction_summary: z.boolean().optional(),
});

type GenericField = keyof z.infer<typeof GenericLine>;

/** What each field of a line may hold, as errors say it (docs/IMPORT-FORMATS.md's table). */
const FIELD_ALLOWED: Readonly<Record<GenericField, string>> = {
  app: "a non-empty string (the app's name)",
  chat: "a non-empty string or a number (the chat's id within its app)",
  title: "a string or null (optional)",
  role: "one of user, assistant, system, tool",
  content: "a string (the message text)",
  created_at: `an ISO-8601 date-time (2026-04-07T19:39:04Z) or integer epoch milliseconds, from ${STORED_TIME_RANGE}`,
  is_compaction_summary: "true or false (optional)",
};

/** The shape of a line, for errors. */
const LINE_SHAPE = "{app, chat, title?, role, content, created_at, is_compaction_summary?}";

/** The required fields; a record holding 3 of them is taken for a (maybe faulty) generic line. */
const REQUIRED_FIELDS: readonly GenericField[] = ["app", "chat", "role", "content", "created_at"];
const FIELDS_THAT_MARK_A_LINE = 3;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * True when a parsed record is meant as a generic line: a JSON object with at least 3 of the
 * required fields (`app`, `chat`, `role`, `content`, `created_at`), valid or not, so that a line
 * missing one is rejected naming it rather than as no known format. Never throws.
 */
export function looksLikeGenericRecord(record: unknown): boolean {
  if (!isRecord(record)) return false;
  const present = REQUIRED_FIELDS.filter((field) => Object.hasOwn(record, field));
  return present.length >= FIELDS_THAT_MARK_A_LINE;
}

/** Longest value echoed in an error, chars; longer is cut with `…`. */
const MAX_ECHOED_CHARS = 40;

/** A JSON value as an error names it: a short string quoted, else its kind. */
function describeValue(value: unknown): string {
  if (typeof value === "string") {
    const cut = value.length > MAX_ECHOED_CHARS ? `${value.slice(0, MAX_ECHOED_CHARS)}…` : value;
    return quotedValue(cut);
  }
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * The reason a line's record fails {@link GenericLine}: the field missing or wrong, what it may
 * hold (`FIELD_ALLOWED`) and, when wrong, what it held; or that the line is no JSON object.
 */
function explainGenericLine(issue: z.core.$ZodIssue, record: unknown): LineShapeProblem {
  const [key] = issue.path;
  if (!isRecord(record) || typeof key !== "string" || !Object.hasOwn(FIELD_ALLOWED, key)) {
    return {
      reason: `each line must be a JSON object ${LINE_SHAPE}, got ${describeValue(record)}`,
    };
  }
  const field = key as GenericField;
  const problem = { field, allowed: FIELD_ALLOWED[field] };
  if (!Object.hasOwn(record, field)) {
    return {
      reason: `missing field "${field}": expected ${problem.allowed}; a line is ${LINE_SHAPE}`,
      problem,
    };
  }
  return {
    reason: `field "${field}" must be ${problem.allowed}, got ${describeValue(record[field])}`,
    problem,
  };
}

/**
 * A line's `created_at` in epoch ms: an ISO-8601 date-time naming a real instant, or integer epoch
 * ms, within the storable range (`timestamps.ts`).
 *
 * @throws ImportFormatError (`file:line`, field `created_at`) otherwise, echoing the value (a
 *   number as JavaScript holds it: one past 2^53 rounded).
 */
function storedTimeOf(path: string, lineNumber: number, createdAt: string | number): number {
  const ms =
    typeof createdAt === "number"
      ? isStorableTimeMs(createdAt)
        ? createdAt
        : null
      : parseTimestampMs(createdAt);
  if (ms !== null) return ms;
  const allowed = FIELD_ALLOWED.created_at;
  const got = typeof createdAt === "number" ? String(createdAt) : describeValue(createdAt);
  throw new ImportFormatError(
    path,
    lineNumber,
    `field "created_at" must be ${allowed}, got ${got}`,
    { field: "created_at", allowed },
  );
}

/**
 * Parses a generic JSONL file into one chat per distinct `(app, chat)`.
 *
 * @throws ImportFormatError (`file:line`) on a line that is not JSON or not an object, misses a
 *   field, or holds a value its field does not allow (a role outside user|assistant|system|tool,
 *   a `created_at` that is not a valid time…); `field` and `allowed` name the field and what it
 *   may hold.
 */
export function parseGenericJsonl(path: string, text: string): ImportedChat[] {
  const chats = new Map<
    string,
    { app: string; chat: string; title: string | null; messages: ImportedMessage[] }
  >();
  for (const { lineNumber, value } of readJsonLines(path, text, GenericLine, explainGenericLine)) {
    const createdAtMs = storedTimeOf(path, lineNumber, value.created_at);
    const chatKey = String(value.chat);
    const key = genericChatKey(value.app, chatKey);
    const entry = chats.get(key) ?? { app: value.app, chat: chatKey, title: null, messages: [] };
    chats.set(key, entry);
    if (entry.title === null && value.title) entry.title = value.title;
    if (value.role !== "user" && value.role !== "assistant") continue;
    if (value.content.trim() === "") continue;
    entry.messages.push({
      role: value.role,
      content: value.content,
      createdAtMs,
      aiMessagesJson: null,
      isCompactionSummary: value.is_compaction_summary === true,
    });
  }
  return [...chats.values()]
    .filter((entry) => entry.messages.length > 0)
    .map((entry) => ({
      source: "jsonl" as const,
      externalId: genericChatKey(entry.app, entry.chat),
      // No line gave a title: the first line of the first prompt, as other formats do.
      title: entry.title ?? promptTitle(entry.messages),
      ...(entry.title === null ? { titleFromPrompt: true } : {}),
      createdAtMs: entry.messages.reduce(
        (earliest, message) => Math.min(earliest, message.createdAtMs),
        Number.POSITIVE_INFINITY,
      ),
      appHint: { name: entry.app, path: null, origin: "record" as const },
      messages: entry.messages,
    }));
}

/** The title {@link titleFromPrompt} makes of a chat's first user message (null for none). */
function promptTitle(messages: readonly ImportedMessage[]): string | null {
  return titleFromPrompt(messages.find((message) => message.role === "user")?.content);
}

/**
 * The generic JSONL format: lines with `app`, `chat`, `role`, `content` and `created_at` (a file
 * whose leading lines hold 3 of them is taken for one, and a faulty line rejected by name).
 */
export const genericJsonlFormat: TextFormatModule<"jsonl"> = {
  format: "jsonl",
  label: "generic JSONL",
  input: "text",
  detect: (head) => head.jsonRecords.some(looksLikeGenericRecord),
  parse: ({ path, text }) => parseGenericJsonl(path, text),
};
