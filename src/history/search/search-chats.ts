import { z } from "zod";
import { cleanTitle } from "../indexer/build-index-row.js";
import { countPending } from "../indexer/pending-count.js";
import { projectMessage } from "../projection/project-message.js";
import { boundSearchResult } from "../serialize/bound-search-result.js";
import type {
  MessageRole,
  RetrievalContext,
  SearchChatHit,
  SearchChatsInput,
  SearchChatsResult,
  SearchMatch,
} from "../types.js";
import { buildFtsMatch } from "./build-fts-query.js";
import { extractTerms } from "./extract-terms.js";
import { findTermPosition, isSubstantive, isTitleOnlyMatch, makeExcerpt } from "./make-excerpt.js";
import { pruneFrequentTerms } from "./prune-frequent-terms.js";
import { parseSearchInput } from "./search-input.js";
import { selectSearchTerms } from "./select-search-terms.js";

/**
 * Ranking constants (DESIGN.md § Index, "Queries").
 * - bm25 column weights: title 4 (a chat's title names its topic), body 1, cjk 1.5 (bigrams of
 *   title and body together), scope 0 (a filter, never a signal).
 * - Candidates: the best 200 rows by bm25; DESIGN.md measured LIMIT 200 as the baseline shape, and
 *   20 chats × 2 matches need at most 40 of them.
 * - Compaction summaries repeat their originals (DESIGN.md § Lessons): their score is halved
 *   (bm25 is negative, lower is better, so × 0.5 demotes).
 * - At most 2 matches per chat.
 */
const BM25_WEIGHTS = "4.0, 1.0, 1.5, 0.0";
const CANDIDATE_LIMIT = 200;
const COMPACTION_SCORE_FACTOR = 0.5;
const MATCHES_PER_CHAT = 2;
/** Upper bound of the index wait per search, ms (DESIGN.md budgets: "index wait at most 1 s"). */
export const MAX_INDEX_WAIT_MS = 1_000;

const candidateSchema = z.object({ message_id: z.number().int(), score: z.number() });
const detailSchema = z.object({
  message_id: z.number().int(),
  chat_id: z.number().int(),
  role: z.enum(["user", "assistant"]),
  is_compaction_summary: z.number().int(),
  created_at: z.number(),
  chat_title: z.string().nullable(),
  chat_created_at: z.number(),
});

