/**
 * The retrieval functions the main-facing history tools call, as narrow function types so each
 * tool is a factory over them (the registry wires `history/`'s real `readChat` / `searchChats`).
 */
import type { HistoryScope } from "../../history/index.js";
import type {
  ReadChatInput,
  ReadChatResult,
  RetrievalContext,
  SearchChatsInput,
  SearchChatsResult,
} from "../../history/types.js";
import type { AgentContext } from "../context.js";

/** `history/`'s `readChat()`: bounded same-app read; throws `ChatNotFoundError` for any unseen target. */
export type ReadChatFunction<C extends HistoryScope = RetrievalContext> = (
  ctx: C,
  input: ReadChatInput,
) => ReadChatResult | Promise<ReadChatResult>;

/** `history/`'s `searchChats()`: bounded same-app FTS search excluding the current chat. */
export type SearchChatsFunction<C extends HistoryScope = RetrievalContext> = (
  ctx: C,
  input: SearchChatsInput,
) => SearchChatsResult | Promise<SearchChatsResult>;

/**
 * The retrieval context locked to the turn: the app, the current chat, the in-flight cutoff and
 * the host's indexer when it runs one (searches then wait ≤ 1 s for freshness). A turn whose
 * history is another store's app (`AgentContext.historyAppId`) reads that app with no current
 * chat: the turn's chat is local, and excluding its id there would hide an unrelated chat.
 */
export function retrievalContextFor(ctx: AgentContext): RetrievalContext {
  if (ctx.history !== undefined && ctx.historyAppId !== undefined) {
    return {
      store: ctx.store,
      appId: ctx.historyAppId,
      currentChatId: null,
      currentMessageId: null,
      history: ctx.history,
    };
  }
  return {
    store: ctx.store,
    appId: ctx.appId,
    currentChatId: ctx.chatId,
    currentMessageId: ctx.messageId,
    ...(ctx.indexer ? { indexer: ctx.indexer } : {}),
    ...(ctx.history ? { history: ctx.history } : {}),
  };
}
