/**
 * The `recollect serve` HTTP app (Hono): a JSON API over the store, streamed agent turns, abort,
 * permissions and consent answers, plus the built web app. Pure wiring: every service is injected
 * through {@link ServerDeps}; per-server state (running turns) lives in this factory's closure.
 *
 * Errors: handlers throw classified `RecollectError`s; the single `onError` maps `kind` → status.
 */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { z } from "zod";
import type { ConsentPrompter } from "../agent/consent/consent-prompter.js";
import { type MessageSegment, segmentMessage } from "../card/segment-message.js";
import type { AgentEvent, AgentEventError } from "../contracts/agent-events.js";
import type { Consent } from "../contracts/consent.js";
import type { ReplyLocale } from "../contracts/reply-locale.js";
import {
  AppNotFoundError,
  InvalidInputError,
  RecollectError,
  TextTooLongError,
  toRecollectError,
} from "../errors/recollect-error.js";
import { allowedByIssue } from "../errors/zod-issue.js";
import { type HistoryPort, readChat } from "../history/index.js";
import { boundedTextError } from "../history/text/bounded-text-error.js";
import { appExists, listApps } from "../store/catalog/apps.js";
import { deleteMessage, insertMessage, updateMessageContent } from "../store/catalog/messages.js";
import type { Store } from "../store/open-store.js";
import { characterCount } from "../text/character-count.js";
import {
  type ChatSummary,
  createChat,
  getChat,
  hasMessagesAfter,
  hasMessagesBefore,
  listChats,
  listMessages,
  messagesAfter,
  messagesBefore,
  messageWindow,
  type StoredMessage,
} from "./api-rows.js";
import { citationNotes, teamCitationNotes } from "./citation-notes.js";
import { errorResponse } from "./error-status.js";
import { localRequestGuard } from "./local-request-guard.js";
import { requestBodyLimit, securityHeaders } from "./security-middleware.js";
import {
  consentAnswerBodySchema,
  createChatBodySchema,
  type FillCommands,
  MAX_TURN_MESSAGE_CHARS,
  type PermissionRow,
  setPermissionBodySchema,
  turnBodySchema,
} from "./shared/api-types.js";
import {
  type AssistantParts,
  applyAgentEvent,
  EMPTY_PARTS,
  partsToContent,
} from "./shared/assistant-parts.js";
import type { ServerEvent } from "./shared/server-events.js";
import { teamAppOf } from "./team-app.js";
import { teamChatMessages } from "./team-messages.js";
import { createTurnRegistry, type TurnRegistry } from "./turns/turn-registry.js";
import { unansweredReply } from "./turns/unanswered-reply.js";
import { createWebConsentPrompter } from "./turns/web-consent-prompter.js";
import { visibleSegments } from "./visible-segments.js";

/** Everything one turn needs; the runner emits the turn's {@link AgentEvent}s through `onEvent`. */
export interface TurnRequest {
  readonly turnId: string;
  readonly appId: number;
  readonly chatId: number;
  /** The person's message, already stored with id `userMessageId`. */
  readonly userText: string;
  readonly userMessageId: number;
  /** The in-flight assistant message row (empty until the turn ends); reads stop below it. */
  readonly assistantMessageId: number;
  /** The chat's messages before this turn, oldest first. */
  readonly history: readonly StoredMessage[];
  readonly isPro: boolean;
  /** The language of Recollect's own fixed replies this turn (the browser's locale). */
  readonly locale: ReplyLocale;
  readonly signal: AbortSignal;
  readonly prompter: ConsentPrompter;
  readonly onEvent: (event: AgentEvent) => void;
}

/**
 * Runs one primary-agent turn. Should emit `turn-start` … exactly one terminal event; if it
 * throws or returns without a terminal event, the server emits `turn-error` itself.
 */
export type TurnRunner = (request: TurnRequest) => Promise<void>;

