/**
 * Typed results of the two retrieval primitives (DESIGN.md § Retrieval primitives). These are the
 * contract between `history/` and everything above it: the explorer's adapters register these
 * objects directly as observations; JSON appears only at the model seam.
 *
 * Every time is an ISO-8601 UTC string (`2026-04-07T19:39:04.000Z`); every id is a store row id.
 */
import type { MessageRole } from "../store/catalog/messages.js";
import type { StorePort } from "../store/database-port.js";
import type { HistoryPort, HistoryScope } from "./port/history-port.js";

/** Whether every message of the app is in the index. `indexing` means recall may be incomplete. */
export type IndexStatus = "ready" | "indexing";

/** Message author as stored (defined with the rows, in `store/catalog/messages.ts`). */
export type { MessageRole } from "../store/catalog/messages.js";

/**
 * Who is asking, locked by the host. Search and read never cross `appId`; search excludes
 * `currentChatId`; reads of the current chat stop strictly below `currentMessageId`.
 */
export interface RetrievalContext extends HistoryScope {
  readonly store: StorePort;
  /**
   * The store the history lives in when it is not `store` (a team's PostgreSQL store, issue 32):
   * `historyPortOf` then routes search and read there; `store` is only the local one.
   */
  readonly history?: HistoryPort;
  /**
   * The running indexer, if any. When given and the app has queued messages, a search first lets
   * it drain for up to `indexWaitMs`; without it a search reports `indexing` at once.
   */
  readonly indexer?: IndexWaiter;
  /** Longest index wait per search, ms, 0–1,000 (DESIGN.md budgets: "index wait at most 1 s"). Default 1,000. */
  readonly indexWaitMs?: number;
}

/** The part of the indexer a search needs (see `createIndexer()` in `history/indexer`). */
export interface IndexWaiter {
  /** Drains until idle or `deadlineMs` (a duration, ms) passes; resolves true when idle. */
  waitForIdle(options: { readonly deadlineMs: number }): Promise<boolean>;
}

/**
 * Why a message is never evidence: it holds no searchable text (its index row has no terms, so no
 * search finds it), and the explorer never observes it, so no report can cite it.
 * - `history_answer`: an assistant turn that carries a history-tool card (the explorer's, or a
 *   legacy search/read card): recalled history restated under a later date (DESIGN.md § Lessons,
 *   self-ingestion).
 * - `history_question`: the user turn such a card answered, holding nothing but its request (a
 *   question put to Recollect states no decision; issue 12).
 * - `recollect_reply`: a fixed reply Recollect itself wrote (`messages.is_recollect_reply`: the
 *   offline router's "Noted.", help, greeting, notices); neither the person's words nor a model's.
 */
export type NotEvidenceKind = "history_answer" | "history_question" | "recollect_reply";

/** One matching message inside a {@link SearchChatHit}. */
export interface SearchMatch {
  readonly message_id: number;
  readonly role: MessageRole;
  /** ISO-8601 UTC; null when the stored time is no date `Date` can represent (`isoTimeOrNull`). */
  readonly created_at: string | null;
  /** Projection excerpt around the match, ≤ 300 chars, plain text (never FTS markup). */
  readonly excerpt: string;
  readonly is_compaction_summary: boolean;
  /** The projection of this message was cut at its length bound. */
  readonly projection_truncated: boolean;
}

/** One chat in a search result, with at most 2 matches (DESIGN.md § Index). */
export interface SearchChatHit {
  readonly chat_id: number;
  readonly chat_title: string | null;
  /** ISO-8601 UTC; null when the stored time is no date `Date` can represent (`isoTimeOrNull`). */
  readonly chat_created_at: string | null;
  readonly matches: readonly SearchMatch[];
  /**
   * The chat's other messages whose own text matches, best first, ≤ 6 ids (`MORE_MATCH_IDS`) and
   * no text (absent when none): where else a long session speaks of the query, for `read_chat`'s
   * `around_message_id`. A message matching only by its chat's title (indexed with every message)
   * is not one of them. Same app and chat as the matches; the bound of 12 KB counts them.
   */
  readonly more_match_ids?: readonly number[];
  /**
   * How many other matching messages the chat has in all, the ids' included (present with them):
   * counted among the search's 200 best candidate rows, so a floor for a chat past that.
   */
  readonly more_match_count?: number;
}

/**
 * A kind of thing a query asked about and the things of that kind the app's history names
 * (`history/search/kind-names.ts`): "login" → ["clerk", "supabase"]. Not searched: a caller that
 * wants them searches them (the offline explorer does, in a search of their own).
 */
