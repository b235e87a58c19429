/**
 * The HTTP API under hostile input, through the real Hono app (`app.request`) over a real SQLite
 * store: wrong types, invalid JSON, wrong content types, huge and negative ids, unknown routes and
 * methods, path traversal. Every refusal is the API's error shape — a status per kind, `kind`, and
 * for invalid input `argument` (which part of the request) and `allowed` — never Hono's plain text,
 * a stack trace or another app's data, and nothing is written.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMemorySettingsStore } from "../settings/index.js";
import { openStore, type Store } from "../store/open-store.js";
import { createApp } from "./create-app.js";
import { createSettingsPermissions } from "./settings-permissions.js";
import { TEST_FILL_COMMANDS } from "./testing/fill-commands.js";
import { type SeededHistory, seedHistory } from "./testing/seed-history.js";

const ORIGIN = "http://127.0.0.1:4477";
let store: Store;
let seeded: SeededHistory;

beforeEach(() => {
  store = openStore({ path: ":memory:" });
  seeded = seedHistory(store);
});
afterEach(() => store.close());

function build() {
  const settings = createMemorySettingsStore();
  return createApp({
    store,
    runTurn: async () => undefined,
    permissions: createSettingsPermissions(settings, [
      { name: "explore_chat_history", defaultConsent: "always" },
      { name: "read_chat", defaultConsent: "ask" },
    ]),
    isPro: () => true,
    fillCommands: TEST_FILL_COMMANDS,
    staticHandler: null,
  });
}

/** Rows in the tables a write could touch. */
function rowCounts(): number[] {
  return ["apps", "chats", "messages"].map(
    (table) => store.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number,
  );
}

/** Sends `init` to `path` and returns the status, the content type and the parsed body. */
async function send(path: string, init: RequestInit = {}) {
  const response = await build().request(`${ORIGIN}${path}`, init);
  const type = response.headers.get("content-type") ?? "";
  const text = await response.text();
  expect(text).not.toMatch(/\n\s+at /);
  return { status: response.status, type, body: type.includes("json") ? JSON.parse(text) : text };
}

const json = (method: string, body: string) => ({
  method,
  headers: { "content-type": "application/json" },
  body,
});

describe("hostile input to the HTTP API", () => {
  it.each([
    ["/api/apps/abc/chats", {}, "appId", "a positive integer id"],
    ["/api/apps/-1/chats", {}, "appId", "a positive integer id"],
    ["/api/apps/99999999999999999999/chats", {}, "appId", "a positive integer id"],
    ["/api/apps/1%00/chats", {}, "appId", "a positive integer id"],
    ["/api/apps/1/chats/0/messages", {}, "chatId", "a positive integer id"],
    ["/api/apps/1/chats/1/messages?message=-5", {}, "message", "a positive integer id"],
    ["/api/apps/1/chats", json("POST", "{bad json"), "body", "a JSON body"],
    ["/api/apps/1/chats", json("POST", "[]"), "body", "an object"],
    ["/api/apps/1/chats", json("POST", "null"), "body", "an object"],
    ["/api/apps/1/chats", json("POST", '{"title":123}'), "body.title", "a string"],
    [
      "/api/apps/1/chats",
      json("POST", JSON.stringify({ title: "t".repeat(100_000) })),
      "body.title",
      "a length of at most 200",
    ],
    [
      "/api/apps/1/chats",
      { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" },
      "Content-Type",
      "application/json",
    ],
    ["/api/permissions/read_chat", json("PUT", '{"consent":["always"]}'), "body.consent", null],
    ["/api/permissions/..%2F..%2Fetc%2Fpasswd", json("PUT", '{"consent":"always"}'), "tool", null],
    ["/api/turns/t/consent/p", json("POST", '{"decision":"maybe"}'), "body.decision", null],
  ] as const)(
    "%s is refused with 400, naming %s and what it allows",
    async (path, init, argument, allowed) => {
      const before = rowCounts();
      const { status, body } = await send(path, init);
      expect({ status, kind: body.error.kind, argument: body.error.argument }).toEqual({
        status: 400,
        kind: "invalid_input",
        argument,
      });
      if (allowed !== null) expect(body.error.allowed).toBe(allowed);
      else expect(typeof body.error.allowed).toBe("string");
      expect(rowCounts()).toEqual(before);
    },
  );

  it.each([
    ["ESC and BEL", "\u001b\u0007"],
    ["zero-width and bidi marks", "\u200b\u200e\u2066"],
  ])("a turn of only %s is refused naming body.message, storing nothing", async (_what, text) => {
    const app = build();
    const created = await app.request(
      `${ORIGIN}/api/apps/${seeded.appId}/chats`,
      json("POST", "{}"),
    );
    const chatId = ((await created.json()) as { chat: { id: number } }).chat.id;
    const before = rowCounts();
    const { status, body } = await send(
      `/api/chats/${chatId}/turns`,
      json("POST", JSON.stringify({ message: text })),
    );
    expect({ status, error: body.error }).toEqual({
      status: 400,
      error: {
        kind: "invalid_input",
        message:
          "Invalid body.message: expected 1 to 8000 characters of visible text after trimming (got only control or invisible characters).",
        argument: "body.message",
        allowed: "1 to 8000 characters of visible text after trimming",
      },
    });
    expect(rowCounts()).toEqual(before);
  });

  it.each([
    ["PUT", "/etc/passwd"],
    ["PUT", "/../../etc/passwd"],
    ["DELETE", "/index.html"],
    ["GET", "/api/nothing"],
  ])("%s %s is a classified not_found in the API's shape, not plain text", async (method, path) => {
    const { status, type, body } = await send(path, {
      method,
      headers: { "content-type": "application/json" },
      ...(method === "GET" ? {} : { body: "{}" }),
    });
    expect({ status, type, kind: body?.error?.kind }).toEqual({
      status: 404,
      type: "application/json; charset=utf-8",
      kind: "not_found",
    });
  });

  it("a chat of another app is the same not_found as a missing one, naming neither app", async () => {
    const other = await send(`/api/apps/${seeded.otherAppId}/chats/${seeded.authChatId}/messages`);
    const missing = await send(`/api/apps/${seeded.otherAppId}/chats/424242/messages`);
    expect([other.status, missing.status]).toEqual([404, 404]);
    expect(other.body.error.kind).toBe("not_found");
    expect(other.body.error.message.replace(String(seeded.authChatId), "N")).toBe(
      missing.body.error.message.replace("424242", "N"),
    );
  });
});
