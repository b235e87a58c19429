/**
 * Spelling correction and abbreviations on a team's store (issue 32): the local rule
 * (`correctWords`, `history/search/correct-spelling.ts`) over this store's own reads. Candidates
 * come from the app's term statistics (`recollect.term_stats`, one row per stem the app's titles
 * and bodies hold), so unlike the local index's global vocabulary they are the app's alone; every
 * read goes through the member's connection, so row level security leaves an app not granted
 * with no vocabulary and no messages. Counts and spellings read the app's messages outside the
 * current chat through the GIN index (`matching_messages`), as the search does.
 */
import type pg from "pg";
import type { HistoryScope } from "../../history/port/history-port.js";
import {
  APP_DOCS_COUNTED,
  type CorrectionSource,
  candidateRanges,
  rangeOf,
} from "../../history/search/correct-spelling.js";
import { indexTokens, TEAM_COLUMNS } from "../index-terms.js";
import { matchingIdsSql, phraseTsquery } from "./team-query.js";

/** Messages read per candidate to see how the app spells it (as locally). */
const TEXTS_READ = 3;

/** The title-or-body tsquery of one query word (its index tokens as a phrase). */
function wordTsquery(word: string): string | null {
  const lexemes = indexTokens(word);
  if (lexemes.length === 0) return null;
  const weights = `${TEAM_COLUMNS.title.weight}${TEAM_COLUMNS.body.weight}`;
  return phraseTsquery({ lexemes, weights, prefix: false });
}

/** The {@link CorrectionSource} of app `scope.appId` through `pool` (the member's connection). */
export function teamCorrectionSource(pool: pg.Pool, scope: HistoryScope): CorrectionSource {
  const scoped = async (word: string, limit: number, column: "1" | "read_text") => {
    const tsquery = wordTsquery(word);
    if (tsquery === null) return [];
    const rows = await pool.query<{ value: string }>(
      `SELECT ${column}::text AS value FROM recollect.messages
        WHERE app_id = $1 AND id IN (SELECT ${matchingIdsSql("$1", "$3", "$2", limit)})`,
      [scope.appId, scope.currentChatId, tsquery],
    );
    return rows.rows.map((row) => row.value);
  };
  return {
    held: async (word) => (await scoped(word, 1, "1")).length > 0,
    count: async (word) => (await scoped(word, APP_DOCS_COUNTED, "1")).length,
    vocabulary: async (stem, maxEdits) => {
      const ranges = candidateRanges(stem, false).map(({ prefix }) => rangeOf(prefix));
      const rows = await pool.query<{ lexeme: string }>(
        `SELECT t.lexeme FROM recollect.term_stats t
           JOIN unnest($2::text[], $3::text[]) AS r (low, high)
             ON t.lexeme >= r.low AND t.lexeme < r.high
          WHERE t.app_id = $1 AND t.in_words > 0 AND length(t.lexeme) BETWEEN $4 AND $5`,
        [
          scope.appId,
          ranges.map(([low]) => low),
          ranges.map(([, high]) => high),
          stem.length - maxEdits,
          stem.length + maxEdits,
        ],
      );
      return rows.rows.map((row) => row.lexeme);
    },
    texts: (word) => scoped(word, TEXTS_READ, "read_text"),
  };
}
