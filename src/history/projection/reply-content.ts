import { carriesHistoryCard } from "./project-message.js";

/**
 * SQL expression for the `reply_content` column: the content of the message right after
 * `<alias>` in its chat when `<alias>` is a user turn and that next message is an assistant turn,
 * else NULL. `alias` is the outer `messages` row's name in the query (a fixed identifier, never
 * input). One `messages_chat (chat_id, id)` index step per row.
 */
export function replyContentSql(alias: string): string {
  return `CASE WHEN ${alias}.role = 'user' THEN (
    SELECT CASE WHEN n.role = 'assistant' THEN n.content END FROM messages n
    WHERE n.chat_id = ${alias}.chat_id AND n.id > ${alias}.id ORDER BY n.id LIMIT 1
  ) END`;
}

/**
 * True when a `reply_content` value ({@link replyContentSql}) carries a history-tool card: the
 * user turn it follows was answered by a history tool (`ProjectionInput.answeredByHistoryTool`).
 */
export function isAnsweredByHistoryTool(replyContent: string | null): boolean {
  return replyContent !== null && carriesHistoryCard(replyContent);
}
