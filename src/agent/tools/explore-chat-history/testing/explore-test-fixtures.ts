/**
 * Test-only helpers for the explorer's tests: a real migrated SQLite store seeded through the
 * production write path (`writeChats`) and indexed by the real indexer, plus a scripted
 * `MockLanguageModelV3` (the only fake: where a model would be). Not imported by production code.
 */
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { MockLanguageModelV3 } from "ai/test";
import { createIndexer } from "../../../../history/indexer/index.js";
import type { RetrievalContext } from "../../../../history/types.js";
import {
  type DatedTurn,
  importedChatFromDatedTurns,
  writeChats,
} from "../../../../importers/index.js";
import { openStore, type Store } from "../../../../store/open-store.js";

/** A message to seed: role, text and ISO date. */
export type SeedMessage = DatedTurn;

/** A chat to seed under `app`. */
export interface SeedChat {
  readonly app: string;
  readonly key: string;
  readonly title: string;
  readonly messages: readonly SeedMessage[];
}

/** Ids of what was seeded: app ids by name, chat ids by key, message ids by `key#index`. */
export interface SeededIds {
  readonly apps: ReadonlyMap<string, number>;
  readonly chats: ReadonlyMap<string, number>;
  readonly messages: ReadonlyMap<string, number>;
}

/** Seeds `chats` via `writeChats` (one transaction) and drains the index fully. */
export function seed(store: Store, chats: readonly SeedChat[]): SeededIds {
  writeChats(
    store.db,
    chats.map((chat) => {
      const imported = importedChatFromDatedTurns({
        source: "jsonl",
        externalId: `test/${chat.key}`,
        title: chat.title,
        turns: chat.messages,
      });
      return { chat: imported, app: { name: chat.app, path: null } };
    }),
  );
  const indexer = createIndexer({ store, pollIntervalMs: 0 });
  indexer.start();
  while (indexer.drainOnce() > 0) {
    // drain synchronously so tests never depend on timers
  }
  const apps = new Map<string, number>();
  for (const row of store.db
    .prepare<[], { id: number; name: string }>("SELECT id, name FROM apps")
    .all()) {
    apps.set(row.name, row.id);
  }
  const chatIds = new Map<string, number>();
  const messageIds = new Map<string, number>();
  const findChat = store.db.prepare<[string], { id: number }>(
    "SELECT id FROM chats WHERE source = 'jsonl' AND external_id = ?",
  );
  const listMessages = store.db.prepare<[number], { id: number }>(
    "SELECT id FROM messages WHERE chat_id = ? ORDER BY id",
  );
  for (const chat of chats) {
    const id = findChat.get(`test/${chat.key}`)?.id;
    if (id === undefined) throw new Error(`seed: chat ${chat.key} missing`);
    chatIds.set(chat.key, id);
    for (const [index, row] of listMessages.all(id).entries()) {
      messageIds.set(`${chat.key}#${index}`, row.id);
    }
  }
  return { apps, chats: chatIds, messages: messageIds };
}