/** The permissions page's data: main-facing tools only (never internal `search_chats`). */
export interface PermissionsPort {
  list(): readonly PermissionRow[];
  /** @throws InvalidInputError for a tool without a visible row. */
  set(tool: string, consent: Consent): PermissionRow;
}

/** Services the server needs. */
export interface ServerDeps {
  readonly store: Store;
  readonly runTurn: TurnRunner;
  readonly permissions: PermissionsPort;
  /** Read once per turn (and for `/api/profile`). */
  readonly isPro: () => boolean;
  /** The commands that import a history into this store (`GET /api/apps`). */
  readonly fillCommands: FillCommands;
  /** Serves the built web app; null for an API-only server (tests). */
  readonly staticHandler: ((request: Request) => Promise<Response | null>) | null;
  /** Milliseconds since the epoch. Default `Date.now`. */
  readonly clock?: () => number;
  /** The app the root URL opens (`serve --app`); null or absent: the first app. */
  readonly defaultAppId?: number | null;
  /** Unique ids for turns, prompts and web-created chats. Default `crypto.randomUUID`. */
  readonly newId?: () => string;
  /**
   * A team's store (`serve --store postgres://…`, issue 32): turns recall its app of each local
   * app's name (the runner's), evidence targets open from it (`?store=team`), and cited messages
   * are checked there. The person's chats, turns and settings stay in the local `store`.
   */
  readonly history?: HistoryPort;
  /**
   * The running turns. Default: a registry of this app's own. The server passes one so that
   * stopping can abort them and wait for their replies to be stored before the store closes.
   */
  readonly turns?: TurnRegistry;
}

/** What a turn's message may be, as its refusals say (`body.message`). */
const TURN_MESSAGE_ALLOWED = `1 to ${MAX_TURN_MESSAGE_CHARS} characters of visible text after trimming`;

function parseId(raw: string | undefined, name: string): number {
  if (raw === undefined || !/^[1-9][0-9]{0,15}$/.test(raw)) {
    throw new InvalidInputError(name, "a positive integer id");
  }
  return Number(raw);
}

async function readBody<T>(request: Request, schema: z.ZodType<T>, name: string): Promise<T> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    throw new InvalidInputError(name, "a JSON body");
  }
  // The failing input is reported (never echoed) so an over-long text's length can be stated.
  const parsed = schema.safeParse(json, { reportInput: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") ?? "";
    const argument = where === "" ? name : `${name}.${where}`;
    if (issue?.code === "too_big" && typeof issue.input === "string") {
      const limit = Number(issue.maximum);
      throw new TextTooLongError(
        argument,
        allowedByIssue(issue),
        characterCount(issue.input),
        limit,
      );
    }
    throw new InvalidInputError(argument, allowedByIssue(issue));
  }
  return parsed.data;
}

/**
 * True when the `store` query parameter asks for the team store's chat: `team`, on a server that
 * has one. Absent: the local store.
 * @throws InvalidInputError (`store`) for any other value, or `team` on a server without one.
 */
function teamStoreParam(raw: string | undefined, hasTeamStore: boolean): boolean {
  if (raw === undefined) return false;
  if (raw === "team" && hasTeamStore) return true;
  throw new InvalidInputError(
    "store",
    hasTeamStore ? "team, or absent for the local store" : "absent: this server has no team store",
  );
}

function requireApp(store: Store, appId: number): void {
  if (!appExists(store.db, appId)) {
    throw new RecollectError("not_found", `App ${appId} was not found.`);
  }
}

