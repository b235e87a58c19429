/**
 * The legacy history cards, `<dyad-search-chats>` and `<dyad-read-chat>` (plan § Phase 1: keep
 * their renderer support). Direct `read_chat` still renders `<dyad-read-chat>`; the internal-only
 * `search_chats` tool keeps `<dyad-search-chats>` so histories that contain such cards still show.
 *
 * Grammar (every attribute value and the body are XML-escaped):
 * ```
 * <dyad-search-chats state="pending" query="…"></dyad-search-chats>
 * <dyad-search-chats state="done" query="…" chats="3" index-status="ready" truncated="false">{result JSON}</dyad-search-chats>
 * <dyad-read-chat state="pending" chat-id="12"></dyad-read-chat>
 * <dyad-read-chat state="done" chat-id="12" title="…" messages="5" truncated="false">{result JSON}</dyad-read-chat>
 * <dyad-read-chat state="failed" chat-id="12" error-kind="not_found"></dyad-read-chat>
 * ```
 * Progress (`pending`) cards carry no archival text; the finished card's body is the typed result.
 */
import type { RecollectErrorKind } from "../../../errors/recollect-error.js";
import type { ReadChatResult, SearchChatsResult } from "../../../history/types.js";
import { escapeXml } from "../explore-chat-history/card-xml.js";

/** The legacy search card tag, fixed by the plan. */
export const SEARCH_CHATS_TAG = "dyad-search-chats";
/** The legacy read card tag, fixed by the plan. */
export const READ_CHAT_TAG = "dyad-read-chat";

type AttributeValue = string | number | boolean;

function element(tag: string, attributes: Record<string, AttributeValue>, body = ""): string {
  const rendered = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(String(value))}"`)
    .join("");
  return `<${tag}${rendered}>${escapeXml(body)}</${tag}>`;
}

/** A search card: pending (query only), done (result), or failed (error kind only). */
export type SearchChatsCard =
  | { readonly state: "pending"; readonly query: string }
  | { readonly state: "done"; readonly result: SearchChatsResult }
  | { readonly state: "failed"; readonly query: string; readonly errorKind: RecollectErrorKind };

/** Renders a `<dyad-search-chats>` card as escaped XML. Pure. */
export function renderSearchChatsCard(card: SearchChatsCard): string {
  switch (card.state) {
    case "pending":
      return element(SEARCH_CHATS_TAG, { state: "pending", query: card.query });
    case "failed":
      return element(SEARCH_CHATS_TAG, {
        state: "failed",
        query: card.query,
        "error-kind": card.errorKind,
      });
    case "done":
      return element(
        SEARCH_CHATS_TAG,
        {
          state: "done",
          query: card.result.query,
          chats: card.result.chats.length,
          "index-status": card.result.index_status,
          truncated: card.result.truncated,
        },
        JSON.stringify(card.result),
      );
  }
}

/** A read card: pending (target only), done (result), or failed (error kind only). */
export type ReadChatCard =
  | { readonly state: "pending"; readonly chatId: number }
  | { readonly state: "done"; readonly result: ReadChatResult }
  | { readonly state: "failed"; readonly chatId: number; readonly errorKind: RecollectErrorKind };

/** Renders a `<dyad-read-chat>` card as escaped XML. Pure. */
export function renderReadChatCard(card: ReadChatCard): string {
  switch (card.state) {
    case "pending":
      return element(READ_CHAT_TAG, { state: "pending", "chat-id": card.chatId });
    case "failed":
      return element(READ_CHAT_TAG, {
        state: "failed",
        "chat-id": card.chatId,
        "error-kind": card.errorKind,
      });
    case "done":
      return element(
        READ_CHAT_TAG,
        {
          state: "done",
          "chat-id": card.result.chat_id,
          title: card.result.chat_title ?? "",
          messages: card.result.messages.length,
          truncated: card.result.truncated,
        },
        JSON.stringify(card.result),
      );
  }
}
