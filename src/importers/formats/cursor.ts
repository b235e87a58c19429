/**
 * Cursor's chat store (docs/IMPORT-FORMATS.md § Cursor): the SQLite file `state.vscdb` in
 * `…/Cursor/User/globalStorage/`, table `cursorDiskKV(key, value)` of JSON values. Each composer
 * (a chat of the chat/agent panel) is `composerData:<composerId>` — `{composerId, name,
 * createdAt, lastUpdatedAt, fullConversationHeadersOnly: [{bubbleId, type}], …}` — and each of its
 * messages ("bubbles") `bubbleId:<composerId>:<bubbleId>` — `{bubbleId, type, text, createdAt?,
 * …}`, `type` 1 the person and 2 the model. Older composers keep their bubbles inline in
 * `conversation`. Bubbles without text (tool calls, thinking, checkpoints) are dropped.
 *
 * The database is opened read-only and never written. Which project a composer belongs to is not
 * in it: Cursor records that per workspace, in `../../workspaceStorage/<id>/state.vscdb`
 * (`ItemTable` key `composer.composerData` listing `allComposers`) beside `workspace.json`
 * (`{"folder": "file:///…"}`); when those are there, each chat gets its workspace folder.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import type { DatabaseFormatModule } from "../format-module.js";
import type { AppHint, ImportedChat } from "../imported-chat.js";
import { messagesFromTurns, type ParsedTurn, titleFromPrompt } from "../text-helpers.js";
import { epochMsOrNull, parseTimestampMs } from "../timestamps.js";
import { basenameOfPath } from "./claude-code.js";
import { tryParseJson } from "./json-lines.js";

/** The key-value table holding composers and bubbles. */
export const CURSOR_TABLE = "cursorDiskKV";

/** Bubble `type` values: Cursor's enum for the person and the model. */
const USER_BUBBLE = 1;
const ASSISTANT_BUBBLE = 2;

const Time = z.union([z.number(), z.string()]).nullable().optional();
const Bubble = z.looseObject({
  bubbleId: z.string().optional(),
  type: z.number(),
  text: z.string().nullable().optional(),
  createdAt: Time,
});
const Composer = z.looseObject({
  composerId: z.string().optional(),
  name: z.string().nullable().optional(),
  createdAt: z.number().nullable().optional(),
  fullConversationHeadersOnly: z
    .array(z.looseObject({ bubbleId: z.string(), type: z.number().optional() }))
    .optional(),
  conversation: z.array(Bubble).optional(),
});
const Row = z.object({
  key: z.string(),
  value: z.union([z.string(), z.instanceof(Buffer)]).nullable(),
});
const WorkspaceComposers = z.looseObject({
  allComposers: z.array(z.looseObject({ composerId: z.string() })),
});
const WorkspaceFolder = z.looseObject({ folder: z.string() });

/**
 * Reads every composer of a Cursor `state.vscdb` into one chat each (none without text).
 *
 * @throws ImportFormatError when the file does not open as SQLite, has no `cursorDiskKV` table of
 *   `(key, value)`, or a composer or bubble value is not the JSON Cursor writes (its key named).
 */
export function readCursorDatabase(path: string): ImportedChat[] {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new ImportFormatError(path, undefined, `cannot open SQLite database (${codeOf(error)})`);
  }
  try {
    const workspaces = workspaceFolders(path);
    return readOpen(path, db, workspaces);
  } catch (error) {
    if (error instanceof ImportFormatError) throw error;
    throw new ImportFormatError(path, undefined, `cannot read ${CURSOR_TABLE} (${codeOf(error)})`);
  } finally {
    db.close();
  }
}

