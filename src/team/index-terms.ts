/**
 * The team store's index terms (issue 32), made in Node so they are exactly the local index's:
 * FTS5's `unicode61 remove_diacritics 2` tokens (letter/number runs, lower-cased, diacritics
 * folded) through its `porter` stemmer (`porterStem`), over the same columns `buildIndexRow`
 * fills — the title, the body (the projection) and the CJK bigrams. PostgreSQL only stores and
 * matches them: a `tsvector` whose weight says the column (title A, cjk C, body D) and whose
 * positions keep each column's token order, so phrases match as FTS5's do.
 */
import { porterStem } from "../history/search/porter-stem.js";

/** A `tsvector` position PostgreSQL keeps (larger ones are stored as this). */
const MAX_POSITION = 16_383;

/** The index columns, their tsvector weight letter and their bm25 weight (`BM25_WEIGHTS`). */
export const TEAM_COLUMNS = {
  title: { weight: "A", bm25: 4.0 },
  body: { weight: "D", bm25: 1.0 },
  cjk: { weight: "C", bm25: 1.5 },
} as const;

/** One index column's name. */
export type TeamColumn = keyof typeof TEAM_COLUMNS;

/** The bm25 column weight of a tsvector weight letter (0 for one no column uses). */
export function bm25WeightOf(letter: string): number {
  for (const column of Object.values(TEAM_COLUMNS))
    if (column.weight === letter) return column.bm25;
  return 0;
}

const TOKEN = /[\p{L}\p{N}\p{Co}]+/gu;

/**
 * The tokens of `text` as the local index makes them: NFD with combining marks removed, then
 * letter/number runs, lower-cased, each Porter-stemmed (which leaves non-ASCII words unchanged).
 * Pure.
 */
export function indexTokens(text: string): string[] {
  const folded = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFC")
    .toLowerCase();
  return Array.from(folded.matchAll(TOKEN), ([token]) => porterStem(token));
}

/** The text of each index column of one message (what `buildIndexRow` returns). */
export interface ColumnTexts {
  readonly title: string;
  readonly body: string;
  readonly cjk: string;
}

/** A message's index terms: the `tsvector` literal and FTS5's document length. */
export interface IndexedTerms {
  /** `'lexeme':1A,7A 'other':3` — parse with `::tsvector`; "" for a message with no terms. */
  readonly tsvector: string;
  /**
   * Tokens over every column plus the 2 scope tokens FTS5 also counts (`app<id> chat<id>`), so
   * bm25's length normalisation sees the same |D| as locally.
   */
  readonly docLength: number;
}

/** Quotes a lexeme for a tsvector or tsquery literal. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/**
 * The {@link IndexedTerms} of one message. Columns follow one another with a gap of one position,
 * so no phrase runs from one column into the next. Pure.
 */
export function indexedTerms(columns: ColumnTexts): IndexedTerms {
  const positions = new Map<string, string[]>();
  let next = 1;
  let tokens = 0;
  for (const name of ["title", "body", "cjk"] as const) {
    const weight = TEAM_COLUMNS[name].weight;
    for (const token of indexTokens(columns[name])) {
      const at = Math.min(next, MAX_POSITION);
      next += 1;
      tokens += 1;
      const list = positions.get(token) ?? [];
      if (list.length < 256) list.push(`${at}${weight === "D" ? "" : weight}`);
      positions.set(token, list);
    }
    next += 1;
  }
  const tsvector = [...positions]
    .map(([lexeme, at]) => `${quoteLexeme(lexeme)}:${at.join(",")}`)
    .join(" ");
  return { tsvector, docLength: tokens + 2 };
}
