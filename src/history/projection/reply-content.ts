import { z } from "zod";
import { unescapeEntities } from "../../card/xml-escape.js";
import { carriesHistoryCard } from "./project-message.js";
import type { HistoryToolReply } from "./recall-request.js";

/**
 * What a query reads of the reply to a user turn: the content of the message right after it in
 * its chat when that message is an assistant turn (`reply_content`), and whether that reply is
 * Recollect's notice to a recall question it could not explore (`reply_is_recall_notice`,
 * `messages.is_recall_notice`, migration 010). Both NULL for an assistant turn or a user turn
 * with no reply.
 */
export interface ReplyColumns {
  readonly reply_content: string | null;
  readonly reply_is_recall_notice: number | null;
}

/** Zod shape of {@link ReplyColumns}, for a row schema that selects {@link replyColumnsSql}. */
export const replyColumnsShape = {
  reply_content: z.string().nullable(),
  reply_is_recall_notice: z.number().int().nullable(),
};

/** The next message of `<alias>` in its chat, when `<alias>` is a user turn: one index step. */
function nextMessageSql(alias: string, column: string): string {
  return `CASE WHEN ${alias}.role = 'user' THEN (
    SELECT CASE WHEN n.role = 'assistant' THEN n.${column} END FROM messages n
    WHERE n.chat_id = ${alias}.chat_id AND n.id > ${alias}.id ORDER BY n.id LIMIT 1
  ) END`;
}

/**
 * SQL select-list items for {@link ReplyColumns}, named `reply_content` and
 * `reply_is_recall_notice`, of the outer `messages` row `alias` (a fixed identifier, never input).
 * One `messages_chat (chat_id, id)` index step per column and row.
 */
export function replyColumnsSql(alias: string): string {
  return `${nextMessageSql(alias, "content")} AS reply_content,
    ${nextMessageSql(alias, "is_recall_notice")} AS reply_is_recall_notice`;
}

/** The reply columns of a row with no reply (an assistant turn, a deleted message). */
export const NO_REPLY: ReplyColumns = { reply_content: null, reply_is_recall_notice: null };

/**
 * The first `query` attribute of an explorer or search card (a transcript's recalled-turn marker
 * is an explorer card). Attribute values are XML-escaped, so none holds a `"` or a `>`.
 */
const CARD_QUERY = /<(?:dyad-explore-chat-history|dyad-search-chats)\b[^>]*?\squery="([^"]*)"/;

/**
 * What a reply ({@link replyColumnsSql}) records of the request it answered, when the user turn
 * it follows asked the history tools (`ProjectionInput.answeredByHistoryTool`): a reply carrying
 * a history-tool card gives the question of its first card that has one (or null); Recollect's
 * notice to a recall question it could not explore records no question (null), so a turn that
 * asks none is taken whole for the request (`statementsOf`). Null when the reply is neither (or
 * there is no reply).
 */
export function historyToolReply(reply: ReplyColumns): HistoryToolReply | null {
  const content = reply.reply_content;
  if (content !== null && carriesHistoryCard(content)) {
    const query = CARD_QUERY.exec(content)?.[1];
    return { query: query === undefined ? null : unescapeEntities(query) };
  }
  return reply.reply_is_recall_notice === 1 ? { query: null } : null;
}
