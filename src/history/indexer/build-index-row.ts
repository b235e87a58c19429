import { normalizeWhitespace, truncateChars } from "../projection/normalize-text.js";
import { projectMessage } from "../projection/project-message.js";
import type { HistoryToolReply } from "../projection/recall-request.js";
import { visibleText } from "../projection/visible-text.js";
import { cjkBigrams, separateCjkRuns } from "../text/cjk.js";
import type { MessageRole } from "../types.js";

/** Longest chat title kept in the index and in results, chars. Titles are labels, not documents. */
export const MAX_TITLE_CHARS = 300;

/** A stored message joined with its chat, as the indexer reads it. */
export interface IndexSource {
  readonly messageId: number;
  readonly appId: number;
  readonly chatId: number;
  readonly chatTitle: string | null;
  /**
   * `chats.source`: an importer's format name, `web`, `demo`… (see {@link indexedTitle}; it also
   * says whether the content is entity-escaped, `ProjectionInput.source`).
   */
  readonly chatSource: string;
  readonly role: MessageRole;
  readonly content: string;
  readonly isCompactionSummary: boolean;
  /** See `ProjectionInput.answeredByHistoryTool`: the next message carries a history-tool card. */
  readonly answeredByHistoryTool: HistoryToolReply | null;
  /** See `ProjectionInput.recollectReply`: a fixed reply Recollect wrote (`is_recollect_reply`). */
  readonly recollectReply: boolean;
  /** Milliseconds since the Unix epoch (store unit). */
  readonly createdAt: number;
}

/** The column values of one `history_fts` row (migration 002). */
export interface IndexRow {
  readonly rowid: number;
  readonly title: string;
  readonly body: string;
  readonly cjk: string;
  readonly scope: string;
  readonly app_id: number;
  readonly chat_id: number;
  readonly role: MessageRole;
  readonly created_at: number;
  readonly is_compaction_summary: 0 | 1;
  readonly projection_truncated: 0 | 1;
}

/**
 * Cleans a chat title for the index and for results: `<private>` spans removed (a title derived
 * from a first prompt can hold one), whitespace normalized, credentials redacted, cut to
 * {@link MAX_TITLE_CHARS}. Null stays null.
 */
export function cleanTitle(title: string | null): string | null {
  if (title === null) return null;
  return truncateChars(normalizeWhitespace(visibleText(title)), MAX_TITLE_CHARS).text;
}

/** `chats.source` of a chat started in the web app (`store/catalog/chats.ts`, `createWebChat`). */
export const WEB_CHAT_SOURCE = "web";

/**
 * The title a row of a chat indexes: {@link cleanTitle}'s, or null when Recollect made the title,
 * which is never evidence. Every title of a web chat (`chats.source` {@link WEB_CHAT_SOURCE}) is
 * Recollect's: the web app titles a new chat with its first message, often the very question put
 * to the history tools, and `set_chat_summary` (its model's words), the only other writer of a
 * title, runs only in web chats (the server runs turns nowhere else; the terminal chat and MCP
 * have no current chat). Indexed on every row of the chat, such a title would make a later note
 * there match the question's words. An imported chat's title is its source's, and indexed. Pure.
 */
export function indexedTitle(title: string | null, chatSource: string): string | null {
  return chatSource === WEB_CHAT_SOURCE ? null : cleanTitle(title);
}

/**
 * The scope tokens of a row: `app<id>` and `chat<id>`. Queries filter on them inside MATCH
 * (DESIGN.md § Lessons: an UNINDEXED app_id post-filter measured 10x slower).
 */
export function scopeTokens(appId: number, chatId: number): string {
  return `app${appId} chat${chatId}`;
}

/**
 * Builds the index row for one message: projection, the chat's title when Recollect did not make
 * it ({@link indexedTitle}), CJK bigrams, scope tokens. A message that is never evidence
 * (`Projection.notEvidence`) gets a row with no terms at all, any title included: the row exists
 * only so repair sees the message as indexed. Pure.
 */
export function buildIndexRow(source: IndexSource): IndexRow {
  const projection = projectMessage({
    source: source.chatSource,
    role: source.role,
    content: source.content,
    answeredByHistoryTool: source.answeredByHistoryTool,
    recollectReply: source.recollectReply,
  });
  const title =
    projection.notEvidence === null
      ? (indexedTitle(source.chatTitle, source.chatSource) ?? "")
      : "";
  return {
    rowid: source.messageId,
    title: separateCjkRuns(title),
    body: separateCjkRuns(projection.text),
    cjk: cjkBigrams(`${title}\n${projection.text}`),
    scope: scopeTokens(source.appId, source.chatId),
    app_id: source.appId,
    chat_id: source.chatId,
    role: source.role,
    created_at: source.createdAt,
    is_compaction_summary: source.isCompactionSummary ? 1 : 0,
    projection_truncated: projection.truncated ? 1 : 0,
  };
}
