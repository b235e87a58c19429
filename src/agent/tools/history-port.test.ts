import { describe, expect, it } from "vitest";
import type { IndexWaiter } from "../../history/types.js";
import { openStore } from "../../store/open-store.js";
import { retrievalContextFor } from "./history-port.js";

describe("retrievalContextFor", () => {
  it("locks app, current chat and cutoff, and passes the host's indexer through when present", () => {
    using store = openStore({ path: ":memory:" });
    const indexer: IndexWaiter = { waitForIdle: async () => true };
    const base = { store, appId: 7, chatId: 3, messageId: 42, isPro: true };
    const signal = new AbortController().signal;
    expect(retrievalContextFor({ ...base, abortSignal: signal })).toEqual({
      store,
      appId: 7,
      currentChatId: 3,
      currentMessageId: 42,
    });
    expect(retrievalContextFor({ ...base, abortSignal: signal, indexer }).indexer).toBe(indexer);
  });
});
