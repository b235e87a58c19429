/**
 * The history port (issue 32): the one async seam through which the surfaces and the explorer reach
 * an app's history, whichever store holds it — the embedded SQLite store (`sqlite-history-port.ts`,
 * the default) or a team's shared PostgreSQL store (`team/`). Every backend keeps the plan's
 * contract: the same bounds, same-app scoping, the current chat excluded from search, one
 * indistinguishable `ChatNotFoundError`, and an index status.
 */
import type { AppActivity } from "../../store/catalog/apps.js";
import type { ChatRow } from "../../store/catalog/chats.js";
import type { MessageLocation } from "../../store/catalog/messages.js";
import type { ReadExtent } from "../read/read-extent.js";
import type {
  ReadChatInput,
  ReadChatResult,
  SearchChatsInput,
  SearchChatsResult,
} from "../types.js";

/**
 * Who is asking, locked by the host (the part of `RetrievalContext` every backend reads): the app,
 * the current chat (excluded from search; null outside any chat) and the in-flight cutoff (reads of
 * the current chat see only `id < currentMessageId`; null: none).
 */
export interface HistoryScope {
  readonly appId: number;
  readonly currentChatId: number | null;
  readonly currentMessageId: number | null;
  /** Longest index wait per search, ms, 0–1,000; default 1,000. */
  readonly indexWaitMs?: number;
}

/** An app as a port names it: its id in that store and its exact stored name. */
export interface HistoryApp {
  readonly id: number;
  readonly name: string;
}

/** Where a message lives now: its chat and that chat's app (ids of the port's store). */
export type { MessageLocation } from "../../store/catalog/messages.js";

/** Which store a port reads: `sqlite` (the embedded default) or `postgres` (a team's store). */
export type HistoryBackend = "sqlite" | "postgres";

/** True when `value` is a {@link HistoryPort} (not, say, an open local store). */
export function isHistoryPort(value: object): value is HistoryPort {
  return "backend" in value && "searchChats" in value;
}

/** The async history port. Every method may reject with a classified `RecollectError`. */
export interface HistoryPort {
  readonly backend: HistoryBackend;
  /** `searchChats()`'s contract: ≤ 20 chats, ≤ 2 matches each, ≤ 12 KB; same app, current chat excluded. */
  searchChats(scope: HistoryScope, input: SearchChatsInput): Promise<SearchChatsResult>;
  /**
   * `readChat()`'s contract: ≤ 20 KB; `ChatNotFoundError` alike for missing and other-app targets.
   * `extent` `whole` (default `bounded`) is for a person's own CLI read only, never a model's.
   */
  readChat(scope: HistoryScope, input: ReadChatInput, extent?: ReadExtent): Promise<ReadChatResult>;
  /**
   * The app `name` selects (exactly, or differing only in case, accents or spacing).
   * @throws AppNotFoundError / AmbiguousAppNameError, `argument` naming where `name` came from.
   */
  resolveApp(name: string, argument?: string): Promise<HistoryApp>;
  /** Every app the caller may see, by name, with counts and its newest message time. */
  listApps(): Promise<AppActivity[]>;
  /** The chats of `appId`, newest first; empty for an app the caller may not see. */
  listChats(appId: number): Promise<ChatRow[]>;
  /**
   * Chat `chatId` with its message count when it exists, is visible and belongs to app `appId`;
   * else null (missing, deleted, not visible and other-app alike). `sourceFile` is `''` on a team store.
   */
  findChat(chatId: number, appId: number): Promise<ChatRow | null>;
  /** True when chat `chatId` exists, is visible, and belongs to app `appId`. */
  isChatOfApp(chatId: number, appId: number): Promise<boolean>;
  /**
   * Where each of `messageIds` lives now (one query): absent from the map when deleted or not
   * visible. The explorer checks citations against it at report time.
   */
  locateMessages(messageIds: readonly number[]): Promise<ReadonlyMap<number, MessageLocation>>;
  /** Releases the port's connections (not the SQLite store: its opener closes it). Idempotent. */
  close(): Promise<void>;
}
