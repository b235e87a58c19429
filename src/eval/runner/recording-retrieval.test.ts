import { describe, expect, it } from "vitest";
import { readChat, searchChats } from "../../history/index.js";
import { createHistoryFixture } from "../../history/testing/history-fixture.js";
import type { ReadChatInput, RetrievalContext } from "../../history/types.js";
import { createRetrievalRecorder } from "./recording-retrieval.js";

describe("createRetrievalRecorder", () => {
  it("times concurrent calls as the union of their intervals, per kind and overall", async () => {
    using fixture = createHistoryFixture();
    const appId = fixture.app("a");
    const chatId = fixture.chat(appId, "t");
    const first = fixture.message(chatId, "user", "hello there");
    fixture.message(chatId, "assistant", "general kenobi");
    const ctx: RetrievalContext = {
      store: fixture.store,
      appId,
      currentChatId: null,
      currentMessageId: null,
    };
    let clock = 0;
    const gates: (() => void)[] = [];
    const gated = <T>(value: T): Promise<T> =>
      new Promise((resolve) => gates.push(() => resolve(value)));
    const recorder = createRetrievalRecorder(
      {
        searchChats: async (c, input) => gated(await searchChats(c, input)),
        readChat: (c, input) => gated(readChat(c, input)),
      },
      () => clock,
    );
    const read: ReadChatInput = { chat_id: chatId, around_message_id: first };
    // Two reads overlap: [0, 30] and [10, 40] → 40 ms of reading, not 60.
    const a = recorder.readChat(ctx, read);
    clock = 10;
    const b = recorder.readChat(ctx, read);
    await Promise.resolve();
    clock = 30;
    gates.shift()?.();
    await a;
    clock = 40;
    gates.shift()?.();
    await b;
    // A search alone: [50, 55].
    clock = 50;
    const s = recorder.searchChats(ctx, { query: "hello" });
    await new Promise((resolve) => setImmediate(resolve));
    clock = 55;
    gates.shift()?.();
    await s;
    expect(recorder.times()).toEqual({
      searchCalls: 1,
      searchMs: 5,
      readCalls: 2,
      readMs: 40,
      anyMs: 45,
    });
    expect(recorder.calls().map((call) => call.kind)).toEqual(["read", "read", "search"]);
    recorder.reset();
    expect(recorder.times()).toEqual({
      searchCalls: 0,
      searchMs: 0,
      readCalls: 0,
      readMs: 0,
      anyMs: 0,
    });
  });
});
