/**
 * The web app's conversation over a real store and the real offline router and explorer: a
 * person's turns go into a chat of their own, a typed note is an ordinary indexed turn, and a
 * later exploration from another chat cites it; a recall question the router could only answer
 * with its no-history notice is no more evidence than one an explorer card answered.
 */
import type { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createIndexer, searchChats } from "../history/index.js";
import { openStore, type Store } from "../store/open-store.js";
import type { ServerEvent } from "./shared/server-events.js";
import { splitSseFrames } from "./shared/sse-frames.js";
import { createOfflineTestApp } from "./testing/offline-app.js";
import { type SeededHistory, seedHistory } from "./testing/seed-history.js";

let store: Store;
let seeded: SeededHistory;
let app: Hono;

beforeEach(async () => {
  store = openStore({ path: ":memory:" });
  seeded = seedHistory(store);
  await createIndexer({ store }).drainAll();
  // A drill-down read_chat would wait for an answer to its `ask` prompt that no one here gives.
  app = createOfflineTestApp(store, {
    isPro: true,
    settings: { consent: { read_chat: "always" } },
  });
});
afterEach(() => store.close());

/** Starts a chat of the person's own in the seeded app, as the web app does for a first message. */
async function newChat(title: string, on: Hono = app): Promise<number> {
  const response = await on.request(`/api/apps/${seeded.appId}/chats`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { chat: { id: number } }).chat.id;
}

/** Posts one turn and returns its events, once the index holds the turn (as the server's indexer would). */
async function turn(chatId: number, message: string, on: Hono = app): Promise<ServerEvent[]> {
  const response = await on.request(`/api/chats/${chatId}/turns`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  await createIndexer({ store }).drainAll();
  return splitSseFrames(text).payloads.map((payload) => JSON.parse(payload) as ServerEvent);
}

const toolsCalled = (events: readonly ServerEvent[]) =>
  events.flatMap((event) => (event.type === "tool-call-start" ? [event.toolName] : []));

function accepted(events: readonly ServerEvent[]) {
  const event = events.find((e) => e.type === "turn-accepted");
  if (event?.type !== "turn-accepted") throw new Error("no turn-accepted event");
  return event;
}

/** Message ids cited by the final explorer card of a turn (findings and conflicts). */
function citedMessageIds(events: readonly ServerEvent[]): number[] {
  const last = events.flatMap((event) => (event.type === "card-update" ? [event.card] : [])).at(-1);
  if (last?.kind !== "explore" || !("report" in last.card)) return [];
  const report = last.card.report;
  return [...report.findings, ...report.conflicts].flatMap((group) =>
    group.evidence.map((target) => target.message_id),
  );
}

describe("a note typed in the web app", () => {
  it("is answered without a tool, indexed as a turn, and cited by a later exploration from another chat", async () => {
    const notes = await newChat("Invoices");
    const noted = await turn(notes, "Decision: invoices are emailed through Postmark.");
    expect(toolsCalled(noted)).toEqual([]);
    const { userMessageId, assistantMessageId } = accepted(noted);
    // The router's acknowledgement is stored as a reply Recollect wrote, with its words for the view.
    expect(
      store.db
        .prepare("SELECT content, is_recollect_reply FROM messages WHERE id = ?")
        .get(assistantMessageId),
    ).toEqual({ content: "Noted.", is_recollect_reply: 1 });
    const indexed = store.db
      .prepare("SELECT rowid FROM history_fts WHERE history_fts MATCH ? ORDER BY rowid")
      .pluck()
      .all("body : postmark") as number[];
    expect(indexed).toEqual([userMessageId]);

    // Asked in the same chat, the note is the current chat's own context: searches leave it out.
    const again = await turn(notes, "What did we decide about invoice emails?");
    expect(toolsCalled(again)).toEqual(["explore_chat_history"]);
    expect(citedMessageIds(again)).not.toContain(userMessageId);

    const later = await newChat("Invoices again");
    const asked = await turn(later, "What did we decide about invoice emails?");
    expect(toolsCalled(asked)).toEqual(["explore_chat_history"]);
    // The note alone: not the acknowledgement, nor the same-chat question and its card answer
    // (never evidence: the explorer's read of that chat leaves them out, so none can be cited).
    expect(citedMessageIds(asked)).toEqual([userMessageId]);
    const notedRows = store.db
      .prepare("SELECT count(*) FROM history_fts WHERE history_fts MATCH ?")
      .pluck()
      .get('"noted"');
    expect(notedRows).toBe(0);
  });
});

/** Message ids of every match of `query` in the seeded app, searched from outside any chat. */
async function matchedIds(query: string): Promise<number[]> {
  const ctx = { store, appId: seeded.appId, currentChatId: null, currentMessageId: null };
  const result = await searchChats(ctx, { query });
  return result.chats.flatMap((chat) => chat.matches.map((match) => match.message_id));
}

describe("a recall question answered by the router's no-history notice", () => {
  it("is not searchable, while a note beside it in another chat is", async () => {
    // Without Pro the explorer is not offered: the router answers a recall question itself.
    const free = createOfflineTestApp(store, { isPro: false });
    const notes = await newChat("Invoices", free);
    const note = accepted(
      await turn(notes, "Decision: invoices are emailed through Postmark.", free),
    );
    const question = "What did we decide about invoices and Postmark?";
    const asked = await turn(await newChat(question, free), question, free);
    expect(toolsCalled(asked)).toEqual([]);
    const { userMessageId, assistantMessageId } = accepted(asked);
    expect(
      store.db
        .prepare("SELECT is_recollect_reply FROM messages WHERE id = ?")
        .pluck()
        .get(assistantMessageId),
    ).toBe(1);
    expect(await matchedIds("decide invoices postmark")).toEqual([note.userMessageId]);
    expect(await matchedIds("decide")).toEqual([]);
    expect(await matchedIds("postmark")).not.toContain(userMessageId);
  });
});
