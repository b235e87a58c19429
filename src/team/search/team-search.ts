/**
 * `searchChats()` on a team's PostgreSQL store (issue 32), to the local contract: ≤ `limit` chats
 * (1–20), ≤ 2 matches each, ≤ 12 KB, same app only, the current chat excluded, excerpts of the
 * projection. Candidates come from the GIN index (`messages_terms`, app and terms together, through
 * `matching_messages`, which lets the index serve a member under row level security); each
 * is ranked by FTS5's bm25 over its own positions with the app's statistics (`team-bm25.ts`), the
 * best 200 grouped by chat exactly as locally (`ranked-groups.ts`); a misspelt or abbreviated word
 * is corrected by the local rule over the app's own vocabulary (`team-corrections.ts`). The server indexes a message
 * in the transaction that pushes it, so its index status is always `ready`.
 */
import type pg from "pg";
import { indexedTitle } from "../../history/indexer/build-index-row.js";
import { MIN_ROWS_FOR_TERM_STATS } from "../../history/indexer/term-stats.js";
import type { HistoryScope } from "../../history/port/history-port.js";
import { capTermsByIdf } from "../../history/search/cap-terms-by-idf.js";
import { applyCorrections, correctWords } from "../../history/search/correct-spelling.js";
import { extractTerms } from "../../history/search/extract-terms.js";
import { findKindNames } from "../../history/search/kind-names.js";
import {
  findTermPosition,
  isSubstantive,
  isTitleOnlyMatch,
  makeExcerpt,
} from "../../history/search/make-excerpt.js";
import { porterStem } from "../../history/search/porter-stem.js";
import {
  FREQUENT_TERM_SHARE,
  pruneByFrequency,
} from "../../history/search/prune-frequent-terms.js";
import {
  byRank,
  CANDIDATE_LIMIT,
  chooseGroups,
  MATCHES_PER_CHAT,
  moreMatchIds,
  type RankedMatch,
  toRanked,
} from "../../history/search/ranked-groups.js";
import { parseSearchInput } from "../../history/search/search-input.js";
import { boundSearchResult } from "../../history/serialize/bound-search-result.js";
import type { SearchChatHit, SearchChatsInput, SearchChatsResult } from "../../history/types.js";
import { isoTimeOrNull } from "../../text/iso-time.js";
import { indexTokens } from "../index-terms.js";
import { type AppStatistics, bm25Score, type LexemeHits, matchesBody } from "./team-bm25.js";
import { teamCorrectionSource } from "./team-corrections.js";
import {
  anyPhraseTsquery,
  matchingIdsSql,
  phraseTsquery,
  type QueryPhrase,
  queryPhrases,
} from "./team-query.js";

/**
 * Most matching rows scored per search. bm25 needs every match's positions, as FTS5 walks every
 * doclist; past this many (a query of only very common words on a huge app) the rest are not
 * scored. Frequent words are pruned first, so real queries stay far below it.
 */
export const MAX_SCORED_ROWS = 50_000;
/** Other candidates of a title-only chat checked for a body match (as locally). */
const TITLE_ONLY_ALTERNATIVES = 6;
/** Leading messages of a chat scanned for a substantive stand-in (as locally). */
const LEADING_MESSAGES_SCANNED = 8;

async function appStatistics(pool: pg.Pool, appId: number): Promise<AppStatistics> {
  const row = (
    await pool.query<{ docs: string; total_length: string }>(
      "SELECT docs, total_length FROM recollect.app_stats WHERE app_id = $1",
      [appId],
    )
  ).rows[0];
  return { docs: Number(row?.docs ?? 0), totalLength: Number(row?.total_length ?? 0) };
}

/** Rows of the app holding each word (title or body), by word; 0 for a word it never holds. */
async function wordFrequencies(
  pool: pg.Pool,
  appId: number,
  words: readonly string[],
): Promise<Map<string, number>> {
  const lexemeOf = new Map(words.map((word) => [word, indexTokens(word)[0] ?? porterStem(word)]));
  const rows = await pool.query<{ lexeme: string; in_words: string }>(
    "SELECT lexeme, in_words FROM recollect.term_stats WHERE app_id = $1 AND lexeme = ANY ($2::text[])",
    [appId, [...lexemeOf.values()]],
  );
  const byLexeme = new Map(rows.rows.map((row) => [row.lexeme, Number(row.in_words)]));
  return new Map(words.map((word) => [word, byLexeme.get(lexemeOf.get(word) ?? "") ?? 0]));
}