interface RankedMatch {
  readonly messageId: number;
  readonly chatId: number;
  readonly role: MessageRole;
  readonly isCompactionSummary: boolean;
  readonly createdAt: number;
  readonly chatTitle: string | null;
  readonly chatCreatedAt: number;
  readonly score: number;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

async function indexStatus(ctx: RetrievalContext): Promise<{ pending: number }> {
  let pending = countPending(ctx.store.db, ctx.appId, ctx.currentChatId);
  if (pending > 0 && ctx.indexer !== undefined) {
    const waitMs = Math.min(Math.max(ctx.indexWaitMs ?? MAX_INDEX_WAIT_MS, 0), MAX_INDEX_WAIT_MS);
    await ctx.indexer.waitForIdle({ deadlineMs: waitMs });
    pending = countPending(ctx.store.db, ctx.appId, ctx.currentChatId);
  }
  return { pending };
}

function rankMatches(ctx: RetrievalContext, match: string): RankedMatch[] {
  const { db } = ctx.store;
  const candidates = z.array(candidateSchema).parse(
    db
      .prepare(
        `SELECT rowid AS message_id, bm25(history_fts, ${BM25_WEIGHTS}) AS score
           FROM history_fts WHERE history_fts MATCH ? ORDER BY score LIMIT ${CANDIDATE_LIMIT}`,
      )
      .all(match),
  );
  if (candidates.length === 0) return [];
  const scores = new Map(candidates.map((row) => [row.message_id, row.score]));
  // Re-check scope against the store itself: an index row may be stale (e.g. a chat moved apps
  // and is still queued), and nothing outside ctx.appId may ever leave this function.
  const details = z.array(detailSchema).parse(
    db
      .prepare(
        `SELECT m.id AS message_id, m.chat_id, m.role, m.is_compaction_summary,
                m.created_at, c.title AS chat_title, c.created_at AS chat_created_at
         FROM messages m JOIN chats c ON c.id = m.chat_id
         WHERE m.id IN (SELECT value FROM json_each(?))
           AND c.app_id = ? AND m.chat_id IS NOT ?`,
      )
      .all(JSON.stringify([...scores.keys()]), ctx.appId, ctx.currentChatId),
  );
  return details
    .map((row) => {
      const isCompactionSummary = row.is_compaction_summary === 1;
      const raw = scores.get(row.message_id) ?? 0;
      return {
        messageId: row.message_id,
        chatId: row.chat_id,
        role: row.role,
        isCompactionSummary,
        createdAt: row.created_at,
        chatTitle: row.chat_title,
        chatCreatedAt: row.chat_created_at,
        score: isCompactionSummary ? raw * COMPACTION_SCORE_FACTOR : raw,
      };
    })
    .sort((a, b) => a.score - b.score || b.createdAt - a.createdAt || b.messageId - a.messageId);
}

const contentSchema = z.array(z.object({ id: z.number().int(), content: z.string() }));

/** Loads `content` of the few messages that made the cut (never of all 200 candidates). */
function loadContents(ctx: RetrievalContext, ids: readonly number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  const rows = contentSchema.parse(
    ctx.store.db
      .prepare("SELECT id, content FROM messages WHERE id IN (SELECT value FROM json_each(?))")
      .all(JSON.stringify(ids)),
  );
  return new Map(rows.map((row) => [row.id, row.content]));
}

/**
 * Other candidates of a title-only chat checked for a body match before falling back to its first
 * substantive message; bounds the extra contents loaded per chat.
 */
const TITLE_ONLY_ALTERNATIVES = 6;
/** Leading messages of a chat scanned for a substantive one (see `isSubstantive`). */
const LEADING_MESSAGES_SCANNED = 8;

const leadingSchema = z.array(
  z.object({
    id: z.number().int(),
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    is_compaction_summary: z.number().int(),
    created_at: z.number(),
  }),
);

/** A chosen match with its projection. */
interface Chosen {
  readonly match: RankedMatch;
  readonly text: string;
  readonly truncated: boolean;
}

function project(match: RankedMatch, content: string): Chosen {
  const projection = projectMessage({ role: match.role, content });
  return { match, text: projection.text, truncated: projection.truncated };
}

/** The chat's first substantive message as a stand-in match, or null when it has none. */
function firstSubstantive(ctx: RetrievalContext, like: RankedMatch): Chosen | null {
  const rows = leadingSchema.parse(
    ctx.store.db
      .prepare(
        `SELECT id, role, content, is_compaction_summary, created_at FROM messages
         WHERE chat_id = ? ORDER BY id LIMIT ${LEADING_MESSAGES_SCANNED}`,
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
    };
    const chosen = project(match, row.content);
    if (isSubstantive(chosen.text)) return chosen;
  }
  return null;
}

/**
 * Replaces a chat's title-only matches (`isTitleOnlyMatch`) by its best-ranked candidates that
 * match in the body (after its own body matches, in rank order), else by its first substantive
 * message, so the excerpt says what the chat is about; keeps the originals when neither exists.
 * At most {@link MATCHES_PER_CHAT}; `others` never repeats a chosen message.
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
  const alternatives = others.slice(0, TITLE_ONLY_ALTERNATIVES);
  const contents = loadContents(
    ctx,
    alternatives.map((match) => match.messageId),
  );
  const bodyMatches = alternatives
    .map((match) => project(match, contents.get(match.messageId) ?? ""))
    .filter((entry) => findTermPosition(entry.text, terms) !== -1);
  const replacements = [...kept, ...bodyMatches].slice(0, MATCHES_PER_CHAT);
  if (replacements.length > 0) return replacements;
  const stand = firstSubstantive(ctx, (chosen[0] as Chosen).match);
  return stand === null ? [...chosen] : [stand];
}

function groupByChat(
  ctx: RetrievalContext,
  ranked: readonly RankedMatch[],
  limit: number,
  excerptTerms: readonly string[],
): SearchChatHit[] {
  const groups = new Map<number, RankedMatch[]>();
  const rest = new Map<number, RankedMatch[]>();
  for (const match of ranked) {
    const group = groups.get(match.chatId);
    if (group === undefined) {
      if (groups.size >= limit) continue;
      groups.set(match.chatId, [match]);
      rest.set(match.chatId, []);
    } else if (group.length < MATCHES_PER_CHAT) {
      group.push(match);
    } else {
      rest.get(match.chatId)?.push(match);
    }
  }
  const contents = loadContents(
    ctx,
    [...groups.values()].flatMap((group) => group.map((match) => match.messageId)),
  );
  return [...groups.values()].map((group) => {
    const first = group[0] as RankedMatch;
    const chosen = refineTitleOnly(
      ctx,
      group.map((match) => project(match, contents.get(match.messageId) ?? "")),
      rest.get(first.chatId) ?? [],
      excerptTerms,
    );
    const matches: SearchMatch[] = chosen.map(({ match, text, truncated }) => ({
      message_id: match.messageId,
      role: match.role,
      created_at: iso(match.createdAt),
      excerpt: makeExcerpt(text, excerptTerms),
      is_compaction_summary: match.isCompactionSummary,
      projection_truncated: truncated,
    }));
    return {
      chat_id: first.chatId,
      chat_title: cleanTitle(first.chatTitle),
      chat_created_at: iso(first.chatCreatedAt),
      matches,
    };
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
 * body match or first substantive message instead (`isTitleOnlyMatch`). `index_status` is
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
  const terms = extractTerms(query);
  const searched = selectSearchTerms(ctx.store.db, pruneFrequentTerms(ctx.store.db, terms));
  const match = buildFtsMatch({
    terms: searched,
    phraseBonus: searched.phraseBonus,
    phraseWords: searched.phraseWords,
    appId: ctx.appId,
    excludeChatId: ctx.currentChatId,
  });
  const ranked = match === null ? [] : rankMatches(ctx, match);
  const chats = groupByChat(ctx, ranked, limit, [...terms.words, ...terms.cjkRuns]);
  return boundSearchResult({
    query,
    index_status: pending > 0 ? "indexing" : "ready",
    pending_count: pending,
    chats,
    truncated: false,
  });
}