function readOpen(
  path: string,
  db: Database.Database,
  workspaces: ReadonlyMap<string, string>,
): ImportedChat[] {
  const columns = new Set(
    (db.prepare(`PRAGMA table_info(${CURSOR_TABLE})`).all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  if (!columns.has("key") || !columns.has("value")) {
    throw new ImportFormatError(
      path,
      undefined,
      `SQLite database without Cursor's ${CURSOR_TABLE}(key, value) table`,
    );
  }
  const bubbleStatement = db.prepare(`SELECT key, value FROM ${CURSOR_TABLE} WHERE key = ?`);
  const chats: ImportedChat[] = [];
  // Range scan on the unique key index: every `composerData:` key and nothing else.
  const composers = db.prepare(
    `SELECT key, value FROM ${CURSOR_TABLE} WHERE key >= 'composerData:' AND key < 'composerData;' ORDER BY key`,
  );
  for (const raw of composers.iterate()) {
    const { key, value } = Row.parse(raw);
    const composer = parseValue(path, key, Composer, value);
    if (composer === null) continue;
    const composerId = composer.composerId ?? key.slice("composerData:".length);
    const bubbles = composer.fullConversationHeadersOnly
      ? composer.fullConversationHeadersOnly.flatMap((header) => {
          const bubbleKey = `bubbleId:${composerId}:${header.bubbleId}`;
          const row = bubbleStatement.get(bubbleKey);
          if (row === undefined) return [];
          const bubble = parseValue(path, bubbleKey, Bubble, Row.parse(row).value);
          return bubble ? [bubble] : [];
        })
      : (composer.conversation ?? []);
    const chat = chatOf(composerId, composer, bubbles, workspaces.get(composerId) ?? null);
    if (chat) chats.push(chat);
  }
  return chats;
}

function chatOf(
  composerId: string,
  composer: z.infer<typeof Composer>,
  bubbles: readonly z.infer<typeof Bubble>[],
  workspace: string | null,
): ImportedChat | null {
  const turns: ParsedTurn[] = [];
  for (const bubble of bubbles) {
    const content = bubble.text?.trim() ?? "";
    if (content === "") continue;
    if (bubble.type !== USER_BUBBLE && bubble.type !== ASSISTANT_BUBBLE) continue;
    turns.push({
      role: bubble.type === USER_BUBBLE ? "user" : "assistant",
      content,
      timeMs: timeOf(bubble.createdAt),
    });
  }
  if (turns.length === 0) return null;
  const startMs = composer.createdAt ?? turns.find((turn) => turn.timeMs != null)?.timeMs ?? 0;
  const appHint: AppHint | null = workspace
    ? { name: basenameOfPath(workspace), path: workspace, origin: "cwd" }
    : null;
  return {
    source: "cursor",
    externalId: composerId,
    title: composer.name?.trim() || titleFromPrompt(turns.find((t) => t.role === "user")?.content),
    createdAtMs: startMs,
    appHint,
    messages: messagesFromTurns(startMs, turns),
  };
}

/** A JSON value of the table; null for an empty one. */
function parseValue<S extends z.ZodType>(
  path: string,
  key: string,
  schema: S,
  value: string | Buffer | null,
): z.infer<S> | null {
  if (value === null) return null;
  const text = typeof value === "string" ? value : value.toString("utf8");
  if (text.trim() === "" || text === "null") return null;
  const parsed = schema.safeParse(tryParseJson(text));
  if (!parsed.success) {
    throw new ImportFormatError(
      path,
      undefined,
      `${CURSOR_TABLE} value of ${key} is not the JSON Cursor writes`,
    );
  }
  return parsed.data as z.infer<S>;
}

/**
 * Milliseconds from a bubble's `createdAt`: epoch ms or an ISO string; null (no own time) when
 * absent, malformed or not storable.
 */
function timeOf(value: number | string | null | undefined): number | null {
  if (typeof value === "number") return epochMsOrNull(value);
  if (typeof value === "string") return parseTimestampMs(value);
  return null;
}

/**
 * composerId → workspace folder, from the `workspaceStorage` folders beside the global storage
 * holding `path`. Best effort: anything missing or unreadable leaves those composers unmapped.
 * Each workspace database is opened read-only.
 */
function workspaceFolders(path: string): ReadonlyMap<string, string> {
  const folders = new Map<string, string>();
  const storage = join(dirname(dirname(path)), "workspaceStorage");
  let entries: string[];
  try {
    entries = readdirSync(storage);
  } catch {
    return folders;
  }
  for (const entry of entries) {
    const folder = workspaceFolderOf(join(storage, entry));
    if (folder === null) continue;
    for (const composerId of workspaceComposerIds(join(storage, entry, "state.vscdb"))) {
      folders.set(composerId, folder);
    }
  }
  return folders;
}

function workspaceFolderOf(workspace: string): string | null {
  try {
    const parsed = WorkspaceFolder.safeParse(
      tryParseJson(readFileSync(join(workspace, "workspace.json"), "utf8")),
    );
    if (!parsed.success || !parsed.data.folder.startsWith("file://")) return null;
    return fileURLToPath(parsed.data.folder);
  } catch {
    return null;
  }
}

function workspaceComposerIds(databasePath: string): string[] {
  try {
    const db = new Database(databasePath, { readonly: true, fileMustExist: true });
    try {
      const row = db
        .prepare("SELECT value FROM ItemTable WHERE key = 'composer.composerData'")
        .get() as { value: string | Buffer } | undefined;
      if (!row) return [];
      const text = typeof row.value === "string" ? row.value : row.value.toString("utf8");
      const parsed = WorkspaceComposers.safeParse(tryParseJson(text));
      return parsed.success ? parsed.data.allComposers.map((composer) => composer.composerId) : [];
    } finally {
      db.close();
    }
  } catch {
    return [];
  }
}

function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error
    ? String(error.code)
    : "error";
}

/** Cursor's `state.vscdb`: SQLite with a `cursorDiskKV` table. */
export const cursorFormat: DatabaseFormatModule<"cursor"> = {
  format: "cursor",
  label: "Cursor",
  input: "database",
  detect: (head) => head.sqliteTables?.has(CURSOR_TABLE) === true,
  parse: readCursorDatabase,
};
