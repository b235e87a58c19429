import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderCardXml } from "../card/card-xml.js";
import type { ExploreCard } from "../card/explore-card.js";
import type { HistoryCard } from "../card/history-card.js";
import { ProviderError } from "../errors/recollect-error.js";
import { createMemorySettingsStore } from "../settings/index.js";
import { openStore, type Store } from "../store/open-store.js";
import { createApp, type TurnRequest, type TurnRunner } from "./create-app.js";
import { createSettingsPermissions } from "./settings-permissions.js";
import type { ServerEvent } from "./shared/server-events.js";
import { ssePayloads } from "./shared/sse-frames.js";
import { TEST_FILL_COMMANDS } from "./testing/fill-commands.js";
import { type SeededHistory, seedHistory, seedOwnChat } from "./testing/seed-history.js";

const TOOLS = [
  { name: "explore_chat_history", defaultConsent: "always" as const },
  { name: "read_chat", defaultConsent: "ask" as const },
  { name: "search_chats", defaultConsent: "ask" as const },
  { name: "set_chat_summary", defaultConsent: "always" as const },
];

let store: Store;
let seeded: SeededHistory;

beforeEach(() => {
  store = openStore({ path: ":memory:" });
  seeded = seedHistory(store);
});
afterEach(() => store.close());

function build(runTurn: TurnRunner, options: { isPro?: boolean } = {}) {
  let id = 0;
  const settings = createMemorySettingsStore({ consent: { search_chats: "never" } });
  const app = createApp({
    store,
    runTurn,
    permissions: createSettingsPermissions(settings, TOOLS),
    isPro: () => options.isPro ?? true,
    fillCommands: TEST_FILL_COMMANDS,
    staticHandler: null,
    clock: () => Date.UTC(2026, 5, 1, 12, 0, 0),
    newId: () => `id-${++id}`,
  });
  return { app, settings };
}

/** Reads a streamed turn response, handing each event to `onEvent`, until it ends. */
async function readEvents(
  response: Response,
  onEvent: (event: ServerEvent) => void | Promise<void> = () => undefined,
): Promise<ServerEvent[]> {
  const events: ServerEvent[] = [];
  if (!response.body) throw new Error("no body");
  for await (const payload of ssePayloads(response.body)) {
    const event = JSON.parse(payload) as ServerEvent;
    events.push(event);
    await onEvent(event);
  }
  return events;
}

const noTurn: TurnRunner = async () => undefined;

const explore = (card: ExploreCard): HistoryCard => ({ kind: "explore", card });
const pendingCard = explore({
  state: "pending",
  query: "auth decision",
  progress: { phase: "searching", searches: 1, reads: 0, discussions: 0, observations: 0 },
});
const cancelledCard = explore({ state: "cancelled", query: "auth decision" });

/** A chat's stored rows, as the store holds them (card XML included). */
function storedRows(chatId: number): Array<{ id: number; role: string; content: string }> {
  return store.db
    .prepare("SELECT id, role, content FROM messages WHERE chat_id = ? ORDER BY id")
    .all(chatId) as Array<{ id: number; role: string; content: string }>;
}

