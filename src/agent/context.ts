/**
 * What the host gives every tool call for one turn (DESIGN.md § Who uses it). Tools never choose
 * the app: `appId` is locked here, and history tools never cross it.
 */
import type { HistoryPort, IndexWaiter } from "../history/index.js";
import type { Store } from "../store/open-store.js";

/** The turn-locked context: store, app, chat, in-flight message cutoff, entitlement and abort signal. */
export interface AgentContext {
  readonly store: Store;
  /** The app every history operation is locked to. */
  readonly appId: number;
  /** The chat the person is in; null outside a chat (e.g. the CLI's one-shot `explore`). */
  readonly chatId: number | null;
  /** The in-flight assistant message; current-chat reads stop strictly below it. Null: none. */
  readonly messageId: number | null;
  /** The Pro entitlement. Without it none of the three history tools exist or run. */
  readonly isPro: boolean;
  /** Fires when the person cancels the turn. */
  readonly abortSignal: AbortSignal;
  /**
   * The host's running indexer, when it has one. History searches then wait up to 1 s for queued
   * messages to be indexed (DESIGN.md budgets: index wait) instead of reporting `indexing` at once.
   */
  readonly indexer?: IndexWaiter;
  /**
   * The store the app's history lives in when it is not `store`: a team's PostgreSQL store
   * (`recollect mcp --store postgres://…`, issue 32). `appId` is then that store's id; history
   * tools search, read and check citations there, and `store` holds only local settings.
   */
  readonly history?: HistoryPort;
  /**
   * The app's id in `history` when the turn's own chat is a local one (`recollect serve --store
   * postgres://…`: the web chat and `appId` are the local store's, the history the team's). History
   * tools then search and read that app, with no current chat (none of the team store's is this
   * one), while `appId` and `chatId` still address the local chat for its own writes. Absent: the
   * history tools use `appId` and `chatId`.
   */
  readonly historyAppId?: number;
}
