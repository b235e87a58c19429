/**
 * The retrieval functions the host tools are wired to (`agent/tools/registry.ts`, the explorer):
 * a context that names a {@link HistoryPort} (`RetrievalContext.history`, a team's store) is served
 * by it; every other context by the local store's `searchChats()` / `readChat()`, as before.
 */
import { readChat } from "../read/read-chat.js";
import { searchChats } from "../search/search-chats.js";
import type {
  ReadChatInput,
  ReadChatResult,
  RetrievalContext,
  SearchChatsInput,
  SearchChatsResult,
} from "../types.js";
import type { HistoryScope } from "./history-port.js";

/** The scope of `ctx` alone: what a port is given (never the local store or its indexer). */
function scopeOf(ctx: RetrievalContext): HistoryScope {
  return {
    appId: ctx.appId,
    currentChatId: ctx.currentChatId,
    currentMessageId: ctx.currentMessageId,
    ...(ctx.indexWaitMs === undefined ? {} : { indexWaitMs: ctx.indexWaitMs }),
  };
}

/** `searchChats()` of the store `ctx` routes to (same contract and errors). */
export function routedSearchChats(
  ctx: RetrievalContext,
  input: SearchChatsInput,
): Promise<SearchChatsResult> {
  return ctx.history ? ctx.history.searchChats(scopeOf(ctx), input) : searchChats(ctx, input);
}

/** `readChat()` of the store `ctx` routes to (same contract and errors). */
export async function routedReadChat(
  ctx: RetrievalContext,
  input: ReadChatInput,
): Promise<ReadChatResult> {
  return ctx.history ? ctx.history.readChat(scopeOf(ctx), input) : readChat(ctx, input);
}