describe("read API", () => {
  it("lists apps with chat counts, by name", async () => {
    const { app } = build(noTurn);
    const response = await app.request("/api/apps");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      apps: [
        { id: seeded.appId, name: "Acme Shop", chatCount: 4 },
        { id: seeded.otherAppId, name: "Side Project", chatCount: 1 },
      ],
      defaultAppId: null,
      fillCommands: TEST_FILL_COMMANDS,
      storeWritable: true,
      historyStore: "local",
    });
  });

  it("names the app the root URL opens when serve --app chose one", async () => {
    const app = createApp({
      store,
      runTurn: noTurn,
      permissions: createSettingsPermissions(createMemorySettingsStore({}), TOOLS),
      isPro: () => true,
      fillCommands: TEST_FILL_COMMANDS,
      staticHandler: null,
      defaultAppId: seeded.otherAppId,
    });
    const body = (await (await app.request("/api/apps")).json()) as { defaultAppId: number };
    expect(body.defaultAppId).toBe(seeded.otherAppId);
  });

  it("lists an app's chats newest first with ISO dates", async () => {
    const { app } = build(noTurn);
    const body = (await (await app.request(`/api/apps/${seeded.appId}/chats`)).json()) as {
      chats: Array<{ id: number; title: string; createdAt: string; messageCount: number }>;
    };
    expect(body.chats.map((chat) => chat.title)).toEqual([
      "Imported legacy chat",
      "Payments provider",
      "Switch to server sessions",
      "Auth approach",
    ]);
    expect(body.chats[3]).toEqual({
      id: seeded.authChatId,
      appId: seeded.appId,
      title: "Auth approach",
      createdAt: "2026-03-02T10:00:00.000Z",
      messageCount: 3,
      origin: "imported",
      source: "seed",
      kept: false,
    });
  });

  it("answers a chat whose stored time Date cannot represent with that time null", async () => {
    // An older import stored 99999999999999999 (past Date's ±8.64e15 ms) for one chat.
    store.db.exec(
      `UPDATE chats SET created_at = 99999999999999999 WHERE id = ${seeded.paymentsChatId};
       UPDATE messages SET created_at = 99999999999999999 WHERE chat_id = ${seeded.paymentsChatId}`,
    );
    const { app } = build(noTurn);
    const chats = await app.request(`/api/apps/${seeded.appId}/chats`);
    const listed = (await chats.json()) as { chats: Array<{ id: number; createdAt: unknown }> };
    expect([chats.status, listed.chats.find((chat) => chat.id === seeded.paymentsChatId)]).toEqual([
      200,
      expect.objectContaining({ createdAt: null }),
    ]);
    const messages = await app.request(
      `/api/apps/${seeded.appId}/chats/${seeded.paymentsChatId}/messages`,
    );
    const body = (await messages.json()) as {
      chat: { createdAt: unknown };
      messages: Array<{ createdAt: unknown }>;
    };
    expect([messages.status, body.chat.createdAt, body.messages.map((m) => m.createdAt)]).toEqual([
      200,
      null,
      [null, null],
    ]);
  });

  it("reads a chat's messages in order", async () => {
    const { app } = build(noTurn);
    const body = (await (
      await app.request(`/api/apps/${seeded.appId}/chats/${seeded.paymentsChatId}/messages`)
    ).json()) as {
      messages: Array<{ role: string; segments: unknown[] }>;
    };
    expect(body.messages.map((message) => [message.role, message.segments])).toEqual([
      ["user", [{ kind: "text", text: "Which payment provider did we pick?" }]],
      [
        "assistant",
        [{ kind: "text", text: "We chose Stripe Checkout; PayPal was rejected because of fees." }],
      ],
    ]);
  });

  it("opens an evidence target only inside its app, with one NotFound for every other case", async () => {
    const { app } = build(noTurn);
    const target = seeded.messageIds.auth![1]!;
    const ok = await app.request(
      `/api/apps/${seeded.appId}/chats/${seeded.authChatId}/messages?message=${target}`,
    );
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { chat: { id: number }; messages: Array<{ id: number }> };
    expect(body.chat.id).toBe(seeded.authChatId);
    expect(body.messages.map((message) => message.id)).toContain(target);
    const notFound = async (path: string) => {
      const response = await app.request(path);
      return [response.status, await response.json()];
    };
    const asked = (chatId: number, messageId: number) => [
      404,
      {
        error: {
          kind: "not_found",
          message: `Message ${messageId} of chat ${chatId} was not found in this app.`,
        },
      },
    ];
    // Another app's chat, a missing chat, and a message of another chat: the same answer.
    const foreign = seeded.messageIds.other![0]!;
    expect(
      await notFound(
        `/api/apps/${seeded.appId}/chats/${seeded.otherChatId}/messages?message=${foreign}`,
      ),
    ).toEqual(asked(seeded.otherChatId, foreign));
    expect(
      await notFound(`/api/apps/${seeded.appId}/chats/9999/messages?message=${target}`),
    ).toEqual(asked(9999, target));
    const elsewhere = seeded.messageIds.payments![0]!;
    expect(
      await notFound(
        `/api/apps/${seeded.appId}/chats/${seeded.authChatId}/messages?message=${elsewhere}`,
      ),
    ).toEqual(asked(seeded.authChatId, elsewhere));
    expect(
      (await app.request(`/api/apps/${seeded.appId}/chats/${seeded.authChatId}/messages?message=x`))
        .status,
    ).toBe(400);
  });

  it("reads a chat's messages only inside its app: another app's chat is as missing as no chat", async () => {
    const { app } = build(noTurn);
    const read = async (chatId: number) => {
      const response = await app.request(`/api/apps/${seeded.appId}/chats/${chatId}/messages`);
      return [response.status, await response.json()];
    };
    const missing = (chatId: number) => [
      404,
      { error: { kind: "not_found", message: `Chat ${chatId} was not found in this app.` } },
    ];
    expect(await read(seeded.otherChatId)).toEqual(missing(seeded.otherChatId));
    expect(await read(424242)).toEqual(missing(424242));
    // No route reads a chat by id alone (it could not check the app).
    expect((await app.request(`/api/chats/${seeded.otherChatId}/messages`)).status).toBe(404);
    expect((await app.request(`/api/chats/${seeded.paymentsChatId}/messages`)).status).toBe(404);
  });

  it("shows a long chat's newest 500 messages, or 500 around an evidence target deep in it", async () => {
    const { app } = build(noTurn);
    const insert = store.db.prepare(
      "INSERT INTO messages (chat_id, role, content, created_at) VALUES (?, 'user', ?, ?)",
    );
    const ids = Array.from({ length: 700 }, (_, index) =>
      Number(insert.run(seeded.paymentsChatId, `m${index}`, 1_000 + index).lastInsertRowid),
    );
    const window = async (query: string) => {
      const response = await app.request(
        `/api/apps/${seeded.appId}/chats/${seeded.paymentsChatId}/messages${query}`,
      );
      const body = (await response.json()) as { messages: Array<{ id: number }> };
      return body.messages.map((message) => message.id);
    };
    // 702 messages: the 2 seeded ones, then 700. The newest 500 end at the last one.
    const newest = await window("");
    expect(newest).toHaveLength(500);
    expect(newest.at(-1)).toBe(ids.at(-1));
    expect(newest[0]).toBe(ids[200]);
    const around = await window(`?message=${ids[100]}`);
    expect(around).toHaveLength(500);
    expect(around[0]).toBe(seeded.messageIds.payments![0]);
    expect(around).toContain(ids[100]);
    const deep = await window(`?message=${ids[400]}`);
    expect(deep.indexOf(ids[400]!)).toBe(250);
  });

  it("maps error kinds to statuses in one place", async () => {
    const { app } = build(noTurn);
    const missing = await app.request("/api/apps/999/chats");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { kind: "not_found", message: "App 999 was not found." },
    });
    const bad = await app.request(`/api/apps/${seeded.appId}/chats/abc/messages`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: {
        kind: "invalid_input",
        message: "Invalid chatId: expected a positive integer id.",
        argument: "chatId",
        allowed: "a positive integer id",
      },
    });
    const noChat = await app.request(`/api/apps/${seeded.appId}/chats/424242/messages`);
    expect(noChat.status).toBe(404);
    expect((await app.request("/api/nothing")).status).toBe(404);
    expect((await app.request("/")).status).toBe(404);
  });
});