/** n of each phrase: term statistics for one word or bigram, a count for a phrase or prefix. */
async function phraseFrequencies(
  pool: pg.Pool,
  appId: number,
  phrases: readonly QueryPhrase[],
): Promise<number[]> {
  const singles = phrases
    .filter((p) => p.lexemes.length === 1 && !p.prefix)
    .map((p) => p.lexemes[0]);
  const stats = await pool.query<{ lexeme: string; in_words: string; in_cjk: string }>(
    "SELECT lexeme, in_words, in_cjk FROM recollect.term_stats WHERE app_id = $1 AND lexeme = ANY ($2::text[])",
    [appId, singles],
  );
  const byLexeme = new Map(stats.rows.map((row) => [row.lexeme, row]));
  return Promise.all(
    phrases.map(async (phrase) => {
      if (phrase.lexemes.length === 1 && !phrase.prefix) {
        const row = byLexeme.get(phrase.lexemes[0] ?? "");
        return Number((phrase.weights === "C" ? row?.in_cjk : row?.in_words) ?? 0);
      }
      const counted = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${matchingIdsSql("$1", "$2", "NULL", null)}`,
        [appId, phraseTsquery(phrase)],
      );
      return Number(counted.rows[0]?.n ?? 0);
    }),
  );
}

interface CandidateRecord {
  readonly id: string;
  readonly chat_id: string;
  readonly role: "user" | "assistant";
  readonly created_at: string;
  readonly is_compaction_summary: boolean;
  readonly doc_length: number;
  readonly hits: [string, number[], string[]][];
}

interface ChatHeader {
  readonly title: string | null;
  readonly source: string;
  readonly createdAt: number;
}

async function chatHeaders(
  pool: pg.Pool,
  appId: number,
  chatIds: readonly number[],
): Promise<Map<number, ChatHeader>> {
  if (chatIds.length === 0) return new Map();
  const rows = await pool.query<{
    id: string;
    title: string | null;
    source: string;
    created_at: string;
  }>(
    `SELECT id, title, source, created_at FROM recollect.chats
      WHERE app_id = $1 AND id = ANY ($2::bigint[]) AND deleted_at IS NULL`,
    [appId, chatIds],
  );
  return new Map(
    rows.rows.map((row) => [
      Number(row.id),
      { title: row.title, source: row.source, createdAt: Number(row.created_at) },
    ]),
  );
}

/** Every match of the query in the app (outside the current chat), ranked; ≤ CANDIDATE_LIMIT. */
async function rankedCandidates(
  pool: pg.Pool,
  scope: HistoryScope,
  phrases: readonly QueryPhrase[],
): Promise<RankedMatch[]> {
  const tsquery = anyPhraseTsquery(phrases);
  if (tsquery === null) return [];
  const stats = await appStatistics(pool, scope.appId);
  if (stats.docs === 0) return [];
  const df = await phraseFrequencies(pool, scope.appId, phrases);
  const exact = [...new Set(phrases.filter((p) => !p.prefix).flatMap((p) => p.lexemes))];
  const prefixes = [...new Set(phrases.filter((p) => p.prefix).flatMap((p) => p.lexemes))];
  // The prefix test runs for each of a candidate's lexemes: left out when no phrase is a prefix.
  const prefixTest =
    prefixes.length === 0
      ? ""
      : "OR EXISTS (SELECT 1 FROM unnest($5::text[]) p WHERE starts_with(u.lexeme, p))";
  const rows = await pool.query<CandidateRecord>(
    `SELECT m.id, m.chat_id, m.role, m.created_at, m.is_compaction_summary, m.doc_length,
            (SELECT coalesce(json_agg(json_build_array(u.lexeme, u.positions, u.weights)), '[]'::json)
               FROM unnest(m.terms) u
              WHERE u.lexeme = ANY ($4::text[]) ${prefixTest}) AS hits
       FROM recollect.messages m
      WHERE m.app_id = $1 AND m.id IN (SELECT ${matchingIdsSql("$1", "$3", "$2", MAX_SCORED_ROWS)})`,
    prefixes.length === 0
      ? [scope.appId, scope.currentChatId, tsquery, exact]
      : [scope.appId, scope.currentChatId, tsquery, exact, prefixes],
  );
  const scored = rows.rows.map((row) => {
    const hits: LexemeHits[] = row.hits.map(([lexeme, positions, weights]) => ({
      lexeme,
      positions,
      weights,
    }));
    const score = bm25Score(phrases, df, hits, row.doc_length, stats);
    return { row, score, bodyMatch: matchesBody(phrases, hits) };
  });
  const ranked = scored
    .map(({ row, score, bodyMatch }) =>
      toRanked(
        {
          message_id: Number(row.id),
          chat_id: Number(row.chat_id),
          role: row.role,
          is_compaction_summary: row.is_compaction_summary ? 1 : 0,
          created_at: Number(row.created_at),
          chat_title: null,
          chat_source: "",
          chat_created_at: 0,
        },
        score,
        bodyMatch,
      ),
    )
    .sort(byRank)
    .slice(0, CANDIDATE_LIMIT);
  const headers = await chatHeaders(pool, scope.appId, [...new Set(ranked.map((m) => m.chatId))]);
  return ranked.flatMap((match) => {
    const header = headers.get(match.chatId);
    if (header === undefined) return [];
    return [
      {
        ...match,
        chatTitle: header.title,
        chatSource: header.source,
        chatCreatedAt: header.createdAt,
      },
    ];
  });
}

interface StoredText {
  readonly id: number;
  readonly role: "user" | "assistant";
  readonly createdAt: number;
  readonly isCompactionSummary: boolean;
  readonly text: string;
  readonly truncated: boolean;
  readonly notEvidence: boolean;
}

interface TextRecord {
  readonly id: string;
  readonly role: "user" | "assistant";
  readonly created_at: string;
  readonly is_compaction_summary: boolean;
  readonly search_text: string;
  readonly search_truncated: boolean;
  readonly not_evidence: string | null;
}

const TEXT_COLUMNS =
  "id, role, created_at, is_compaction_summary, search_text, search_truncated, not_evidence";

function toStored(row: TextRecord): StoredText {
  return {
    id: Number(row.id),
    role: row.role,
    createdAt: Number(row.created_at),
    isCompactionSummary: row.is_compaction_summary,
    text: row.search_text,
    truncated: row.search_truncated,
    notEvidence: row.not_evidence !== null,
  };
}

async function loadTexts(
  pool: pg.Pool,
  appId: number,
  ids: readonly number[],
): Promise<Map<number, StoredText>> {
  if (ids.length === 0) return new Map();
  const rows = await pool.query<TextRecord>(
    `SELECT ${TEXT_COLUMNS} FROM recollect.messages WHERE app_id = $1 AND id = ANY ($2::bigint[])`,
    [appId, ids],
  );
  return new Map(rows.rows.map((row) => [Number(row.id), toStored(row)]));
}

/** The chat's first substantive message that may be evidence, or null. */
async function firstSubstantive(
  pool: pg.Pool,
  appId: number,
  chatId: number,
): Promise<StoredText | null> {
  const rows = await pool.query<TextRecord>(
    `SELECT ${TEXT_COLUMNS} FROM recollect.messages WHERE app_id = $1 AND chat_id = $2
      ORDER BY origin_message_id LIMIT ${LEADING_MESSAGES_SCANNED}`,
    [appId, chatId],
  );
  return rows.rows.map(toStored).find((row) => !row.notEvidence && isSubstantive(row.text)) ?? null;
}

/**
 * One chat's hit: its matches that may be evidence; a title-only match replaced, as locally, by
 * the chat's best body matches, else its first substantive message (nothing stands in for a title
 * Recollect made). Empty when nothing is left.
 */
async function chatHit(
  pool: pg.Pool,
  appId: number,
  group: readonly RankedMatch[],
  others: readonly RankedMatch[],
  texts: Map<number, StoredText>,
  terms: readonly string[],
): Promise<SearchChatHit[]> {
  const first = group[0] as RankedMatch;
  const title = indexedTitle(first.chatTitle, first.chatSource);
  let chosen = group.flatMap((match) => {
    const text = texts.get(match.messageId);
    return text === undefined || text.notEvidence ? [] : [text];
  });
  const titleOnly = chosen.filter((entry) => isTitleOnlyMatch(entry.text, first.chatTitle, terms));
  if (titleOnly.length > 0) {
    const kept = chosen.filter((entry) => !titleOnly.includes(entry));
    if (title === null) {
      chosen = kept;
    } else {
      const body = others.slice(0, TITLE_ONLY_ALTERNATIVES).flatMap((match) => {
        const text = texts.get(match.messageId);
        return text === undefined || text.notEvidence || findTermPosition(text.text, terms) === -1
          ? []
          : [text];
      });
      const replacements = [...kept, ...body].slice(0, MATCHES_PER_CHAT);
      if (replacements.length > 0) chosen = replacements;
      else {
        const stand = await firstSubstantive(pool, appId, first.chatId);
        if (stand !== null) chosen = [stand];
      }
    }
  }
  if (chosen.length === 0) return [];
  return [
    {
      chat_id: first.chatId,
      chat_title: first.chatTitle,
      chat_created_at: isoTimeOrNull(first.chatCreatedAt),
      matches: chosen.map((entry) => ({
        message_id: entry.id,
        role: entry.role,
        created_at: isoTimeOrNull(entry.createdAt),
        excerpt: makeExcerpt(entry.text, terms),
        is_compaction_summary: entry.isCompactionSummary,
        projection_truncated: entry.truncated,
      })),
      ...moreMatchIds(others, new Set(chosen.map((entry) => entry.id))),
    },
  ];
}

/**
 * Searches app `scope.appId` of the team store through `pool` (the member's connection: row level
 * security hides every app not granted, so an app not granted searches as empty).
 * @throws InvalidInputError for a blank or over-long query or a limit outside 1–20.
 */
export async function teamSearchChats(
  pool: pg.Pool,
  scope: HistoryScope,
  input: SearchChatsInput,
): Promise<SearchChatsResult> {
  const { query, limit } = parseSearchInput(input);
  // A word the app never holds is searched as the app's nearest spelling or abbreviation, as locally.
  const source = teamCorrectionSource(pool, scope);
  const corrected = await correctWords(source, extractTerms(query).words);
  const kinds = await findKindNames(source, applyCorrections(extractTerms(query), corrected).words);
  const asked = applyCorrections(extractTerms(query), corrected);
  const stats = await appStatistics(pool, scope.appId);
  const frequencies = await wordFrequencies(pool, scope.appId, asked.words);
  const listed = asked.words.map((word) => ({ word, doc: frequencies.get(word) ?? 0 }));
  // As locally: small indexes keep every word (the term snapshot starts at 20,000 rows).
  const large = stats.docs >= MIN_ROWS_FOR_TERM_STATS;
  const pruned = large
    ? pruneByFrequency(asked, listed, FREQUENT_TERM_SHARE * stats.docs)
    : { ...asked, phraseWords: asked.words, dropped: [] };
  const capped =
    !large || pruned.words.length <= 1
      ? pruned.words
      : capTermsByIdf(
          pruned.words.map((word) => ({ word, doc: frequencies.get(word) ?? 0 })),
          stats.docs,
        );
  const words = pruned.words.filter((word) => capped.includes(word));
  const phraseBonus = words.every((word) => (frequencies.get(word) ?? 0) > 0);
  const phrases = queryPhrases({ words, cjkRuns: asked.cjkRuns }, phraseBonus, pruned.phraseWords);
  const ranked = await rankedCandidates(pool, scope, phrases);
  const { groups, rest } = chooseGroups(ranked, limit);
  const wanted = [
    ...groups.values(),
    ...[...rest.values()].map((r) => r.slice(0, TITLE_ONLY_ALTERNATIVES)),
  ]
    .flat()
    .map((match) => match.messageId);
  const texts = await loadTexts(pool, scope.appId, wanted);
  const terms = [...asked.words, ...asked.cjkRuns];
  const chats: SearchChatHit[] = [];
  for (const [chatId, group] of groups) {
    chats.push(...(await chatHit(pool, scope.appId, group, rest.get(chatId) ?? [], texts, terms)));
  }
  const corrections = corrected.map(({ from, to }) => ({ from, to }));
  return boundSearchResult({
    query,
    index_status: "ready",
    pending_count: 0,
    chats,
    ...(corrections.length > 0 ? { corrections } : {}),
    ...(kinds.length > 0 ? { kinds } : {}),
    truncated: false,
  });
}