/** Builds the Hono app. Call `app.request()` in tests; serve `app.fetch` on 127.0.0.1. */
export function createApp(deps: ServerDeps): Hono {
  const { store, runTurn, permissions, history } = deps;
  const clock = deps.clock ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const turns = deps.turns ?? createTurnRegistry();
  const app = new Hono();

  app.onError((error, c) => errorResponse(error, c));
  // A method no route takes (PUT /anything outside the API): the API's error shape, not Hono's text.
  app.notFound((c) => errorResponse(new RecollectError("not_found", "Not found."), c));
  app.use("*", securityHeaders());
  // Every route, the page included: a DNS-rebinding page must not even load the app.
  app.use("*", localRequestGuard());
  app.use("/api/*", requestBodyLimit());

  app.get("/api/profile", (c) => c.json({ entitlement: deps.isPro() ? "pro" : "free" }));

  app.get("/api/apps", (c) =>
    c.json({
      apps: listApps(store.db),
      defaultAppId: deps.defaultAppId ?? null,
      fillCommands: deps.fillCommands,
      storeWritable: store.writable,
      historyStore: deps.history === undefined ? "local" : "team",
    }),
  );

  app.get("/api/apps/:appId/chats", (c) => {
    const appId = parseId(c.req.param("appId"), "appId");
    requireApp(store, appId);
    return c.json({ chats: listChats(store, appId) });
  });

  app.post("/api/apps/:appId/chats", async (c) => {
    const appId = parseId(c.req.param("appId"), "appId");
    requireApp(store, appId);
    const body = await readBody(c.req.raw, createChatBodySchema, "body");
    const chat = createChat(store, {
      appId,
      title: body.title ? body.title : null,
      nowMs: clock(),
      externalId: newId(),
    });
    return c.json({ chat }, 201);
  });

  const chatMessages = async (
    chat: ChatSummary,
    at: {
      readonly aroundMessageId?: number;
      readonly beforeMessageId?: number;
      readonly afterMessageId?: number;
    },
  ) => {
    const rows =
      at.beforeMessageId !== undefined
        ? messagesBefore(store, chat.id, at.beforeMessageId)
        : at.afterMessageId !== undefined
          ? messagesAfter(store, chat.id, at.afterMessageId)
          : messageWindow(
              store,
              chat.id,
              at.aroundMessageId === undefined ? {} : { aroundMessageId: at.aroundMessageId },
            );
    const first = rows[0];
    const last = rows.at(-1);
    // With a team store, the cards' targets are its messages: checked there, never locally; an
    // app the team store lacks leaves them unchecked rather than the chat unreadable.
    let team: Promise<number | null> | undefined;
    const teamAppId = () => {
      team ??= history
        ? teamAppOf(store, history, chat.appId).then(
            (found) => found.id,
            (error: unknown) => {
              if (error instanceof AppNotFoundError) return null;
              throw error;
            },
          )
        : Promise.resolve(null);
      return team;
    };
    const notes = async (segments: readonly MessageSegment[]) =>
      history === undefined
        ? citationNotes(store, chat.appId, segments)
        : teamCitationNotes(history, teamAppId, segments);
    return {
      chat,
      // The window does not start at the chat's first message: the view offers the earlier ones.
      hasEarlier: first !== undefined && hasMessagesBefore(store, chat.id, first.id),
      // Nor end at its last (a window around a cited message): the view offers the later ones.
      hasLater: last !== undefined && hasMessagesAfter(store, chat.id, last.id),
      messages: await Promise.all(
        rows.map(async ({ content, ...message }) => {
          const segments = visibleSegments(segmentMessage(content));
          return { ...message, segments, citations: await notes(segments) };
        }),
      ),
    };
  };

  // A chat's messages, and an evidence target's link: the chat must be in the app (and the message
  // in the chat), checked by read_chat's own readChat(), so a missing, other-app or foreign-message
  // target gets the same NotFound a direct read_chat would and reveals nothing about another app.
  // (There is no route to a chat by id alone: it could not check the app.) `store=team` reads a
  // chat of the team store's app instead (`team-messages.ts`), checked by its read_chat alike.
  app.get("/api/apps/:appId/chats/:chatId/messages", async (c) => {
    const appId = parseId(c.req.param("appId"), "appId");
    const chatId = parseId(c.req.param("chatId"), "chatId");
    const rawMessage = c.req.query("message");
    const rawBefore = c.req.query("before");
    const rawAfter = c.req.query("after");
    const given = [rawMessage, rawBefore, rawAfter].filter((raw) => raw !== undefined).length;
    if (given > 1) {
      throw new InvalidInputError(
        rawAfter === undefined ? "before" : "after",
        "one of message, before or after, not two",
      );
    }
    const fromTeam = teamStoreParam(c.req.query("store"), history !== undefined);
    const messageId = rawMessage === undefined ? undefined : parseId(rawMessage, "message");
    const beforeId = rawBefore === undefined ? undefined : parseId(rawBefore, "before");
    const afterId = rawAfter === undefined ? undefined : parseId(rawAfter, "after");
    const at = {
      ...(messageId === undefined ? {} : { aroundMessageId: messageId }),
      ...(beforeId === undefined ? {} : { beforeMessageId: beforeId }),
      ...(afterId === undefined ? {} : { afterMessageId: afterId }),
    };
    if (fromTeam && history !== undefined) {
      requireApp(store, appId);
      const team = await teamAppOf(store, history, appId);
      return c.json(await teamChatMessages(history, team, appId, chatId, at));
    }
    const addressed = messageId ?? beforeId ?? afterId;
    const retrieval = { store, appId, currentChatId: null, currentMessageId: null };
    readChat(
      retrieval,
      addressed === undefined
        ? { chat_id: chatId, offset: 0, limit: 1 }
        : { chat_id: chatId, around_message_id: addressed, before: 0, after: 0 },
    );
    return c.json(await chatMessages(getChat(store, chatId), at));
  });

  app.post("/api/chats/:chatId/turns", async (c) => {
    const chatId = parseId(c.req.param("chatId"), "chatId");
    const chat = getChat(store, chatId);
    // The archive is read, never written: a turn belongs in a chat of the person's own.
    if (chat.origin !== "web") {
      throw new RecollectError(
        "precondition",
        `Chat ${chatId} is imported history and stays as its source wrote it; start a chat of your own in its app (POST /api/apps/:appId/chats) and ask there.`,
      );
    }
    const body = await readBody(c.req.raw, turnBodySchema, "body");
    // A question of only control or invisible characters asks nothing: refused as the MCP server
    // and the CLI refuse such a query, before anything is stored.
    const invisible = boundedTextError(
      "body.message",
      TURN_MESSAGE_ALLOWED,
      body.message,
      MAX_TURN_MESSAGE_CHARS,
    );
    if (invisible !== null) throw invisible;
    if (turns.isBusy(chatId)) {
      throw new RecollectError(
        "precondition",
        "A turn is already running in this chat; stop it or wait for it to finish.",
      );
    }
    const history = listMessages(store, chatId);
    const now = clock();
    const userMessageId = insertMessage(store.db, {
      chatId,
      role: "user",
      content: body.message,
      nowMs: now,
    });
    const assistantMessageId = insertMessage(store.db, {
      chatId,
      role: "assistant",
      content: "",
      nowMs: now,
    });
    const turnId = newId();
    const turn = turns.start(turnId, chatId);

    return streamSSE(c, async (stream) => {
      let writes = Promise.resolve();
      const send = (event: ServerEvent) => {
        if (stream.aborted || stream.closed) return;
        const data = JSON.stringify(event);
        // A write fails only when the browser went away mid-turn; the turn still runs to its end and
        // is persisted, and a reload reads it from the store, so there is no one left to tell.
        writes = writes.then(() => stream.writeSSE({ data })).catch(() => undefined);
      };
      let parts: AssistantParts = EMPTY_PARTS;
      // The reply is a fixed one Recollect wrote ("Noted."): stored as such, never indexed.
      let fixedReply = false;
      // ...and its notice to a recall question it could not explore: the question is no evidence.
      let recallNotice = false;
      // What ended the turn, when an error did: an empty turn's stored reply says it.
      let endError: AgentEventError | null = null;
      const onEvent = (event: AgentEvent) => {
        if (parts.ended) return; // nothing follows a terminal event
        if (event.type === "turn-finish") {
          fixedReply = event.fixedReply === true;
          recallNotice = event.recallNotice === true;
        }
        if (event.type === "turn-error") endError = event.error;
        parts = applyAgentEvent(parts, event);
        // Persist before the browser hears the turn ended, so its reload sees the final message.
        if (parts.ended) persist(parts);
        send(event);
      };
      const persist = (final: AssistantParts) => {
        const content = partsToContent(final).trim();
        if (content) {
          updateMessageContent(store.db, assistantMessageId, content, {
            recollectReply: fixedReply,
            recallNotice,
          });
        } else if (endError !== null) {
          // Stopped or failed before anything was written: the question keeps a reply saying so.
          updateMessageContent(
            store.db,
            assistantMessageId,
            unansweredReply(endError, body.locale ?? "en"),
            {
              recollectReply: true,
            },
          );
        } else deleteMessage(store.db, assistantMessageId);
      };
      // Cancelling ends the turn at once: pending cards freeze as cancelled and anything the
      // runner still emits (a late completion) is dropped.
      turn.abortController.signal.addEventListener(
        "abort",
        () =>
          onEvent({
            type: "turn-error",
            error: { kind: "aborted", message: "The turn was cancelled." },
          }),
        { once: true },
      );
      stream.onAbort(() => {
        if (turns.get(turnId)) turns.abort(turnId);
      });
      send({ type: "turn-accepted", turnId, userMessageId, assistantMessageId });
      try {
        await runTurn({
          turnId,
          appId: chat.appId,
          chatId,
          userText: body.message,
          locale: body.locale ?? "en",
          userMessageId,
          assistantMessageId,
          history,
          isPro: deps.isPro(),
          signal: turn.abortController.signal,
          prompter: createWebConsentPrompter({ turn, send, newId }),
          onEvent,
        });
        if (!parts.ended) {
          const aborted = turn.abortController.signal.aborted;
          onEvent({
            type: "turn-error",
            error: aborted
              ? { kind: "aborted", message: "The turn was cancelled." }
              : { kind: "internal", message: "The turn ended without a result." },
          });
        }
      } catch (error) {
        const classified = toRecollectError(
          turn.abortController.signal.aborted
            ? new RecollectError("aborted", "The turn was cancelled.")
            : error,
        );
        onEvent({
          type: "turn-error",
          error: {
            kind: classified.kind,
            message: classified.kind === "internal" ? "Internal error." : classified.message,
          },
        });
      } finally {
        turns.finish(turnId);
        await writes;
      }
    });
  });

  app.post("/api/turns/:turnId/abort", (c) => {
    turns.abort(c.req.param("turnId"));
    return c.body(null, 204);
  });

  app.post("/api/turns/:turnId/consent/:promptId", async (c) => {
    const body = await readBody(c.req.raw, consentAnswerBodySchema, "body");
    turns.answer(c.req.param("turnId"), c.req.param("promptId"), body.decision);
    return c.body(null, 204);
  });

  app.get("/api/permissions", (c) => c.json({ rows: permissions.list() }));

  app.put("/api/permissions/:tool", async (c) => {
    const body = await readBody(c.req.raw, setPermissionBodySchema, "body");
    return c.json({ row: permissions.set(c.req.param("tool"), body.consent) });
  });

  app.all("/api/*", () => {
    throw new RecollectError("not_found", "No such API route.");
  });

  app.get("*", async (c) => {
    const response = deps.staticHandler ? await deps.staticHandler(c.req.raw) : null;
    if (!response) throw new RecollectError("not_found", "Not found.");
    return response;
  });

  return app;
}
