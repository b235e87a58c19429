import { z } from "zod";
import { isoTimeOrNull } from "../../text/iso-time.js";
import { cleanTitle, indexedTitle } from "../indexer/build-index-row.js";
import { countPending } from "../indexer/pending-count.js";
import { projectMessage } from "../projection/project-message.js";
import {
  historyToolReply,
  NO_REPLY,
  type ReplyColumns,
  replyColumnsShape,
  replyColumnsSql,
} from "../projection/reply-content.js";
import { boundSearchResult } from "../serialize/bound-search-result.js";
import type {
  RetrievalContext,
  SearchChatHit,
  SearchChatsInput,
  SearchChatsResult,
  SearchMatch,
} from "../types.js";
import { buildFtsMatch } from "./build-fts-query.js";
import { applyCorrections, correctWords, sqliteCorrectionSource } from "./correct-spelling.js";
import { extractTerms } from "./extract-terms.js";
import { findKindNames } from "./kind-names.js";
import { findTermPosition, isSubstantive, isTitleOnlyMatch, makeExcerpt } from "./make-excerpt.js";
import { pruneFrequentTerms } from "./prune-frequent-terms.js";
import {
  byRank,
  CANDIDATE_LIMIT,
  type CandidateRow,
  chooseGroups,
  type Groups,
  MATCHES_PER_CHAT,
  moreMatchIds,
  type RankedMatch,
  toRanked,
} from "./ranked-groups.js";
import { parseSearchInput } from "./search-input.js";
import { selectSearchTerms } from "./select-search-terms.js";

/**
 * bm25 column weights (DESIGN.md § Index, "Queries"): title 4 (a chat's title names its topic),
 * body 1, cjk 1.5 (bigrams of title and body together), scope 0 (a filter, never a signal).
 */
const BM25_WEIGHTS = "4.0, 1.0, 1.5, 0.0";
/** The same without the title: negative exactly when a term matches the message's own text. */
const BODY_BM25_WEIGHTS = "0.0, 1.0, 1.5, 0.0";
/** Upper bound of the index wait per search, ms (DESIGN.md budgets: "index wait at most 1 s"). */
export const MAX_INDEX_WAIT_MS = 1_000;

const candidateSchema = z.object({
  message_id: z.number().int(),
  score: z.number(),
  body_score: z.number(),
});
const detailSchema = z.object({
  message_id: z.number().int(),
  chat_id: z.number().int(),
  role: z.enum(["user", "assistant"]),
  is_compaction_summary: z.number().int(),
  created_at: z.number(),
  chat_title: z.string().nullable(),
  chat_source: z.string(),
  chat_created_at: z.number(),
});

async function indexStatus(ctx: RetrievalContext): Promise<{ pending: number }> {
  let pending = countPending(ctx.store, ctx.appId, ctx.currentChatId);
  if (pending > 0 && ctx.indexer !== undefined) {
    const waitMs = Math.min(Math.max(ctx.indexWaitMs ?? MAX_INDEX_WAIT_MS, 0), MAX_INDEX_WAIT_MS);
    await ctx.indexer.waitForIdle({ deadlineMs: waitMs });
    pending = countPending(ctx.store, ctx.appId, ctx.currentChatId);
  }
  return { pending };
}

interface Candidate {
  readonly message_id: number;
  readonly score: number;
  /** bm25 of the body and CJK columns alone: < 0 when the message's own text matches. */
  readonly body_score: number;
}

function candidatesFor(ctx: RetrievalContext, match: string): Candidate[] {
  return z.array(candidateSchema).parse(
    ctx.store.db
      .prepare(
        `SELECT rowid AS message_id, bm25(history_fts, ${BM25_WEIGHTS}) AS score,
                bm25(history_fts, ${BODY_BM25_WEIGHTS}) AS body_score
           FROM history_fts WHERE history_fts MATCH ? ORDER BY score LIMIT ${CANDIDATE_LIMIT}`,
      )
      .all(match),
  );
}

