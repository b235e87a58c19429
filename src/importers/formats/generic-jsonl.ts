/**
 * The generic JSON Lines format for anything else (docs/IMPORT-FORMATS.md): one message a line,
 * `{app, chat, title?, role, content, created_at, is_compaction_summary?}`. `chat` groups lines
 * into chats within `app`, in file order; `created_at` is ISO-8601 or epoch milliseconds; `role`
 * `system`/`tool` lines are accepted and dropped (not user or assistant turns).
 */
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { TextFormatModule } from "../format-module.js";
import type { ImportedChat, ImportedMessage } from "../imported-chat.js";
import { parseTimestampMs } from "../text-helpers.js";
import { readJsonLines } from "./json-lines.js";

const GenericLine = z.object({
  app: z.string().trim().min(1),
  chat: z.union([z.string().min(1), z.number()]),
  title: z.string().nullable().optional(),
  role: z.enum(["user", "assistant", "system", "tool"]),
  content: z.string(),
  created_at: z.union([z.string(), z.number().nonnegative()]),
  is_compaction_summary: z.boolean().optional(),
});

/** True when a parsed first record has the generic format's required keys. */
export function looksLikeGenericRecord(record: unknown): boolean {
  return z
    .looseObject({ app: z.string(), chat: z.unknown(), role: z.string(), content: z.string() })
    .safeParse(record).success;
}

/**
 * Parses a generic JSONL file into one chat per distinct `(app, chat)`.
 *
 * @throws ImportFormatError (`file:line`) on a line that is not JSON, misses a field, has a role
 *   outside user|assistant|system|tool, or a `created_at` that is not a valid time.
 */
export function parseGenericJsonl(path: string, text: string): ImportedChat[] {
  const chats = new Map<
    string,
    { app: string; chat: string; title: string | null; messages: ImportedMessage[] }
  >();
  for (const { lineNumber, value } of readJsonLines(path, text, GenericLine)) {
    const createdAtMs =
      typeof value.created_at === "number"
        ? Math.round(value.created_at)
        : (parseTimestampMs(value.created_at) ?? null);
    if (createdAtMs === null) {
      throw new ImportFormatError(
        path,
        lineNumber,
        "created_at must be ISO-8601 (2026-04-07T19:39:04Z) or epoch milliseconds",
      );
    }
    const chatKey = String(value.chat);
    const key = JSON.stringify([value.app, chatKey]);
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
      externalId: JSON.stringify([entry.app, entry.chat]),
      title: entry.title,
      createdAtMs: entry.messages.reduce(
        (earliest, message) => Math.min(earliest, message.createdAtMs),
        Number.POSITIVE_INFINITY,
      ),
      appHint: { name: entry.app, path: null, origin: "record" as const },
      messages: entry.messages,
    }));
}

/** The generic JSONL format: lines with `app`, `chat`, `role` and `content`. */
export const genericJsonlFormat: TextFormatModule<"jsonl"> = {
  format: "jsonl",
  label: "generic JSONL",
  input: "text",
  detect: (head) => head.jsonRecords.some(looksLikeGenericRecord),
  parse: ({ path, text }) => parseGenericJsonl(path, text),
};
