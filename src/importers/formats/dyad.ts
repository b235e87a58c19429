/**
 * A Dyad SQLite database (FORMATS.md § 7): tables `apps(id, name, path…)`,
 * `chats(id, app_id, title, created_at…)`, `messages(id, chat_id, role, content, created_at…)`,
 * times in unix seconds. Optional newer columns `ai_messages_json` and `is_compaction_summary` are
 * kept when present. Opened read-only; nothing in the source database changes. One chat per
 * `chats` row that has at least one user/assistant message; other roles are dropped.
 */
import Database from "better-sqlite3";
import { z } from "zod";
import { ImportFormatError } from "../../errors/recollect-error.js";
import { absentWalFiles, releaseWalFiles, removeCreatedWalFiles } from "../../store/wal-files.js";
import type { DatabaseFormatModule } from "../format-module.js";
import type { ImportedChat, ImportedMessage } from "../imported-chat.js";

/**
 * Times at or above this are already milliseconds; below, seconds. 1e11 s is the year 5138 while
 * 1e11 ms is 1973, so real data of either unit falls on its own side.
 */
const MILLISECONDS_THRESHOLD = 1e11;

const AppRow = z.object({ id: z.number(), name: z.string(), path: z.string().nullable() });
const ChatRow = z.object({
  id: z.number(),
  app_id: z.number(),
  title: z.string().nullable(),
  created_at: z.number(),
});
const MessageRow = z.object({
  id: z.number(),
  chat_id: z.number(),
  role: z.string(),
  content: z.string().nullable(),
  created_at: z.number(),
  ai_messages_json: z.string().nullable(),
  is_compaction_summary: z.union([z.number(), z.boolean()]).nullable(),
});

/** Tables a Dyad database must have. */
const DYAD_TABLES = ["apps", "chats", "messages"] as const;

/**
 * Reads every chat of a Dyad database. The app hint is each chat's Dyad app (`origin: "record"`).
 *
 * @throws ImportFormatError when the file is not a readable SQLite database, lacks the Dyad
 *   tables, or a row has an unexpected shape (the table and row id are named).
 */
export function readDyadDatabase(path: string): ImportedChat[] {
  const created = absentWalFiles(path);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    removeCreatedWalFiles(created);
    throw new ImportFormatError(path, undefined, `cannot open SQLite database (${String(error)})`);
  }
  try {
    return readOpen(path, db);
  } catch (error) {
    if (error instanceof ImportFormatError) throw error;
    throw new ImportFormatError(path, undefined, `cannot read Dyad tables (${String(error)})`);
  } finally {
    db.close();
    // A read-only connection to a WAL database leaves -wal/-shm files beside it: removed.
    releaseWalFiles(path, created);
  }
}

function readOpen(path: string, db: Database.Database): ImportedChat[] {
  const columns = (table: string): Set<string> =>
    new Set(
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map(
        (column) => column.name,
      ),
    );
  const appColumns = columns("apps");
  const chatColumns = columns("chats");
  const messageColumns = columns("messages");
  if (appColumns.size === 0 || chatColumns.size === 0 || messageColumns.size === 0) {
    throw new ImportFormatError(
      path,
      undefined,
      "SQLite database without Dyad's apps/chats/messages tables",
    );
  }
  const optional = (present: Set<string>, name: string) => (present.has(name) ? name : "NULL");
  const apps = new Map<number, z.infer<typeof AppRow>>();
  for (const row of db
    .prepare(`SELECT id, name, ${optional(appColumns, "path")} AS path FROM apps`)
    .all()) {
    const app = parseRow(path, "apps", AppRow, row);
    apps.set(app.id, app);
  }
  const messagesByChat = new Map<number, ImportedMessage[]>();
  const messageSql = `SELECT id, chat_id, role, content, created_at,
      ${optional(messageColumns, "ai_messages_json")} AS ai_messages_json,
      ${optional(messageColumns, "is_compaction_summary")} AS is_compaction_summary
    FROM messages ORDER BY chat_id, id`;
  for (const row of db.prepare(messageSql).all()) {
    const message = parseRow(path, "messages", MessageRow, row);
    if (message.role !== "user" && message.role !== "assistant") continue;
    const content = message.content ?? "";
    if (content.trim() === "") continue;
    const list = messagesByChat.get(message.chat_id) ?? [];
    list.push({
      role: message.role,
      content,
      createdAtMs: toMs(message.created_at),
      aiMessagesJson: message.ai_messages_json,
      isCompactionSummary: Boolean(message.is_compaction_summary),
    });
    messagesByChat.set(message.chat_id, list);
  }
  const chats: ImportedChat[] = [];
  for (const row of db
    .prepare("SELECT id, app_id, title, created_at FROM chats ORDER BY id")
    .all()) {
    const chat = parseRow(path, "chats", ChatRow, row);
    const app = apps.get(chat.app_id);
    const messages = messagesByChat.get(chat.id);
    if (!app || !messages) continue;
    chats.push({
      source: "dyad",
      externalId: `${app.name}#${chat.id}`,
      title: chat.title,
      createdAtMs: toMs(chat.created_at),
      appHint: { name: app.name, path: app.path, origin: "record" },
      messages,
    });
  }
  return chats;
}

function parseRow<S extends z.ZodType>(path: string, table: string, schema: S, row: unknown) {
  const parsed = schema.safeParse(row);
  if (!parsed.success) {
    const id = z.object({ id: z.unknown() }).safeParse(row);
    const issue = parsed.error.issues[0];
    throw new ImportFormatError(
      path,
      undefined,
      `${table} row ${id.success ? String(id.data.id) : "?"}: unexpected ${issue?.path.join(".") ?? "shape"}`,
    );
  }
  return parsed.data as z.infer<S>;
}

function toMs(value: number): number {
  return value >= MILLISECONDS_THRESHOLD ? Math.round(value) : Math.round(value * 1000);
}

/** A Dyad database: SQLite with `apps`, `chats` and `messages` tables. */
export const dyadFormat: DatabaseFormatModule<"dyad"> = {
  format: "dyad",
  label: "Dyad",
  input: "database",
  detect: (head) => DYAD_TABLES.every((table) => head.sqliteTables?.has(table) === true),
  parse: readDyadDatabase,
};