/**
 * Store rows of `ids` that are in `ctx.appId` and outside `ctx.currentChatId`: the authority on
 * scope, since an index row may be stale (e.g. a chat moved apps and is still queued).
 */
function storeDetails(
  ctx: RetrievalContext,
  ids: readonly number[],
): z.infer<typeof detailSchema>[] {
  if (ids.length === 0) return [];
  return z.array(detailSchema).parse(
    ctx.store.db
      .prepare(
        `SELECT m.id AS message_id, m.chat_id, m.role, m.is_compaction_summary,
                m.created_at, c.title AS chat_title, c.source AS chat_source,
                c.created_at AS chat_created_at
         FROM messages m JOIN chats c ON c.id = m.chat_id
         WHERE m.id IN (SELECT value FROM json_each(?))
           AND c.app_id = ? AND m.chat_id IS NOT ?`,
      )
      .all(JSON.stringify(ids), ctx.appId, ctx.currentChatId),
  );
}

/** `row` ranked by its `candidate` scores (none: unscored, no body match). */
function rankedFrom(row: CandidateRow, candidate: Candidate | undefined): RankedMatch {
  return toRanked(row, candidate?.score ?? 0, (candidate?.body_score ?? 0) < 0);
}

/** All candidates ranked from the store's own rows (the exact path; used when the index is stale). */
function rankFromStore(ctx: RetrievalContext, candidates: readonly Candidate[]): RankedMatch[] {
  const scores = new Map(candidates.map((row) => [row.message_id, row]));
  return storeDetails(ctx, [...scores.keys()])
    .map((row) => rankedFrom(row, scores.get(row.message_id)))
    .sort(byRank);
}

const indexMetaSchema = z.object({
  message_id: z.number().int(),
  app_id: z.number().int(),
  chat_id: z.number().int(),
  role: z.enum(["user", "assistant"]),
  created_at: z.number(),
  is_compaction_summary: z.number().int(),
});

/**
 * All candidates ranked from the index's own unindexed columns: small rows, where the store's
 * `messages` rows put `created_at` behind the content and its overflow pages (measured at 1M
 * messages: ~10 ms p50 for 200 rows). Chat title fields are filled in after verification.
 */
