/**
 * Recording wrappers around `history/`'s `searchChats()` / `readChat()`: the eval runner injects
 * them into `createExploreChatHistoryTool`, so it learns exactly which calls the explorer executed
 * (to replay them for the primary-context baseline) and which messages it observed (to count
 * fabricated citations). Behaviour is unchanged: results and errors pass through untouched.
 */
import type { ReadChatFunction, SearchChatsFunction } from "../../agent/tools/history-port.js";
import type { ReadChatInput, SearchChatsInput } from "../../history/types.js";

/** One executed retrieval call, in call order. */
export type RecordedCall =
  | { readonly kind: "search"; readonly input: SearchChatsInput }
  | { readonly kind: "read"; readonly input: ReadChatInput };

/** What a recorder holds for the current run. */
export interface RetrievalRecorder {
  readonly searchChats: SearchChatsFunction;
  readonly readChat: ReadChatFunction;
  /** Successful calls since the last {@link RetrievalRecorder.reset}. */
  calls(): readonly RecordedCall[];
  /** Message ids returned by those calls (search matches and read windows). */
  observedMessageIds(): ReadonlySet<number>;
  reset(): void;
}

/** Wraps `searchChats` / `readChat`; holds state per recorder, none at module level. */
export function createRetrievalRecorder(base: {
  searchChats: SearchChatsFunction;
  readChat: ReadChatFunction;
}): RetrievalRecorder {
  let calls: RecordedCall[] = [];
  let observed = new Set<number>();
  return {
    async searchChats(ctx, input) {
      const result = await base.searchChats(ctx, input);
      calls.push({ kind: "search", input });
      for (const chat of result.chats)
        for (const match of chat.matches) observed.add(match.message_id);
      return result;
    },
    async readChat(ctx, input) {
      const result = await base.readChat(ctx, input);
      calls.push({ kind: "read", input });
      for (const message of result.messages) observed.add(message.message_id);
      return result;
    },
    calls: () => calls,
    observedMessageIds: () => observed,
    reset() {
      calls = [];
      observed = new Set();
    },
  };
}
