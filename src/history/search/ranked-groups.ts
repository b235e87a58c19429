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
 * matches, rank order) that are not `shown`, ≤ {@link MORE_MATCH_IDS}, and how many such there
 * are in all (`more_match_count`, ≥ the ids' length: counted among the search's
 * {@link CANDIDATE_LIMIT} candidates, so a floor when those were capped). Both absent when there
 * are none. Pure.
 */
export function moreMatchIds(
  others: readonly RankedMatch[],
  shown: ReadonlySet<number>,
): { readonly more_match_ids?: readonly number[]; readonly more_match_count?: number } {
  const rest = others.map((match) => match.messageId).filter((id) => !shown.has(id));
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

/** `row` with its raw bm25 `raw`, a compaction summary's demoted. Pure. */
export function toRanked(row: CandidateRow, raw: number): RankedMatch {
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

/** The first `limit` chats of `ranked` (already in rank order), ≤ 2 matches each. Pure. */
export function chooseGroups(ranked: readonly RankedMatch[], limit: number): Groups {
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
  return { groups, rest };
}