describe("local request guard", () => {
  it("refuses foreign hosts, cross-origin writes and non-JSON writes", async () => {
    const { app } = build(noTurn);
    const rebinding = await app.request("http://evil.example/api/apps");
    expect(rebinding.status).toBe(400);
    expect(await rebinding.json()).toEqual({
      error: {
        kind: "invalid_input",
        message: "Invalid Host header: expected 127.0.0.1 or localhost.",
        argument: "Host header",
        allowed: "127.0.0.1 or localhost",
      },
    });
    expect((await app.request("http://evil.example/")).status).toBe(400);
    expect((await app.request("http://evil.example/index.html")).status).toBe(400);
    const put = (headers: Record<string, string>) =>
      app.request("http://127.0.0.1:4477/api/permissions/read_chat", {
        method: "PUT",
        headers,
        body: JSON.stringify({ consent: "always" }),
      });
    expect((await put({ "content-type": "text/plain" })).status).toBe(400);
    expect(
      (await put({ "content-type": "application/json", origin: "http://evil.example" })).status,
    ).toBe(400);
    expect(
      (await put({ "content-type": "application/json", origin: "http://127.0.0.1:4477" })).status,
    ).toBe(200);
    expect((await app.request("http://[::1]:4477/api/apps")).status).toBe(200);
  });
});

