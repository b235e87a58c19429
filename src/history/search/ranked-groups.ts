/**
 * Ranking shared by every search backend (the local FTS5 index and a team's PostgreSQL store,
 * issue 32): a candidate's rank, and how ranked candidates become at most `limit` chats of at most
 * two matches (DESIGN.md § Index, "Queries").
 * - Candidates: the best 200 rows by bm25; DESIGN.md measured LIMIT 200 as the baseline shape, and
 *   20 chats × 2 matches need at most 40 of them.
 * - Compaction summaries repeat their originals (DESIGN.md § Lessons): their score is halved
 *   (bm25 is negative, lower is better, so × 0.5 demotes).
 * - At most 2 matches per chat.
 */
import type { MessageRole } from "../types.js";

/** Candidate rows ranked per search. */
export const CANDIDATE_LIMIT = 200;
/** Factor on a compaction summary's (negative) bm25 score. */
export const COMPACTION_SCORE_FACTOR = 0.5;
/** Matches shown per chat. */
export const MATCHES_PER_CHAT = 2;

/**
 * Other matching messages named per chat, by id only: a long coding session holds a subject in
 * turns far apart, and the two matches shown may both lie in one of them (issue 28: "every
 * matching turn of a chat can be a candidate"). Six ids cost ~50 bytes a chat.
 */
export const MORE_MATCH_IDS = 6;

/**
 * The chat's other matches as result fields: the ids of `others` (its candidates past its chosen
 * matches, rank order) that match in their own text (`bodyMatch`) and are not `shown`,
 * ≤ {@link MORE_MATCH_IDS}, and how many such there are in all (`more_match_count`, ≥ the ids'
 * length: counted among the search's {@link CANDIDATE_LIMIT} candidates, so a floor when those were
 * capped). A match on the chat's title alone says nothing of the message: a coding agent titles a
 * chat with its first prompt, so every turn of a long session matched it, and "undo the last
 * change" outranked the turns on the subject. Both absent when there are none. Pure.
 */
export function moreMatchIds(
  others: readonly RankedMatch[],
  shown: ReadonlySet<number>,
): { readonly more_match_ids?: readonly number[]; readonly more_match_count?: number } {
  const rest = others
    .filter((match) => match.bodyMatch && !shown.has(match.messageId))
    .map((match) => match.messageId);
  if (rest.length === 0) return {};
  return { more_match_ids: rest.slice(0, MORE_MATCH_IDS), more_match_count: rest.length };
}

/** A scored candidate message with what grouping and the result need of it. */
export interface RankedMatch {
  readonly messageId: number;
  readonly chatId: number;
  readonly role: MessageRole;
  readonly isCompactionSummary: boolean;
  /** ms since the epoch. */
  readonly createdAt: number;
  readonly chatTitle: string | null;
  /** `chats.source`: whether the title is indexed (`indexedTitle`). */
  readonly chatSource: string;
  readonly chatCreatedAt: number;
  /** bm25 as FTS5 gives it: negative, lower is better; compaction summaries already demoted. */
  readonly score: number;
  /**
   * A query term matches the message's own text (body or CJK column), not only its chat's title,
   * which every row of the chat carries. The CJK column holds the title's bigrams too, so a CJK
   * term on the title alone counts as a body match (on both backends alike).
   */
  readonly bodyMatch: boolean;
}

/** A candidate's row as a backend reads it (flags as 0/1). */
export interface CandidateRow {
  readonly message_id: number;
  readonly chat_id: number;
  readonly role: MessageRole;
  readonly is_compaction_summary: number;
  readonly created_at: number;
  readonly chat_title: string | null;
  readonly chat_source: string;
  readonly chat_created_at: number;
}

/**
 * `row` with its raw bm25 `raw` (a compaction summary's demoted) and whether it matches in its own
 * text (`bodyMatch`, see {@link RankedMatch}). Pure.
 */
export function toRanked(row: CandidateRow, raw: number, bodyMatch: boolean): RankedMatch {
  const isCompactionSummary = row.is_compaction_summary === 1;
  return {
    messageId: row.message_id,
    chatId: row.chat_id,
    role: row.role,
    isCompactionSummary,
    createdAt: row.created_at,
    chatTitle: row.chat_title,
    chatSource: row.chat_source,
    chatCreatedAt: row.chat_created_at,
    score: isCompactionSummary ? raw * COMPACTION_SCORE_FACTOR : raw,
    bodyMatch,
  };
}

/** Best first: lower score, then newer, then the higher id. */
export function byRank(a: RankedMatch, b: RankedMatch): number {
  return a.score - b.score || b.createdAt - a.createdAt || b.messageId - a.messageId;
}

/** Ranked candidates grouped by chat. */
export interface Groups {
  /** Chosen hits per chat, best chat first, ≤ {@link MATCHES_PER_CHAT} each. */
  readonly groups: Map<number, RankedMatch[]>;
  /** The chats' other candidates, in rank order (title-only alternatives). */
  readonly rest: Map<number, RankedMatch[]>;
}

/**
 * The first `limit` chats of `ranked` (already in rank order; a chat ranks by its best row, its
 * title included), ≤ 2 matches each. Within a chat, the rows that match in their own text come
 * first, in rank order, then its title-only rows: those match every turn of the chat alike, and
 * bm25's length normalisation put its shortest turns on top. Pure.
 */
export function chooseGroups(ranked: readonly RankedMatch[], limit: number): Groups {
  const byChat = new Map<number, RankedMatch[]>();
  for (const match of ranked) {
    const chat = byChat.get(match.chatId);
    if (chat !== undefined) chat.push(match);
    else if (byChat.size < limit) byChat.set(match.chatId, [match]);
  }
  const groups = new Map<number, RankedMatch[]>();
  const rest = new Map<number, RankedMatch[]>();
  for (const [chatId, matches] of byChat) {
    const ordered = [
      ...matches.filter((match) => match.bodyMatch),
      ...matches.filter((match) => !match.bodyMatch),
    ];
    groups.set(chatId, ordered.slice(0, MATCHES_PER_CHAT));
    rest.set(chatId, ordered.slice(MATCHES_PER_CHAT));
  }
  return { groups, rest };
}
