import { describe, expect, it } from "vitest";
import { HISTORY_ANSWER_LABEL } from "../projection/project-message.js";
import { readChat } from "../read/read-chat.js";
import { searchChats } from "../search/search-chats.js";
import { createHistoryFixture } from "../testing/history-fixture.js";
import { createIndexer } from "./create-indexer.js";

const CARD =
  '<dyad-explore-chat-history state="complete" query="What did we decide about authentication?">{}</dyad-explore-chat-history>';

/** Message ids of every match of `query` in `app`, best first. */
async function matchedIds(
  fixture: ReturnType<typeof createHistoryFixture>,
  app: number,
  query: string,
): Promise<number[]> {
  const ctx = { store: fixture.store, appId: app, currentChatId: null, currentMessageId: null };
  const result = await searchChats(ctx, { query });
  return result.chats.flatMap((chat) => chat.matches.map((match) => match.message_id));
}

function queued(fixture: ReturnType<typeof createHistoryFixture>): number[] {
  return fixture.store.db
    .prepare("SELECT message_id FROM history_dirty_messages ORDER BY message_id")
    .pluck()
    .all() as number[];
}

describe("a user turn answered by a history tool", () => {
  it("stops being searchable once its reply carries a card, as a web turn writes it", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("Tasktide");
    const decisionChat = fixture.chat(app, "Login");
    const decision = fixture.message(decisionChat, "user", "We use Clerk for authentication.");
    const askChat = fixture.chat(app, null);
    const question = fixture.message(askChat, "user", "What did we decide about authentication?");
    // The web app inserts the reply empty and fills it when the turn ends (create-app.ts).
    const reply = fixture.message(askChat, "assistant", "");
    await using indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    await indexer.drainAll();
    expect(await matchedIds(fixture, app, "decide authentication")).toEqual([question, decision]);

    fixture.store.db
      .prepare("UPDATE messages SET content = ? WHERE id = ?")
      .run(`${CARD}\nYou chose Clerk.`, reply);
    expect(queued(fixture)).toEqual([question, reply]);
    await indexer.drainAll();
    expect(await matchedIds(fixture, app, "decide authentication")).toEqual([decision]);

    // Its reply deleted, the question is a plain user turn again and searchable.
    fixture.store.db.prepare("DELETE FROM messages WHERE id = ?").run(reply);
    expect(queued(fixture)).toEqual([question]);
    await indexer.drainAll();
    expect(await matchedIds(fixture, app, "decide authentication")).toEqual([question, decision]);
  });

  it("is labelled when imported with its reply, and a plain reply or a later turn keeps others indexed", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const chat = fixture.chat(app, null);
    const asked = fixture.message(chat, "user", "Which database did we pick?");
    fixture.message(
      chat,
      "assistant",
      `<dyad-search-chats query="database">hits</dyad-search-chats>`,
    );
    const decided = fixture.message(chat, "user", "Then switch the database to Postgres.");
    fixture.message(chat, "assistant", "Done.");
    const plain = fixture.message(fixture.chat(app, null), "user", "Which database is faster?");
    await using indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    await indexer.drainAll();
    const matched = await matchedIds(fixture, app, "database");
    expect(matched).not.toContain(asked);
    expect([...matched].sort((a, b) => a - b)).toEqual([decided, plain]);
  });

  it("is not found through its chat's title; read, it is the person's question, marked not evidence", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const decision = fixture.message(
      fixture.chat(app, "Login"),
      "user",
      "We use Clerk for authentication.",
    );
    // The web app titles a new chat with its first message.
    const askChat = fixture.chat(app, "What did we decide about authentication?");
    const question = fixture.message(askChat, "user", "What did we decide about authentication?");
    fixture.message(askChat, "assistant", CARD);
    await using indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    await indexer.drainAll();
    expect(await matchedIds(fixture, app, "decide authentication")).toEqual([decision]);
    const ctx = { store: fixture.store, appId: app, currentChatId: null, currentMessageId: null };
    const read = readChat(ctx, {
      chat_id: askChat,
      around_message_id: question,
      before: 0,
      after: 1,
    });
    expect(
      read.messages.map((message) => [message.message_id, message.content, message.not_evidence]),
    ).toEqual([
      [question, "What did we decide about authentication?", "history_question"],
      [question + 1, HISTORY_ANSWER_LABEL, "history_answer"],
    ]);
  });
});

describe("a user turn that decides something and asks the history tool", () => {
  it("keeps its statement searchable and readable; its question and the card's reply are not", async () => {
    using fixture = createHistoryFixture();
    const app = fixture.app("a");
    const decision = fixture.message(
      fixture.chat(app, null),
      "user",
      "We use Clerk for authentication.",
    );
    const chat = fixture.chat(app, null);
    const mixed = fixture.message(
      chat,
      "user",
      "We're going with Postgres for the ledger; also, what did we decide about authentication?",
    );
    const reply = fixture.message(chat, "assistant", `${CARD}\nYou chose Clerk; Postgres noted.`);
    await using indexer = createIndexer({ store: fixture.store, pollIntervalMs: 0 });
    await indexer.drainAll();
    expect(await matchedIds(fixture, app, "postgres ledger")).toEqual([mixed]);
    expect(await matchedIds(fixture, app, "decide authentication")).toEqual([decision]);
    expect(await matchedIds(fixture, app, "clerk")).toEqual([decision]);
    const ctx = { store: fixture.store, appId: app, currentChatId: null, currentMessageId: null };
    const read = readChat(ctx, { chat_id: chat, around_message_id: mixed, before: 0, after: 1 });
    expect(
      read.messages.map((message) => [message.message_id, message.content, message.not_evidence]),
    ).toEqual([
      [mixed, "We're going with Postgres for the ledger;", undefined],
      [reply, HISTORY_ANSWER_LABEL, "history_answer"],
    ]);
  });
});
