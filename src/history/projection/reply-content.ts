import { carriesHistoryCard } from "./project-message.js";
import type { HistoryToolReply } from "./recall-request.js";
import { unescapeEntities } from "./unescape-entities.js";

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
 * The first `query` attribute of an explorer or search card (a transcript's recalled-turn marker
 * is an explorer card). Attribute values are XML-escaped, so none holds a `"` or a `>`.
 */
const CARD_QUERY = /<(?:dyad-explore-chat-history|dyad-search-chats)\b[^>]*?\squery="([^"]*)"/;

/**
 * What a `reply_content` value ({@link replyContentSql}) records of the request it answered, when
 * it carries a history-tool card (the user turn it follows was answered by a history tool,
 * `ProjectionInput.answeredByHistoryTool`): the question of its first card that has one, or null.
 * Null when the reply carries no card (or there is no reply).
 */
export function historyToolReply(replyContent: string | null): HistoryToolReply | null {
  if (replyContent === null || !carriesHistoryCard(replyContent)) return null;
  const query = CARD_QUERY.exec(replyContent)?.[1];
  return { query: query === undefined ? null : unescapeEntities(query) };
}
