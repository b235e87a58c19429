import { z } from "zod";
import { ChatNotFoundError } from "../../errors/recollect-error.js";
import { isoTimeOrNull } from "../../text/iso-time.js";
import { cleanTitle } from "../indexer/build-index-row.js";
import { readView } from "../projection/read-view.js";
import {
  historyToolReply,
  replyColumnsShape,
  replyColumnsSql,
} from "../projection/reply-content.js";
import type { ReadChatInput, ReadChatResult, ReadMessage, RetrievalContext } from "../types.js";
import { boundToExtent, cutToExtent, type ReadExtent } from "./read-extent.js";
import { parseReadInput } from "./read-input.js";

const chatSchema = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  source: z.string(),
  created_at: z.number(),
});
const messageSchema = z.object({
  id: z.number().int(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  ...replyColumnsShape,
  is_recollect_reply: z.number().int(),
  is_compaction_summary: z.number().int(),
  created_at: z.number(),
});
type MessageRow = z.infer<typeof messageSchema>;

const COLUMNS = `id, role, content, ${replyColumnsSql("messages")}, is_recollect_reply, is_compaction_summary, created_at`;

/** `source`: `chats.source` of the message's chat (whether its text is entity-escaped). */
function toReadMessage(
  row: MessageRow,
  source: string,
  extent: ReadExtent,
  focus: string | null,
): ReadMessage {
  const projection = readView({
    source,
    role: row.role,
    content: row.content,
    answeredByHistoryTool: historyToolReply(row),
    recollectReply: row.is_recollect_reply === 1,
  });
  const cut = cutToExtent(projection.text, extent, focus);
  return {
    message_id: row.id,
    role: row.role,
    created_at: isoTimeOrNull(row.created_at),
    content: cut.text,
    ...(projection.notEvidence === null ? {} : { not_evidence: projection.notEvidence }),
    is_compaction_summary: row.is_compaction_summary === 1,
    projection_truncated: projection.truncated || cut.truncated,
  };
}

/**
 * Reads a window of one chat of `ctx.appId` (DESIGN.md § Retrieval primitives; issue #2 item 5).
 * With `around_message_id`: that message plus ≤ `before`/`after` neighbours (0–10, default 3), stray
 * `offset`/`limit` ignored; otherwise `offset` (default 0) / `limit` (1–20, default 10) from the start.
 * Each message is its projection (thinking, code and tool payloads removed, credentials redacted)
 * cut to 2,400 chars, or for a message that is never evidence what `readView` shows of it, with
 * `not_evidence` saying why; the result is ≤ 20 KB as JSON and the target message is never dropped. In
 * the current chat only messages with `id < ctx.currentMessageId` exist. `extent` `whole` (a person's
 * CLI read, never a model's) lifts the 2,400-char and 20 KB cuts (`read-extent.ts`).
 *
 * @throws ChatNotFoundError, identical for a missing chat, another app's chat, and a target that is
 *   missing, in another chat, or at/after the current-chat cutoff.
 * @throws InvalidInputError for a malformed argument, naming it.
 */
export function readChat(
  ctx: RetrievalContext,
  input: ReadChatInput,
  extent: ReadExtent = "bounded",
): ReadChatResult {
  const request = parseReadInput(input);
  const { db } = ctx.store;
  const chat = chatSchema
    .optional()
    .parse(
      db
        .prepare("SELECT id, title, source, created_at FROM chats WHERE id = ? AND app_id = ?")
        .get(request.chatId, ctx.appId),
    );
  const asked = request.mode === "around" ? request.targetMessageId : undefined;
  if (chat === undefined) throw new ChatNotFoundError(request.chatId, asked);
  const cutoff =
    chat.id === ctx.currentChatId && ctx.currentMessageId !== null
      ? ctx.currentMessageId
      : Number.MAX_SAFE_INTEGER;
  const rows = (sql: string, ...params: number[]): MessageRow[] =>
    z.array(messageSchema).parse(db.prepare(sql).all(...params));

  let messages: MessageRow[];
  let hasMoreBefore: boolean;
  let hasMoreAfter: boolean;
  let targetId: number | null = null;
  if (request.mode === "around") {
    const target = rows(
      `SELECT ${COLUMNS} FROM messages WHERE id = ? AND chat_id = ? AND id < ?`,
      request.targetMessageId,
      chat.id,
      cutoff,
    );
    if (target.length === 0) throw new ChatNotFoundError(request.chatId, asked);
    targetId = request.targetMessageId;
    const before = rows(
      `SELECT ${COLUMNS} FROM messages WHERE chat_id = ? AND id < ? ORDER BY id DESC LIMIT ?`,
      chat.id,
      targetId,
      request.before + 1,
    );
    const after = rows(
      `SELECT ${COLUMNS} FROM messages WHERE chat_id = ? AND id > ? AND id < ? ORDER BY id LIMIT ?`,
      chat.id,
      targetId,
      cutoff,
      request.after + 1,
    );
    hasMoreBefore = before.length > request.before;
    hasMoreAfter = after.length > request.after;
    messages = [
      ...before.slice(0, request.before).reverse(),
      ...target,
      ...after.slice(0, request.after),
    ];
  } else {
    const page = rows(
      `SELECT ${COLUMNS} FROM messages WHERE chat_id = ? AND id < ? ORDER BY id LIMIT ? OFFSET ?`,
      chat.id,
      cutoff,
      request.limit + 1,
      request.offset,
    );
    hasMoreBefore = request.offset > 0;
    hasMoreAfter = page.length > request.limit;
    messages = page.slice(0, request.limit);
  }
  return boundToExtent(
    {
      chat_id: chat.id,
      chat_title: cleanTitle(chat.title),
      chat_created_at: isoTimeOrNull(chat.created_at),
      messages: messages.map((row) => toReadMessage(row, chat.source, extent, request.focus)),
      has_more_before: hasMoreBefore,
      has_more_after: hasMoreAfter,
      truncated: false,
    },
    targetId,
    extent,
  );
}
