/**
 * One-shot exploration of a named app, outside any chat (the CLI's `explore` and `demo`). The same
 * preconditions as the tool (Pro, Engine) and the same runner; the app is resolved by name and
 * locked for the whole run. A running indexer is started for the run so each search may wait up
 * to 1 s for freshness (DESIGN.md budgets: index wait) and stopped afterwards.
 */

import type { ExploreProgress } from "../../../card/explore-progress.js";
import type { Engine } from "../../../engine/engine.js";
import {
  ChatNotFoundError,
  InvalidInputError,
  PreconditionError,
} from "../../../errors/recollect-error.js";
import {
  createIndexer,
  type HistoryPort,
  isHistoryPort,
  sqliteHistoryPort,
} from "../../../history/index.js";
import { boundedTextError, wordlessTextError } from "../../../history/text/bounded-text-error.js";
import type { Store } from "../../../store/open-store.js";
import { requirePro } from "../../entitlement/require-pro.js";
import {
  EXPLORE_TOOL_NAME,
  exploreChatHistoryInputSchema,
  MAX_QUESTION_CHARS,
} from "./explore-chat-history-tool.js";
import { type ExplorerRun, runExplorer } from "./run-explorer.js";

/** Options of {@link exploreApp}. */
export interface ExploreAppOptions {
  /**
   * Where the history is: the local store (an indexer runs on it for the run), or a
   * {@link HistoryPort} over another store (a team's PostgreSQL store, issue 32). Exactly one.
   */
  readonly store: Store | HistoryPort;
  /**
   * The app's name as typed: its stored name, or one differing only in case, accents or spacing
   * (`store/catalog/app-lookup.ts`).
   */
  readonly appName: string;
  /** The question, 1–500 chars after trimming. */
  readonly query: string;
  /** Null when no Engine is configured (→ `PreconditionError` naming `engine`). */
  readonly engine: Engine | null;
  /** The Pro entitlement; the seam for the settings/entitlement provider. */
  readonly isPro: boolean;
  /** Treat this chat of the app as the current chat (excluded from search, readable). */
  readonly chatId?: number | null;
  readonly signal: AbortSignal;
  readonly onProgress?: (event: ExploreProgress) => void;
}

/** A finished run plus the resolved app: its id and its name as stored. */
export interface ExploreAppResult extends ExplorerRun {
  readonly appId: number;
  readonly appName: string;
}

/**
 * The question as the explorer takes it (the tool's own input schema: trimmed, 1–500 characters),
 * checked before anything is opened or written for it.
 * @throws InvalidInputError (`question`) for an empty or blank question, one of only control or
 *   invisible characters, one with no letter or digit ("?!"), or one over 500 characters (the
 *   detail states its length and the limit).
 */
export function parseExploreQuestion(question: string): string {
  const parsed = exploreChatHistoryInputSchema.safeParse({ query: question });
  if (!parsed.success) {
    const allowed = `1 to ${MAX_QUESTION_CHARS} characters of text after trimming, with a letter or digit`;
    throw (
      boundedTextError("question", allowed, question.trim(), MAX_QUESTION_CHARS) ??
      wordlessTextError("question", allowed, question) ??
      new InvalidInputError("question", allowed)
    );
  }
  return parsed.data.query;
}

/**
 * Runs the explorer over one app.
 *
 * @throws InvalidInputError (`question`) for an empty or > 500-char question.
 * @throws AppNotFoundError when no app has that name (AmbiguousAppNameError when several differ
 *   from it only in case, accents or spacing); ChatNotFoundError when `chatId` is not a chat
 *   of that app (the same error for missing and other-app chats).
 * @throws PreconditionError without Pro (`pro`) or Engine (`engine`); AbortedError on cancel;
 *   the classified model error when nothing was observed.
 */
export async function exploreApp(options: ExploreAppOptions): Promise<ExploreAppResult> {
  const query = parseExploreQuestion(options.query);
  requirePro({ isPro: options.isPro }, EXPLORE_TOOL_NAME);
  if (options.engine === null) {
    throw new PreconditionError("engine", "Exploring needs an Engine; none is configured.");
  }
  const local = isHistoryPort(options.store) ? null : options.store;
  await using indexer = local === null ? null : createIndexer({ store: local, pollIntervalMs: 0 });
  const history =
    local === null
      ? (options.store as HistoryPort)
      : sqliteHistoryPort(local, indexer === null ? {} : { indexer });
  const { id: appId, name: appName } = await history.resolveApp(options.appName);
  const chatId = options.chatId ?? null;
  if (chatId !== null) {
    if (!(await history.isChatOfApp(chatId, appId))) {
      throw new ChatNotFoundError(chatId, undefined, appName);
    }
  }
  indexer?.start();
  const scope = { appId, currentChatId: chatId, currentMessageId: null };
  const run = await runExplorer({
    query,
    model: options.engine.languageModel(),
    retrieval: scope,
    searchChats: (_ctx, input) => history.searchChats(scope, input),
    readChat: (_ctx, input) => history.readChat(scope, input),
    locate: () => null,
    history,
    isPro: () => options.isPro,
    signal: options.signal,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return { ...run, appId, appName };
}