export interface KindNames {
  /** The kind as a report names it ("authentication"). */
  readonly kind: string;
  /** The query's word or words that asked about it ("login", "data live"). */
  readonly from: string;
  /** Lower-case names the app's messages hold (outside the current chat), most messages first, 1–4. */
  readonly names: readonly string[];
}

/**
 * One misspelled query word and what was searched instead. Both are lower-case words; `to` is
 * spelled as the app's own messages spell it (never a word of another app).
 */
export interface SpellingCorrection {
  /** The query word; it occurs nowhere in the app (outside the current chat). */
  readonly from: string;
  /**
   * The app's word searched in its place: within 1–2 edits of `from` at the stem level, its other
   * national spelling ("colors" for "colours", `history/search/spelling-variant.ts`), or an
   * abbreviation of it ("auth" for "authentication", `history/search/abbreviation.ts`).
   */
  readonly to: string;
}

/** What `searchChats()` returns. Serialized, it fits in 12 KB (`truncated` says if hits were dropped). */
export interface SearchChatsResult {
  readonly query: string;
  readonly index_status: IndexStatus;
  /** Messages of this app (outside the current chat) still waiting in the dirty queue. */
  readonly pending_count: number;
  /**
   * Present when `pending_count > 0` and nothing in this process can drain the queue:
   * `read_only_store` (the store's file or folder is not writable; results come from what was
   * indexed before).
   */
  readonly pending_reason?: "read_only_store";
  readonly chats: readonly SearchChatHit[];
  /**
   * Query words the app never holds that were searched as a near spelling it does hold
   * (`history/search/correct-spelling.ts`); absent when none was.
   */
  readonly corrections?: readonly SpellingCorrection[];
  /** Kinds of thing the query asked about, with the things of each kind the app names; absent when none. */
  readonly kinds?: readonly KindNames[];
  /**
   * True when the 12 KB bound (`boundSearchResult`) dropped at least one match (a chat's second
   * match, or a whole chat), lowest-ranked first. Not set by the normal 300-char excerpt length
   * nor by the `limit` cut; a projection cut at its own bound is `projection_truncated` on the match.
   */
  readonly truncated: boolean;
}

/** Input of `searchChats()`: query 1–500 chars, limit 1–20 chats (default 8). */
export interface SearchChatsInput {
  readonly query: string;
  readonly limit?: number;
}

/**
 * Input of `readChat()`. With `around_message_id`, returns that message plus `before`/`after`
 * neighbours (0–10 each, default 3) and ignores stray `offset`/`limit`; otherwise `offset` (≥ 0,
 * default 0) and `limit` (1–20, default 10) page from the start of the chat.
 */
export interface ReadChatInput {
  readonly chat_id: number;
  readonly around_message_id?: number;
  readonly before?: number;
  readonly after?: number;
  readonly offset?: number;
  readonly limit?: number;
  /**
   * Words the read is looking for, ≤ 500 chars (a search query's bound): a message longer than
   * the read bound shows the stretch that holds most of them instead of its head
   * (`focus-window.ts`). Blank or absent: every message shows its head.
   */
  readonly focus?: string;
}

/**
 * One message in a read window: its read text (`readView`: the projection, or for a message that
 * is never evidence what it was), ≤ 2,400 chars, credentials redacted.
 */
export interface ReadMessage {
  readonly message_id: number;
  readonly role: MessageRole;
  /** ISO-8601 UTC; null when the stored time is no date `Date` can represent (`isoTimeOrNull`). */
  readonly created_at: string | null;
  readonly content: string;
  /**
   * Present when the message is never evidence ({@link NotEvidenceKind}); `content` then says what
   * the turn was, and the explorer's view of the read leaves the message out.
   */
  readonly not_evidence?: NotEvidenceKind;
  readonly is_compaction_summary: boolean;
  /** Cut by the projection bound or the 2,400-char read bound. */
  readonly projection_truncated: boolean;
}

/** What `readChat()` returns. Serialized, it fits in 20 KB; the target message is never dropped. */
export interface ReadChatResult {
  readonly chat_id: number;
  readonly chat_title: string | null;
  /** ISO-8601 UTC; null when the stored time is no date `Date` can represent (`isoTimeOrNull`). */
  readonly chat_created_at: string | null;
  readonly messages: readonly ReadMessage[];
  readonly has_more_before: boolean;
  readonly has_more_after: boolean;
  /** Messages were shortened or dropped to respect the 20 KB bound. */
  readonly truncated: boolean;
}
