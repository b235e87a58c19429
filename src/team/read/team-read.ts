/**
 * `readChat()` on a team's PostgreSQL store (issue 32), to the local contract: a window of one
 * chat of the app, each message its read text (`readView`, made on the pushing machine) cut to
 * 2,400 chars, ≤ 20 KB in all, the target never dropped; messages in their original order
 * (`origin_message_id`). One `ChatNotFoundError` for a chat that is missing, tombstoned, in
 * another app or in an app not granted (row level security hides it), and for a target that is
 * missing, in another chat or at/after the current-chat cutoff.
 */
import type pg from "pg";
import { ChatNotFoundError } from "../../errors/recollect-error.js";
import type { HistoryScope } from "../../history/port/history-port.js";
import { boundToExtent, cutToExtent, type ReadExtent } from "../../history/read/read-extent.js";
import { parseReadInput } from "../../history/read/read-input.js";
import type {
  NotEvidenceKind,
  ReadChatInput,
  ReadChatResult,
  ReadMessage,
} from "../../history/types.js";
import { isoTimeOrNull } from "../../text/iso-time.js";

interface MessageRecord {
  readonly id: string;
  readonly origin_message_id: string;
  readonly role: "user" | "assistant";
  readonly created_at: string;
  readonly is_compaction_summary: boolean;
  readonly read_text: string;
  readonly read_truncated: boolean;
  readonly not_evidence: NotEvidenceKind | null;
}

const COLUMNS =
  "id, origin_message_id, role, created_at, is_compaction_summary, read_text, read_truncated, not_evidence";

function toReadMessage(row: MessageRecord, extent: ReadExtent, focus: string | null): ReadMessage {
  const cut = cutToExtent(row.read_text, extent, focus);
  return {
    message_id: Number(row.id),
    role: row.role,
    created_at: isoTimeOrNull(Number(row.created_at)),
    content: cut.text,
    ...(row.not_evidence === null ? {} : { not_evidence: row.not_evidence }),
    is_compaction_summary: row.is_compaction_summary,
    projection_truncated: row.read_truncated || cut.truncated,
  };
}

/**
 * Reads a window of chat `input.chat_id` of app `scope.appId` through `pool`; `extent` as the
 * local `readChat()`'s.
 * @throws ChatNotFoundError (see the module comment); InvalidInputError for a malformed argument.
 */
export async function teamReadChat(
  pool: pg.Pool,
  scope: HistoryScope,
  input: ReadChatInput,
  extent: ReadExtent = "bounded",
): Promise<ReadChatResult> {
  const request = parseReadInput(input);
  const asked = request.mode === "around" ? request.targetMessageId : undefined;
  const chat = (
    await pool.query<{ id: string; title: string | null; created_at: string }>(
      `SELECT id, title, created_at FROM recollect.chats
        WHERE id = $1 AND app_id = $2 AND deleted_at IS NULL`,
      [request.chatId, scope.appId],
    )
  ).rows[0];
  if (chat === undefined) throw new ChatNotFoundError(request.chatId, asked);
  const chatId = Number(chat.id);
  // The cutoff is a message id; in the current chat only messages before it exist.
  const cutoff =
    chatId === scope.currentChatId && scope.currentMessageId !== null
      ? scope.currentMessageId
      : Number.MAX_SAFE_INTEGER;
  const rows = async (sql: string, params: unknown[]) =>
    (await pool.query<MessageRecord>(sql, params)).rows;
  let messages: MessageRecord[];
  let hasMoreBefore: boolean;
  let hasMoreAfter: boolean;
  let targetId: number | null = null;
  if (request.mode === "around") {
    const target = await rows(
      `SELECT ${COLUMNS} FROM recollect.messages WHERE id = $1 AND chat_id = $2 AND id < $3`,
      [request.targetMessageId, chatId, cutoff],
    );
    const found = target[0];
    if (found === undefined) throw new ChatNotFoundError(request.chatId, asked);
    targetId = request.targetMessageId;
    const before = await rows(
      `SELECT ${COLUMNS} FROM recollect.messages WHERE chat_id = $1 AND origin_message_id < $2
        AND id < $3 ORDER BY origin_message_id DESC LIMIT $4`,
      [chatId, found.origin_message_id, cutoff, request.before + 1],
    );
    const after = await rows(
      `SELECT ${COLUMNS} FROM recollect.messages WHERE chat_id = $1 AND origin_message_id > $2
        AND id < $3 ORDER BY origin_message_id LIMIT $4`,
      [chatId, found.origin_message_id, cutoff, request.after + 1],
    );
    hasMoreBefore = before.length > request.before;
    hasMoreAfter = after.length > request.after;
    messages = [
      ...before.slice(0, request.before).reverse(),
      found,
      ...after.slice(0, request.after),
    ];
  } else {
    const page = await rows(
      `SELECT ${COLUMNS} FROM recollect.messages WHERE chat_id = $1 AND id < $2
        ORDER BY origin_message_id LIMIT $3 OFFSET $4`,
      [chatId, cutoff, request.limit + 1, request.offset],
    );
    hasMoreBefore = request.offset > 0;
    hasMoreAfter = page.length > request.limit;
    messages = page.slice(0, request.limit);
  }
  return boundToExtent(
    {
      chat_id: chatId,
      chat_title: chat.title,
      chat_created_at: isoTimeOrNull(Number(chat.created_at)),
      messages: messages.map((row) => toReadMessage(row, extent, request.focus)),
      has_more_before: hasMoreBefore,
      has_more_after: hasMoreAfter,
      truncated: false,
    },
    targetId,
    extent,
  );
}
