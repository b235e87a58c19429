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

/**
 * Executed calls and their wall time since the last reset. The calls of one model step run
 * concurrently, so each time is the union of the intervals in which at least one such call was
 * running, never a sum that could exceed the wall time.
 */
export interface RetrievalTimes {
  readonly searchCalls: number;
  /** Milliseconds during which some `searchChats` call was running. */
  readonly searchMs: number;
  readonly readCalls: number;
  /** Milliseconds during which some `readChat` call was running. */
  readonly readMs: number;
  /** Milliseconds during which some search or read was running (≤ searchMs + readMs). */
  readonly anyMs: number;
}

/** What a recorder holds for the current run. */
export interface RetrievalRecorder {
  readonly searchChats: SearchChatsFunction;
  readonly readChat: ReadChatFunction;
  /** Successful calls since the last {@link RetrievalRecorder.reset}. */
  calls(): readonly RecordedCall[];
  /** Message ids returned by those calls (search matches and read windows). */
  observedMessageIds(): ReadonlySet<number>;
  /** Calls and time per kind, failed calls included. */
  times(): RetrievalTimes;
  reset(): void;
}

/** Union-of-intervals clock: time during which at least one of its spans was open. */
class BusyClock {
  private open = 0;
  private since = 0;
  ms = 0;
  calls = 0;
  constructor(private readonly now: () => number) {}
  enter(): void {
    if (this.open === 0) this.since = this.now();
    this.open += 1;
    this.calls += 1;
  }
  leave(): void {
    this.open -= 1;
    if (this.open === 0) this.ms += this.now() - this.since;
  }
}

/** Wraps `searchChats` / `readChat`; holds state per recorder, none at module level. */
export function createRetrievalRecorder(
  base: {
    searchChats: SearchChatsFunction;
    readChat: ReadChatFunction;
  },
  now: () => number = () => performance.now(),
): RetrievalRecorder {
  let calls: RecordedCall[] = [];
  let observed = new Set<number>();
  let clocks = { search: new BusyClock(now), read: new BusyClock(now), any: new BusyClock(now) };
  const timed = async <T>(kind: "search" | "read", run: () => T | Promise<T>): Promise<T> => {
    const own = clocks[kind];
    const any = clocks.any;
    own.enter();
    any.enter();
    try {
      return await run();
    } finally {
      own.leave();
      any.leave();
    }
  };
  return {
    async searchChats(ctx, input) {
      const result = await timed("search", () => base.searchChats(ctx, input));
      calls.push({ kind: "search", input });
      for (const chat of result.chats)
        for (const match of chat.matches) observed.add(match.message_id);
      return result;
    },
    async readChat(ctx, input) {
      const result = await timed("read", () => base.readChat(ctx, input));
      calls.push({ kind: "read", input });
      for (const message of result.messages) observed.add(message.message_id);
      return result;
    },
    calls: () => calls,
    observedMessageIds: () => observed,
    times: () => ({
      searchCalls: clocks.search.calls,
      searchMs: clocks.search.ms,
      readCalls: clocks.read.calls,
      readMs: clocks.read.ms,
      anyMs: clocks.any.ms,
    }),
    reset() {
      calls = [];
      observed = new Set();
      clocks = { search: new BusyClock(now), read: new BusyClock(now), any: new BusyClock(now) };
    },
  };
}
