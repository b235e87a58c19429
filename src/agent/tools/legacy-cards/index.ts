/** Legacy `<dyad-search-chats>` / `<dyad-read-chat>` card rendering. */
export {
  READ_CHAT_TAG,
  type ReadChatCard,
  renderReadChatCard,
  renderSearchChatsCard,
  SEARCH_CHATS_TAG,
  type SearchChatsCard,
} from "./legacy-cards.js";