/** The standard fixture: app "Tasktide" with auth history (incl. a reversal) and app "Other". */
export const STANDARD_CHATS: readonly SeedChat[] = [
  {
    app: "Tasktide",
    key: "auth-1",
    title: "Login with sessions",
    messages: [
      ["user", "How should we handle authentication for login?", "2026-01-10T09:00:00Z"],
      [
        "assistant",
        "We decided to use cookie sessions with express-session for authentication.",
        "2026-01-10T09:01:00Z",
      ],
    ],
  },
  {
    app: "Tasktide",
    key: "auth-2",
    title: "Switch auth to Clerk",
    messages: [
      ["user", "Sessions are painful. Let's move authentication to Clerk.", "2026-02-03T10:00:00Z"],
      [
        "assistant",
        "Agreed: authentication now uses Clerk instead of sessions.",
        "2026-02-03T10:02:00Z",
      ],
    ],
  },
  {
    app: "Tasktide",
    key: "db",
    title: "Database choice",
    messages: [
      ["user", "Which database should we pick?", "2026-01-05T08:00:00Z"],
      ["assistant", "We chose Postgres on Supabase for the database.", "2026-01-05T08:01:00Z"],
    ],
  },
  {
    app: "Tasktide",
    key: "deploy",
    title: "Deployment",
    messages: [
      ["user", "Where do we deploy the app?", "2026-03-01T12:00:00Z"],
      ["assistant", "Vercel gives preview deployments per pull request.", "2026-03-01T12:01:00Z"],
      ["user", "Do we need a staging environment?", "2026-03-01T12:02:00Z"],
      ["assistant", "Preview deployments cover staging for now.", "2026-03-01T12:03:00Z"],
      ["user", "Decided: deploy on Vercel, production branch main.", "2026-03-01T12:04:00Z"],
      [
        "assistant",
        "Configured Vercel with main as the production branch.",
        "2026-03-01T12:05:00Z",
      ],
    ],
  },
  {
    app: "Other",
    key: "secret",
    title: "Other app authentication",
    messages: [
      ["user", "Other app authentication secret plan", "2026-01-01T00:00:00Z"],
      ["assistant", "Other app uses authentication via magic links.", "2026-01-01T00:01:00Z"],
    ],
  },
];

/** Opens an in-memory store seeded with {@link STANDARD_CHATS}. */
export function standardStore(): { store: Store; ids: SeededIds } {
  const store = openStore({ path: ":memory:" });
  return { store, ids: seed(store, STANDARD_CHATS) };
}

/** A retrieval context locked to `appId`, outside any chat. */
export function retrievalFor(store: Store, appId: number): RetrievalContext {
  return { store, appId, currentChatId: null, currentMessageId: null };
}

/** One scripted model step. */
export type MockTurn =
  | { readonly calls: ReadonlyArray<{ readonly name: string; readonly args: unknown }> }
  | { readonly text: string }
  | { readonly errorPart: unknown }
  | { readonly throws: Error }
  | { readonly hang: true };

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function streamOf(parts: LanguageModelV3StreamPart[]): ReadableStream<LanguageModelV3StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/**
 * A `MockLanguageModelV3` playing `turns` in order, one per model call; past the end it throws
 * "script exhausted". A function turn runs when its call arrives (for side effects between steps).
 * `hang` starts a stream that never ends until the call is aborted.
 */
export function mockModel(turns: ReadonlyArray<MockTurn | (() => MockTurn)>): MockLanguageModelV3 {
  let index = 0;
  return new MockLanguageModelV3({
    doStream: async (options) => {
      const entry = turns[index];
      const turn = typeof entry === "function" ? entry() : entry;
      const call = index;
      index += 1;
      if (!turn) throw new Error("script exhausted");
      if ("throws" in turn) throw turn.throws;
      if ("hang" in turn) {
        return {
          stream: new ReadableStream<LanguageModelV3StreamPart>({
            start(controller) {
              controller.enqueue({ type: "stream-start", warnings: [] });
              options.abortSignal?.addEventListener("abort", () =>
                controller.error(new DOMException("aborted", "AbortError")),
              );
            },
          }),
        };
      }
      const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
      if ("errorPart" in turn) {
        parts.push({ type: "error", error: turn.errorPart });
        parts.push({
          type: "finish",
          finishReason: { unified: "error", raw: "error" },
          usage: USAGE,
        });
        return { stream: streamOf(parts) };
      }
      if ("text" in turn) {
        parts.push(
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: turn.text },
          { type: "text-end", id: "t" },
        );
        parts.push({
          type: "finish",
          finishReason: { unified: "stop", raw: "stop" },
          usage: USAGE,
        });
        return { stream: streamOf(parts) };
      }
      turn.calls.forEach((c, k) => {
        parts.push({
          type: "tool-call",
          toolCallId: `call_${call}_${k}`,
          toolName: c.name,
          input: JSON.stringify(c.args),
        });
      });
      parts.push({
        type: "finish",
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage: USAGE,
      });
      return { stream: streamOf(parts) };
    },
  });
}

/** Shorthand for a one-call turn. */
export function call(name: string, args: unknown): MockTurn {
  return { calls: [{ name, args }] };
}
