/**
 * Generated search queries for the query check, as fast-check arbitraries in named families:
 * FTS5 operator soup, Unicode edge cases, lone surrogates, long (≈500-char) strings and arbitrary
 * code points. Model and user text must never reach FTS5 as syntax (DESIGN.md § Index), so every
 * one of these must end in a result or a classified `invalid_input`, never a SQLite error.
 */
import fc from "fast-check";
import { CJK_WORDS, SHARED_WORDS } from "./canary-store.js";

/** The families, in the order the check cycles through them. */
export const QUERY_FAMILIES = [
  "fts_operator_soup",
  "unicode_edge_cases",
  "lone_surrogates",
  "long_strings",
  "arbitrary_code_points",
] as const;
export type QueryFamily = (typeof QUERY_FAMILIES)[number];

/** FTS5 query syntax and SQL-ish fragments a hostile or confused writer might send. */
const OPERATORS = [
  "AND",
  "OR",
  "NOT",
  "NEAR",
  "NEAR(",
  "NEAR/3",
  "(",
  ")",
  '"',
  '""',
  "*",
  "^",
  ":",
  "-",
  "+",
  "{",
  "}",
  "title:",
  "body:",
  "scope:",
  "cjk:",
  "{title body}:",
  "app9100011",
  "chat10001000",
  "'",
  "\\",
  "%",
  "_",
  ";",
  "--",
  "/*",
  "*/",
  "DROP TABLE messages;",
  "') OR 1=1 --",
  "rank",
  "bm25(",
  "MATCH",
  "\0",
] as const;

/** Code points and sequences known to trip text handling. */
const UNICODE_EDGES = [
  "\u0301", // combining acute, alone
  "e\u0301", // decomposed é
  "é",
  "\u200b", // zero-width space
  "\u200d", // zero-width joiner
  "👩‍👩‍👧‍👦", // ZWJ family
  "🇺🇳", // regional indicators
  "\ufeff", // BOM
  "\u202e", // right-to-left override
  "עברית",
  "العربية",
  "ﬁ", // ligature
  "Ⅻ",
  "ǅ", // titlecase digraph
  "İ",
  "ı",
  "ß",
  "ẞ",
  "\uffff",
  "\ufffd",
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\r\n",
  "\t",
  "ａｂｃ", // fullwidth
  "각", // Hangul jamo
  "𠜎", // astral CJK
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "０１２",
  "٣٤٥",
  ...CJK_WORDS,
] as const;

const word = fc.constantFrom(...SHARED_WORDS);
const separator = fc.constantFrom(" ", "", "  ", "\t", "\n", "　");
const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code));

function joined(parts: fc.Arbitrary<string>, maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(parts, separator), { minLength: 1, maxLength })
    .map((pairs) => pairs.map(([part, gap]) => part + gap).join(""));
}

/** The arbitrary of each family. */
export const QUERY_ARBITRARIES: Readonly<Record<QueryFamily, fc.Arbitrary<string>>> = {
  fts_operator_soup: joined(fc.oneof(fc.constantFrom(...OPERATORS), word), 12),
  unicode_edge_cases: joined(
    fc.oneof(
      fc.constantFrom(...UNICODE_EDGES),
      word,
      fc.string({ unit: "grapheme", maxLength: 4 }),
    ),
    10,
  ),
  lone_surrogates: joined(fc.oneof(loneSurrogate, word, fc.constantFrom("\ud83d", "\ude00x")), 10),
  long_strings: fc.oneof(
    fc
      .constantFrom(499, 500, 501)
      .chain((length) =>
        fc.string({ unit: "grapheme-ascii", minLength: length, maxLength: length }),
      ),
    fc
      .constantFrom("a", "é", "部", "🙂", " OR ", '"')
      .map((unit) => unit.repeat(Math.ceil(500 / unit.length)).slice(0, 500)),
    joined(word, 120).map((text) => text.slice(0, 500)),
  ),
  arbitrary_code_points: fc.string({ unit: "binary", maxLength: 60 }),
};

/** `count` queries of `family`, reproducible from `seed`. */
export function sampleQueries(family: QueryFamily, count: number, seed: number): string[] {
  return fc.sample(QUERY_ARBITRARIES[family], { seed, numRuns: count });
}
