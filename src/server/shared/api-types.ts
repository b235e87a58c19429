/**
 * JSON shapes of the web API, shared by the server (which produces them) and the browser (which
 * validates them with these schemas before use).
 */

import { z } from "zod";
import { messageSegmentSchema } from "../../card/segment-message.js";
import { REPLY_LOCALES } from "../../contracts/reply-locale.js";
import { maxCharacters } from "../../text/character-count.js";

/**
 * The command lines that fill an empty store, as the person runs Recollect where the server was
 * started (with its `--db`), e.g. `npx recollect --db /tmp/a.db import <paths…>`.
 */
export const fillCommandsSchema = z.object({ import: z.string(), sync: z.string() });
export type FillCommands = z.infer<typeof fillCommandsSchema>;

/**
 * `GET /api/apps`: the apps, the app the root URL opens, the commands that import some (shown
 * when there are none), and
 * whether the store can be written: false for a read-only store (file or folder), whose chats can
 * be browsed but where no turn can be stored (each would answer 412), so the page says so first.
 */
export const appsResponseSchema = z.object({
  apps: z.array(z.object({ id: z.number().int(), name: z.string(), chatCount: z.number().int() })),
  /** The app the root URL opens (`serve --app`), or null for the first app. */
  defaultAppId: z.number().int().nullable(),
  fillCommands: fillCommandsSchema,
  storeWritable: z.boolean(),
  /**
   * Where the apps' history is: `local` (this store), or `team` (`serve --store postgres://…`):
   * explorer cards cite the team store's messages, opened with `?store=team`.
   */
  historyStore: z.enum(["local", "team"]),
});
export type AppsResponse = z.infer<typeof appsResponseSchema>;

/**
 * One chat in a list. `createdAt` is ISO-8601 UTC, null when the stored time is no date (a store
 * filled by an older Recollect). `origin`: `web` for a chat the person started
 * here (turns go only there), `imported` for the archive (imports, sync, the demo), read-only.
 */
export const chatSummarySchema = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  title: z.string().nullable(),
  createdAt: z.string().nullable(),
  messageCount: z.number().int(),
  origin: z.enum(["web", "imported"]),
  /** What wrote the chat: an importer's format name, `web` (the person's own), `demo`… */
  source: z.string(),
  /**
   * True when the chat was synced from a file the agent has since deleted: it is now only in
   * Recollect (kept, searchable and readable; `sync/kept-chats.ts`).
   */
  kept: z.boolean(),
});

/** `GET /api/apps/:appId/chats`. */
export const chatsResponseSchema = z.object({ chats: z.array(chatSummarySchema) });
export type ChatsResponse = z.infer<typeof chatsResponseSchema>;

/** `POST /api/apps/:appId/chats`. */
export const createChatResponseSchema = z.object({ chat: chatSummarySchema });

/**
 * What has become of one message a stored card cites (`server/citation-notes.ts`), sent only when
 * it is not plainly as cited: `changed` (a sync edited it in place: same id, new text), `removed`
 * (no such message any more), `same`; `kept` when its chat's file was deleted by the agent.
 */
export const citationNoteSchema = z.object({
  chatId: z.number().int(),
  messageId: z.number().int(),
  state: z.enum(["same", "changed", "removed"]),
  kept: z.boolean(),
});
export type CitationNote = z.infer<typeof citationNoteSchema>;

/**
 * `GET /api/apps/:appId/chats/:chatId/messages[?message=ID | ?before=ID | ?after=ID][&store=team]`: a window of
 * at most 500 messages (the newest, those around message ID, just before it, or just after it). `hasEarlier` is true
 * when the chat has messages before the window (the view offers to load them). Each message is
 * already split into text runs and typed cards (the server reads stored card XML back; the browser
 * never parses it). `store=team` (a server with a team store): a chat of the team store's app of
 * this app's name, read-only, in bounded `read_chat` windows (≤ 21 messages).
 */
export const messagesResponseSchema = z.object({
  chat: chatSummarySchema,
  hasEarlier: z.boolean(),
  /** The chat has messages after the window (one opened around a cited message): "load later". */
  hasLater: z.boolean(),
  messages: z.array(
    z.object({
      id: z.number().int(),
      role: z.enum(["user", "assistant"]),
      segments: z.array(messageSegmentSchema),
      createdAt: z.string().nullable(),
      /** Notes on the messages its cards cite that changed, went or are kept (often empty). */
      citations: z.array(citationNoteSchema),
    }),
  ),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

/** Consent values. */
export const consentSchema = z.enum(["always", "ask", "never"]);

/** One permissions-page row: a main-facing tool, its consent in force and its default. */
export const permissionRowSchema = z.object({
  tool: z.string(),
  consent: consentSchema,
  defaultConsent: consentSchema,
});
export type PermissionRow = z.infer<typeof permissionRowSchema>;

/** `GET /api/permissions`. */
export const permissionsResponseSchema = z.object({ rows: z.array(permissionRowSchema) });

/** `PUT /api/permissions/:tool` body. */
export const setPermissionBodySchema = z.object({ consent: consentSchema });

/** Longest message of a web chat turn, in characters (code points) after trimming. */
export const MAX_TURN_MESSAGE_CHARS = 8000;

/**
 * `POST /api/chats/:chatId/turns` body: the person's message, 1–8,000 chars after trimming, and
 * optionally their locale (one of `REPLY_LOCALES`; anything else is refused). The
 * server also refuses one of only control or invisible characters (`create-app.ts`).
 */
export const turnBodySchema = z.object({
  message: maxCharacters(z.string().trim().min(1), MAX_TURN_MESSAGE_CHARS),
  /** The person's language, for Recollect's own fixed replies this turn; default `en`. */
  locale: z.enum(REPLY_LOCALES).optional(),
});

/** `POST /api/apps/:appId/chats` body. */
export const createChatBodySchema = z.object({
  title: maxCharacters(z.string().trim(), 200).optional(),
});

/** `POST /api/turns/:turnId/consent/:promptId` body. */
export const consentAnswerBodySchema = z.object({ decision: z.enum(["allow", "deny"]) });

/** `GET /api/profile`: what the browser needs to know about this server's profile. */
export const profileResponseSchema = z.object({ entitlement: z.enum(["pro", "free"]) });

/** Every error response: `kind` is a RecollectErrorKind, `message` is safe to show. */
export const errorResponseSchema = z.object({
  error: z.object({ kind: z.string(), message: z.string() }),
});