describe("permissions API", () => {
  it("has a row for each main-facing tool and none for internal search_chats", async () => {
    const { app } = build(noTurn);
    expect(await (await app.request("/api/permissions")).json()).toEqual({
      rows: [
        { tool: "explore_chat_history", consent: "always", defaultConsent: "always" },
        { tool: "read_chat", consent: "ask", defaultConsent: "ask" },
        { tool: "set_chat_summary", consent: "always", defaultConsent: "always" },
      ],
    });
  });

  it("stores a choice under the tool's own key and keeps the legacy value", async () => {
    const { app, settings } = build(noTurn);
    const response = await app.request("/api/permissions/explore_chat_history", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ consent: "ask" }),
    });
    expect(await response.json()).toEqual({
      row: { tool: "explore_chat_history", consent: "ask", defaultConsent: "always" },
    });
    expect(settings.read().consent).toEqual({ search_chats: "never", explore_chat_history: "ask" });
  });

  it("refuses internal or unknown tools and bad values", async () => {
    const { app, settings } = build(noTurn);
    const put = (tool: string, body: unknown) =>
      app.request(`/api/permissions/${tool}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const internal = await put("search_chats", { consent: "always" });
    expect(internal.status).toBe(400);
    expect((await put("read_chat", { consent: "sometimes" })).status).toBe(400);
    expect(settings.read().consent).toEqual({ search_chats: "never" });
  });
});

describe("turns", () => {
  /** The person's own chat that turns go to, holding the auth discussion as earlier turns. */
  let own: number;
  beforeEach(() => {
    own = seedOwnChat(store, {
      appId: seeded.appId,
      title: "Auth, again",
      lines: [
        ["user", "How should we handle authentication for the shop?"],
        ["assistant", "We will use JWT access tokens with a 15 minute expiry and refresh tokens."],
        ["user", "Decision: go with JWT for now."],
      ],
    });
  });

  it("refuses a turn into an imported chat (the archive), storing nothing", async () => {
    let ran = false;
    const { app } = build(async () => {
      ran = true;
    });
    for (const chatId of [seeded.authChatId, seeded.legacyChatId]) {
      const before = storedRows(chatId);
      const response = await app.request(`/api/chats/${chatId}/turns`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "What did we decide about auth?" }),
      });
      expect(response.status).toBe(412);
      expect(((await response.json()) as { error: { kind: string } }).error.kind).toBe(
        "precondition",
      );
      expect(storedRows(chatId)).toEqual(before);
    }
    expect(ran).toBe(false);
  });

  it("streams the turn, persists both messages and passes the locked context", async () => {
    const seen: TurnRequest[] = [];
    const runner: TurnRunner = async (request) => {
      seen.push(request);
      request.onEvent({ type: "turn-start", turnId: request.turnId, mode: "agent", tools: [] });
      request.onEvent({
        type: "tool-call-start",
        toolCallId: "t1",
        toolName: "explore_chat_history",
        input: { query: "auth decision" },
      });
      request.onEvent({
        type: "card-update",
        toolCallId: "t1",
        toolName: "explore_chat_history",
        card: pendingCard,
      });
      request.onEvent({ type: "text-delta", delta: "We switched " });
      request.onEvent({ type: "text-delta", delta: "to sessions." });
      request.onEvent({
        type: "turn-finish",
        finishReason: "stop",
        text: "We switched to sessions.",
        steps: 2,
      });
    };
    const { app } = build(runner, { isPro: false });
    const response = await app.request(`/api/chats/${own}/turns`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "  What did we decide about auth?  " }),
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readEvents(response);
    expect(events.map((event) => event.type)).toEqual([
      "turn-accepted",
      "turn-start",
      "tool-call-start",
      "card-update",
      "text-delta",
      "text-delta",
      "turn-finish",
    ]);
    const request = seen[0];
    expect(request?.appId).toBe(seeded.appId);
    expect(request?.chatId).toBe(own);
    expect(request?.userText).toBe("What did we decide about auth?");
    expect(request?.isPro).toBe(false);
    expect(request?.history.map((message) => message.content)).toEqual([
      "How should we handle authentication for the shop?",
      "We will use JWT access tokens with a 15 minute expiry and refresh tokens.",
      "Decision: go with JWT for now.",
    ]);
    expect(request && request.assistantMessageId > request.userMessageId).toBe(true);
    expect(storedRows(own).slice(3)).toEqual([
      expect.objectContaining({ role: "user", content: "What did we decide about auth?" }),
      expect.objectContaining({
        id: request?.assistantMessageId,
        role: "assistant",
        // A card still pending when the turn ends is frozen as cancelled, never left spinning.
        content: `${renderCardXml(cancelledCard)}\nWe switched to sessions.`,
      }),
    ]);
    // The API reads the stored XML back as typed segments; the browser never parses XML.
    const api = (await (
      await app.request(`/api/apps/${seeded.appId}/chats/${own}/messages`)
    ).json()) as {
      messages: Array<{ id: number; segments: unknown[] }>;
    };
    expect(api.messages.at(-1)).toEqual(
      expect.objectContaining({
        id: request?.assistantMessageId,
        segments: [
          { kind: "card", card: cancelledCard },
          { kind: "text", text: "\nWe switched to sessions." },
        ],
      }),
    );
  });

  it("on abort ends the turn at once, freezes the pending card as cancelled and drops late updates", async () => {
    const late = explore({ state: "cancelled", query: "never shown" });
    const runner: TurnRunner = async (request) => {
      request.onEvent({ type: "turn-start", turnId: request.turnId, mode: "agent", tools: [] });
      request.onEvent({
        type: "card-update",
        toolCallId: "t1",
        toolName: "explore_chat_history",
        card: pendingCard,
      });
      await new Promise<void>((resolve) =>
        request.signal.addEventListener("abort", () => resolve()),
      );
      request.onEvent({
        type: "card-update",
        toolCallId: "t1",
        toolName: "explore_chat_history",
        card: late,
      });
      request.onEvent({ type: "turn-finish", finishReason: "stop", text: "late", steps: 1 });
    };
    const { app } = build(runner);
    const response = await app.request(`/api/chats/${own}/turns`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "What did we decide?" }),
    });
    let turnId = "";
    const events = await readEvents(response, async (event) => {
      if (event.type === "turn-accepted") turnId = event.turnId;
      if (event.type === "card-update") {
        const abort = await app.request(`/api/turns/${turnId}/abort`, {
          method: "POST",
          headers: { "content-type": "application/json" },
        });
        expect(abort.status).toBe(204);
      }
    });
    expect(events.map((event) => event.type)).toEqual([
      "turn-accepted",
      "turn-start",
      "card-update",
      "turn-error",
    ]);
    expect(events[3]).toEqual({
      type: "turn-error",
      error: { kind: "aborted", message: "The turn was cancelled." },
    });
    expect(storedRows(own).at(-1)?.content).toBe(renderCardXml(cancelledCard));
    expect(
      (
        await app.request(`/api/turns/${turnId}/abort`, {
          method: "POST",
          headers: { "content-type": "application/json" },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses a second turn in the same chat while one runs, without storing it", async () => {
    const runner: TurnRunner = async (request) => {
      request.onEvent({ type: "turn-start", turnId: request.turnId, mode: "agent", tools: [] });
      await new Promise<void>((resolve) =>
        request.signal.addEventListener("abort", () => resolve()),
      );
    };
    const { app } = build(runner);
    const post = () =>
      app.request(`/api/chats/${own}/turns`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "first" }),
      });
    const first = await post();
    let second: Response | null = null;
    await readEvents(first, async (event) => {
      if (event.type !== "turn-start") return;
      second = await post();
      await app.request(`/api/turns/${event.turnId}/abort`, {
        method: "POST",
        headers: { "content-type": "application/json" },
      });
    });
    expect((second as Response | null)?.status).toBe(412);
    const count = store.db
      .prepare("SELECT COUNT(*) AS n FROM messages WHERE chat_id = ? AND role = 'user'")
      .get(own) as { n: number };
    expect(count.n).toBe(3);
  });

  it("holds an ask prompt until the browser answers", async () => {
    const decisions: string[] = [];
    const runner: TurnRunner = async (request) => {
      request.onEvent({ type: "turn-start", turnId: request.turnId, mode: "agent", tools: [] });
      const decision = await request.prompter.confirm(
        { toolName: "read_chat", preview: "Read chat 1", disclosure: "sent to the active model" },
        request.signal,
      );
      decisions.push(decision);
      request.onEvent({ type: "text-delta", delta: decision });
      request.onEvent({ type: "turn-finish", finishReason: "stop", text: decision, steps: 1 });
    };
    const { app } = build(runner);
    const response = await app.request(`/api/chats/${own}/turns`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "Read chat 1" }),
    });
    const events = await readEvents(response, async (event) => {
      if (event.type !== "consent-request") return;
      expect(event).toEqual({
        type: "consent-request",
        turnId: "id-1",
        promptId: "id-2",
        toolName: "read_chat",
        preview: "Read chat 1",
      });
      const answer = await app.request(`/api/turns/${event.turnId}/consent/${event.promptId}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ decision: "allow" }),
      });
      expect(answer.status).toBe(204);
    });
    expect(decisions).toEqual(["allow"]);
    expect(events.at(-1)).toEqual({
      type: "turn-finish",
      finishReason: "stop",
      text: "allow",
      steps: 1,
    });
    const again = await app.request("/api/turns/id-1/consent/id-2", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ decision: "allow" }),
    });
    expect(again.status).toBe(404);
  });

  it("turns a thrown runner error into a classified turn-error and stores Recollect's reply naming it", async () => {
    const runner: TurnRunner = async () => {
      throw new ProviderError("The Engine answered HTTP 500.", { statusCode: 500 });
    };
    const { app } = build(runner);
    const response = await app.request(`/api/chats/${own}/turns`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "hello" }),
    });
    const events = await readEvents(response);
    expect(events.at(-1)).toEqual({
      type: "turn-error",
      error: { kind: "provider", message: "The Engine answered HTTP 500." },
    });
    const stored = (await (
      await app.request(`/api/apps/${seeded.appId}/chats/${own}/messages`)
    ).json()) as {
      messages: Array<{ role: string; content: string }>;
    };
    expect(stored.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "user",
      "assistant",
    ]);
    // The question is never left unanswered: the reply says what failed, as Recollect's own.
    expect(
      store.db
        .prepare(
          "SELECT content, is_recollect_reply AS fixed FROM messages WHERE chat_id = ? ORDER BY id DESC LIMIT 1",
        )
        .get(own),
    ).toEqual({ content: "No answer: The Engine answered HTTP 500.", fixed: 1 });
  });

  it("rejects an empty message without storing anything", async () => {
    const { app } = build(noTurn);
    const response = await app.request(`/api/chats/${own}/turns`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "   " }),
    });
    expect(response.status).toBe(400);
    expect(
      (
        store.db.prepare("SELECT COUNT(*) AS n FROM messages WHERE chat_id = ?").get(own) as {
          n: number;
        }
      ).n,
    ).toBe(3);
  });

  it("bounds a message at 8,000 characters counted as code points, stating length and limit", async () => {
    const { app } = build(noTurn);
    const post = (message: string) =>
      app.request(`/api/chats/${own}/turns`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message }),
      });
    const over = await post("😀".repeat(8001));
    expect(over.status).toBe(400);
    expect((await over.json()) as unknown).toMatchObject({
      error: { kind: "invalid_input", argument: "body.message", length: 8001, limit: 8000 },
    });
    // 4,001 emoji are 8,002 UTF-16 units but 4,001 characters: within the bound.
    const within = await post("😀".repeat(4001));
    expect(within.status).toBe(200);
    await within.text();
  });

  it("creates a chat in an app", async () => {
    const { app } = build(noTurn);
    const response = await app.request(`/api/apps/${seeded.appId}/chats`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ title: "New question" }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      chat: {
        id: expect.any(Number),
        appId: seeded.appId,
        title: "New question",
        createdAt: "2026-06-01T12:00:00.000Z",
        messageCount: 0,
        origin: "web",
        source: "web",
        kept: false,
      },
    });
  });
});
