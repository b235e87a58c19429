/**
 * A search's query on the team store (issue 32), the same phrases the local MATCH expression
 * (`buildFtsMatch`) asks for: each word in the title or body, the whole word sequence once more
 * (the phrase bonus), each CJK run as a phrase of its bigrams in the cjk column (a one-character
 * run as a bigram prefix). Each phrase is both a `tsquery` (the GIN index finds candidates) and a
 * list of lexemes bm25 counts in a candidate's positions. Lexemes are made by `indexTokens`, so
 * they are the stored ones.
 */
import type { QueryTerms } from "../../history/search/extract-terms.js";
import { runBigrams } from "../../history/text/cjk.js";
import { indexTokens, quoteLexeme, TEAM_COLUMNS } from "../index-terms.js";

/** One phrase of the query. */
export interface QueryPhrase {
  /** Consecutive lexemes; one for a single word. */
  readonly lexemes: readonly string[];
  /** The tsvector weights (columns) it may match in: `AD` (title, body) or `C` (cjk). */
  readonly weights: string;
  /** True for a one-character CJK run: its lexeme is a prefix (FTS5's `"x"*`). */
  readonly prefix: boolean;
}

const WORD_WEIGHTS = `${TEAM_COLUMNS.title.weight}${TEAM_COLUMNS.body.weight}`;
const CJK_WEIGHTS = TEAM_COLUMNS.cjk.weight;

/**
 * The phrases of `terms`; `phraseBonus` adds the whole word sequence (more than one word) as one
 * more phrase, of `phraseWords` when given (frequent words pruned). Pure.
 */
export function queryPhrases(
  terms: QueryTerms,
  phraseBonus: boolean,
  phraseWords?: readonly string[],
): QueryPhrase[] {
  const phrases: QueryPhrase[] = [];
  const seen = new Set<string>();
  const push = (phrase: QueryPhrase) => {
    const key = `${phrase.weights}|${phrase.prefix}|${phrase.lexemes.join(" ")}`;
    if (phrase.lexemes.length === 0 || seen.has(key)) return;
    seen.add(key);
    phrases.push(phrase);
  };
  for (const word of terms.words) {
    push({ lexemes: indexTokens(word), weights: WORD_WEIGHTS, prefix: false });
  }
  const bonusWords = phraseWords ?? terms.words;
  if (phraseBonus && bonusWords.length > 1) {
    push({ lexemes: bonusWords.flatMap(indexTokens), weights: WORD_WEIGHTS, prefix: false });
  }
  for (const run of terms.cjkRuns) {
    const grams = runBigrams(run);
    const single = grams.length === 1 && Array.from(run).length === 1;
    push({ lexemes: grams.flatMap(indexTokens), weights: CJK_WEIGHTS, prefix: single });
  }
  return phrases;
}

/** The `tsquery` text of one phrase: `'a':AD <-> 'b':AD`, or `'认':*C` for a prefix. Pure. */
export function phraseTsquery(phrase: QueryPhrase): string {
  return phrase.lexemes
    .map((lexeme) => `${quoteLexeme(lexeme)}:${phrase.prefix ? "*" : ""}${phrase.weights}`)
    .join(" <-> ");
}

/** The `tsquery` text matching any of `phrases` (OR), or null when there are none. Pure. */
export function anyPhraseTsquery(phrases: readonly QueryPhrase[]): string | null {
  if (phrases.length === 0) return null;
  return phrases.map((phrase) => `(${phraseTsquery(phrase)})`).join(" | ");
}

/**
 * SQL naming the ids of the app's messages that match a tsquery (`matching_messages`, migration
 * 3, which lets the GIN index on (app, terms) serve a member under row level security): `app`,
 * `query` and `exceptChat` are the statement's placeholders (`$1`…) of the app id, the tsquery
 * text and the chat to leave out (null for none); `maxRows` bounds it (null: every match). Pure.
 */
export function matchingIdsSql(
  app: string,
  query: string,
  exceptChat: string,
  maxRows: number | null,
): string {
  return `recollect.matching_messages(${app}::bigint, ${query}::tsquery, ${exceptChat}::bigint, ${maxRows === null ? "NULL" : String(maxRows)})`;
}
