/**
 * `citedMessageState` on a real store: an excerpt cut with `…` marks still matches its message;
 * other text is `changed`; a message gone, or asked through another app, is `removed`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeChats } from "../../importers/write-chats.js";
import { findChat } from "../../store/catalog/chats.js";
import { openStore, type Store } from "../../store/open-store.js";
import { citedMessageState } from "./cited-message-state.js";

const TEXT =
  "We looked at Kafka first.\n\nIt was too heavy,   so we chose SQS with a dead-letter queue.";

let store: Store;
let chatId: number;
let messageId: number;
let appId: number;

beforeEach(() => {
  store = openStore({ path: ":memory:" });
  const write = (name: string, content: string) =>
    writeChats(store.db, [
      {
        chat: {
          source: "claude-code",
          externalId: name,
          title: name,
          createdAtMs: 1_000,
          appHint: null,
          messages: [
            {
              role: "assistant",
              content,
              createdAtMs: 1_000,
              aiMessagesJson: null,
              isCompactionSummary: false,
            },
          ],
        },
        app: { name, path: null },
      },
    ]).chatIds[0]!;
  chatId = write("shop", TEXT);
  write("other", "unrelated");
  appId = findChat(store.db, chatId)!.appId;
  messageId = store.db
    .prepare<[number], number>("SELECT id FROM messages WHERE chat_id = ?")
    .pluck()
    .get(chatId)!;
});
afterEach(() => store.close());

const state = (excerpt: string, options: { app?: number; message?: number } = {}) =>
  citedMessageState(
    { store, appId: options.app ?? appId, currentChatId: null, currentMessageId: null },
    { chat_id: chatId, message_id: options.message ?? messageId, excerpt },
  );

describe("citedMessageState", () => {
  it("matches an excerpt cut with … marks and collapsed whitespace", () => {
    expect(state(TEXT)).toBe("same");
    expect(state("…It was too heavy, so we chose SQS…")).toBe("same");
    expect(state("We looked at Kafka first. … dead-letter queue.")).toBe("same");
    // A card stored before excerpts kept a token whole ("queue. We" quoted with other spacing).
    expect(state("…dead-letter\tqueue .")).toBe("same");
  });

  it("is changed when the text no longer holds the excerpt, or not in its order", () => {
    expect(state("…so we chose Kinesis…")).toBe("changed");
    expect(state("dead-letter queue. … We looked at Kafka")).toBe("changed");
  });

  it("is removed for a message gone or asked through another app", () => {
    expect(state("x", { message: messageId + 100 })).toBe("removed");
    expect(state(TEXT, { app: appId + 1 })).toBe("removed");
  });
});