function rankFromIndex(ctx: RetrievalContext, candidates: readonly Candidate[]): RankedMatch[] {
  const scores = new Map(candidates.map((row) => [row.message_id, row]));
  const rows = z.array(indexMetaSchema).parse(
    ctx.store.db
      .prepare(
        `SELECT id AS message_id, c4 AS app_id, c5 AS chat_id, c6 AS role, c7 AS created_at,
                c8 AS is_compaction_summary
         FROM history_fts_content WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify([...scores.keys()])),
  );
  return rows
    .filter((row) => row.app_id === ctx.appId && row.chat_id !== ctx.currentChatId)
    .map((row) =>
      rankedFrom(
        { ...row, chat_title: null, chat_source: "", chat_created_at: 0 },
        scores.get(row.message_id),
      ),
    )
    .sort(byRank);
}

/**
 * Ranks by the index's metadata, then checks the chosen hits against the store: when every one
 * is confirmed (the index is current) their store rows are used; otherwise every candidate is
 * ranked again from the store, so a stale index row can never leak or reorder a result.
 */
function rankAndGroup(
  ctx: RetrievalContext,
  match: string,
  limit: number,
  terms: readonly string[],
): SearchChatHit[] {
  const candidates = candidatesFor(ctx, match);
  if (candidates.length === 0) return [];
  const fast = chooseGroups(rankFromIndex(ctx, candidates), limit);
  const chosen = [...fast.groups.values()].flat();
  const confirmed = new Map(
    storeDetails(
      ctx,
      chosen.map((entry) => entry.messageId),
    ).map((row) => [row.message_id, row]),
  );
  const current = chosen.every((entry) => {
    const row = confirmed.get(entry.messageId);
    return (
      row !== undefined &&
      row.chat_id === entry.chatId &&
      row.role === entry.role &&
      row.created_at === entry.createdAt &&
      row.is_compaction_summary === (entry.isCompactionSummary ? 1 : 0)
    );
  });
  if (!current) return groupByChat(ctx, chooseGroups(rankFromStore(ctx, candidates), limit), terms);
  const withStore = (entry: RankedMatch): RankedMatch => {
    const row = confirmed.get(entry.messageId);
    return row === undefined
      ? entry
      : {
          ...entry,
          chatTitle: row.chat_title,
          chatSource: row.chat_source,
          chatCreatedAt: row.chat_created_at,
        };
  };
  const groups = new Map([...fast.groups].map(([chat, group]) => [chat, group.map(withStore)]));
  return groupByChat(ctx, { groups, rest: fast.rest }, terms);
}

/**
 * A stored message's text as search projects it: its content, its reply's (see reply-content.ts)
 * and whether Recollect wrote it (`is_recollect_reply`).
 */
interface StoredText extends ReplyColumns {
  readonly content: string;
  readonly is_recollect_reply: number;
}

/** The columns of {@link StoredText}, read from `messages`. */
const STORED_TEXT_COLUMNS = `content, ${replyColumnsSql("messages")}, is_recollect_reply`;

const storedTextShape = {
  content: z.string(),
  ...replyColumnsShape,
  is_recollect_reply: z.number().int(),
};

const contentSchema = z.array(z.object({ id: z.number().int(), ...storedTextShape }));

/** Loads the text of the few messages that made the cut (never of all 200 candidates). */
function loadContents(ctx: RetrievalContext, ids: readonly number[]): Map<number, StoredText> {
  if (ids.length === 0) return new Map();
  const rows = contentSchema.parse(
    ctx.store.db
      .prepare(
        `SELECT id, ${STORED_TEXT_COLUMNS} FROM messages
         WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .all(JSON.stringify(ids)),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Other candidates of a title-only chat checked for a body match before falling back to its first
 * substantive message; bounds the extra contents loaded per chat.
 */
const TITLE_ONLY_ALTERNATIVES = 6;
/** Leading messages of a chat scanned for a substantive one (see `isSubstantive`). */
const LEADING_MESSAGES_SCANNED = 8;

/** A candidate's store row with its text: a title-only chat's alternatives and leading messages. */
const storedRowsSchema = z.array(
  z.object({
    id: z.number().int(),
    role: z.enum(["user", "assistant"]),
    ...storedTextShape,
    is_compaction_summary: z.number().int(),
    created_at: z.number(),
  }),
);

/** A chosen match with its projection. */
interface Chosen {
  readonly match: RankedMatch;
  readonly text: string;
  readonly truncated: boolean;
  /**
   * The message is never evidence (`Projection.notEvidence`): never a stand-in nor a hit. Its row
   * holds no terms once indexed by this projection; an index not yet re-projected (or a read-only
   * store's) may still match it, and this keeps it out of the results then too.
   */
  readonly notEvidence: boolean;
}

function project(match: RankedMatch, stored: StoredText): Chosen {
  const projection = projectMessage({
    source: match.chatSource,
    role: match.role,
    content: stored.content,
    answeredByHistoryTool: historyToolReply(stored),
    recollectReply: stored.is_recollect_reply === 1,
  });
  const notEvidence = projection.notEvidence !== null;
  return { match, text: projection.text, truncated: projection.truncated, notEvidence };
}

/**
 * Store rows of a title-only chat's other candidates, in rank order, with their content; only
 * those still in `like`'s (store-confirmed) chat, so a stale index row cannot bring in another.
 */
function loadAlternatives(
  ctx: RetrievalContext,
  like: RankedMatch,
  others: readonly RankedMatch[],
): [RankedMatch, StoredText][] {
  if (others.length === 0) return [];
  const rows = storedRowsSchema.parse(
    ctx.store.db
      .prepare(
        `SELECT id, role, ${STORED_TEXT_COLUMNS}, is_compaction_summary, created_at
         FROM messages WHERE id IN (SELECT value FROM json_each(?)) AND chat_id = ?`,
      )
      .all(JSON.stringify(others.map((match) => match.messageId)), like.chatId),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return others.flatMap((match): [RankedMatch, StoredText][] => {
    const row = byId.get(match.messageId);
    if (row === undefined) return [];
    const stored: RankedMatch = {
      ...like,
      messageId: row.id,
      role: row.role,
      isCompactionSummary: row.is_compaction_summary === 1,
      createdAt: row.created_at,
      score: match.score,
      bodyMatch: match.bodyMatch,
    };
    return [[stored, row]];
  });
}

/** The chat's first substantive message as a stand-in match, or null when it has none. */
function firstSubstantive(ctx: RetrievalContext, like: RankedMatch): Chosen | null {
  const rows = storedRowsSchema.parse(
    ctx.store.db
      .prepare(
        `SELECT id, role, ${STORED_TEXT_COLUMNS}, is_compaction_summary, created_at
         FROM messages WHERE chat_id = ? ORDER BY id LIMIT ${LEADING_MESSAGES_SCANNED}`,
      )
      .all(like.chatId),
  );
  for (const row of rows) {
    const match: RankedMatch = {
      ...like,
      messageId: row.id,
      role: row.role,
      isCompactionSummary: row.is_compaction_summary === 1,
      createdAt: row.created_at,
      bodyMatch: false,
    };
    const chosen = project(match, row);
    if (!chosen.notEvidence && isSubstantive(chosen.text)) return chosen;
  }
  return null;
}

/**
 * Replaces a chat's title-only matches (`isTitleOnlyMatch`) by its best-ranked candidates that
 * match in the body (after its own body matches, in rank order), else by its first substantive
 * message, so the excerpt says what the chat is about; keeps the originals when neither exists.
 * At most {@link MATCHES_PER_CHAT}; `others` never repeats a chosen message; neither `chosen` (see
 * `groupByChat`) nor a replacement is a message that is never evidence. In a chat whose title
 * Recollect made (`indexedTitle`), title-only matches are dropped and nothing stands in.
 */
function refineTitleOnly(
  ctx: RetrievalContext,
  chosen: readonly Chosen[],
  others: readonly RankedMatch[],
  terms: readonly string[],
): Chosen[] {
  const title = cleanTitle(chosen[0]?.match.chatTitle ?? null);
  const titleOnly = chosen.filter((entry) => isTitleOnlyMatch(entry.text, title, terms));
  if (titleOnly.length === 0) return [...chosen];
  const kept = chosen.filter((entry) => !titleOnly.includes(entry));
  const first = (chosen[0] as Chosen).match;
  // A title Recollect made is on no row (`indexedTitle`): a hit on it alone comes from a row
  // indexed before that (a store not re-projected yet, a read-only one's), and is no evidence
  // nor a reason to stand in another message of the chat.
  if (indexedTitle(first.chatTitle, first.chatSource) === null) return kept;
  const bodyMatches = loadAlternatives(ctx, first, others.slice(0, TITLE_ONLY_ALTERNATIVES))
    .map(([match, stored]) => project(match, stored))
    .filter((entry) => !entry.notEvidence && findTermPosition(entry.text, terms) !== -1);
  const replacements = [...kept, ...bodyMatches].slice(0, MATCHES_PER_CHAT);
  if (replacements.length > 0) return replacements;
  const stand = firstSubstantive(ctx, first);
  return stand === null ? [...chosen] : [stand];
}

/** The text of a candidate deleted since it was ranked: projects to nothing. */
const NO_STORED_TEXT: StoredText = { content: "", ...NO_REPLY, is_recollect_reply: 0 };

function groupByChat(
  ctx: RetrievalContext,
  { groups, rest }: Groups,
  excerptTerms: readonly string[],
): SearchChatHit[] {
  const contents = loadContents(
    ctx,
    [...groups.values()].flatMap((group) => group.map((match) => match.messageId)),
  );
  return [...groups.values()].flatMap((group): SearchChatHit[] => {
    const first = group[0] as RankedMatch;
    const chosen = refineTitleOnly(
      ctx,
      group
        .map((match) => project(match, contents.get(match.messageId) ?? NO_STORED_TEXT))
        .filter((entry) => !entry.notEvidence),
      rest.get(first.chatId) ?? [],
      excerptTerms,
    );
    const matches: SearchMatch[] = chosen.map(({ match, text, truncated }) => ({
      message_id: match.messageId,
      role: match.role,
      created_at: isoTimeOrNull(match.createdAt),
      excerpt: makeExcerpt(text, excerptTerms),
      is_compaction_summary: match.isCompactionSummary,
      projection_truncated: truncated,
    }));
    if (matches.length === 0) return [];
    return [
      {
        chat_id: first.chatId,
        chat_title: cleanTitle(first.chatTitle),
        chat_created_at: isoTimeOrNull(first.chatCreatedAt),
        matches,
        ...moreMatchIds(
          rest.get(first.chatId) ?? [],
          new Set(matches.map((match) => match.message_id)),
        ),
      },
    ];
  });
}

/**
 * Searches the app's indexed history (DESIGN.md § Retrieval primitives; issue #2 item 5).
 *
 * Returns ≤ `limit` chats (1–20, default 8), ≤ 2 matches each, best first (bm25 with title over
 * body, phrase bonus, compaction summaries demoted, newest wins ties), excerpts of ≤ 300 chars of
 * projection text, the whole result ≤ 12 KB as JSON (`truncated` says when hits were dropped).
 * Scope: `ctx.appId` only, `ctx.currentChatId` excluded, both enforced in SQL. Query text reaches
 * FTS5 only as quoted terms, so no input causes an SQLite error. Words in more than 5% of indexed
 * messages are dropped from the OR-list when other terms remain (`pruneFrequentTerms` from the
 * snapshot, `selectSearchTerms` from sampled counts on indexes of ≥ 20,000 rows, which also keeps
 * at most 3 words above 1%, rarest first). A chat whose hits match only its title shows its best
 * body match or first substantive message instead (`isTitleOnlyMatch`). A word the app never holds
 * and no dictionary lists is searched as the app's nearest spelling, reported in `corrections`
 * (`correctWords`: checked against the app, never another app's word). A kind of thing the
 * query asks about ("login", "email") is answered in `kinds` with the things of that kind the app
 * names, not searched (`findKindNames`, the same check). `index_status` is
 * `indexing` while the app has queued messages after at most `ctx.indexWaitMs` (≤ 1,000 ms).
 *
 * @throws InvalidInputError for a blank or over-long query or a limit outside 1–20.
 */
export async function searchChats(
  ctx: RetrievalContext,
  input: SearchChatsInput,
): Promise<SearchChatsResult> {
  const { query, limit } = parseSearchInput(input);
  const { pending } = await indexStatus(ctx);
  const asked = extractTerms(query);
  const scope = { appId: ctx.appId, excludeChatId: ctx.currentChatId };
  const source = sqliteCorrectionSource(ctx.store.db, scope);
  const corrected = await correctWords(source, asked.words);
  const terms = applyCorrections(asked, corrected);
  const kinds = await findKindNames(source, terms.words);
  const searched = selectSearchTerms(ctx.store.db, pruneFrequentTerms(ctx.store.db, terms));
  const match = buildFtsMatch({
    terms: searched,
    phraseBonus: searched.phraseBonus,
    phraseWords: searched.phraseWords,
    appId: ctx.appId,
    excludeChatId: ctx.currentChatId,
  });
  const chats =
    match === null ? [] : rankAndGroup(ctx, match, limit, [...terms.words, ...terms.cjkRuns]);
  const corrections = corrected.map(({ from, to }) => ({ from, to }));
  return boundSearchResult({
    query,
    index_status: pending > 0 ? "indexing" : "ready",
    pending_count: pending,
    ...(pending > 0 && !ctx.store.writable ? { pending_reason: "read_only_store" as const } : {}),
    chats,
    ...(corrections.length > 0 ? { corrections } : {}),
    ...(kinds.length > 0 ? { kinds } : {}),
    truncated: false,
  });
}
