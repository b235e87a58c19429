/**
 * Abbreviations for `searchChats()`: a query word the app never holds ("authentication") is
 * searched as a truncation of it that the app does hold ("auth"). Developers write long technical
 * words short (auth, config, perf, notif), and Porter stemming keeps the two apart ("authent" /
 * "auth"), so without this a question about authentication finds nothing in a history that only
 * ever says auth. Only truncations that are no dictionary word are tried (`isDictionaryWord`):
 * "database" → "data", "password" → "pass" or "background" → "back" would be another word, and a
 * wrong match turns an honest no-match into a false answer. Checked against the app like a
 * spelling correction, so no other app's word reaches a search.
 */
import { STOPWORDS } from "../text/stopwords.js";
import type { RankedCorrection } from "./correct-spelling.js";
import { isDictionaryWord } from "./dictionary-word.js";
import { nameOnWord } from "./name-on-word.js";
import { porterStem } from "./porter-stem.js";

/** Shortest truncation tried, letters: "auth", "perf"; three letters ("con", "pro") are too many words. */
export const MIN_ABBREVIATION_LETTERS = 4;

/** Letters a truncation drops at least: a stem one letter short is a spelling, not an abbreviation. */
const MIN_DROPPED_LETTERS = 2;

/** How the caller's scope holds a word: the app's messages outside the current chat. */
export interface ScopeWords {
  /** Messages of the scope holding `word` (any count cap the caller keeps). */
  readonly count: (word: string) => number | Promise<number>;
  /** How the scope's messages spell a word whose stem is `stem`; null when unseen. */
  readonly spelling: (stem: string) => string | null | Promise<string | null>;
}

/**
 * Letters of the longest word that `plain` is built on as a name (`nameOnWord`: "graphql" is
 * "graph" + "ql"), ≥ {@link MIN_ABBREVIATION_LETTERS}. A truncation shorter than that word cuts
 * into it ("grap"), and the app's word with that stem is another one: the person's typo "graps"
 * for "graphs" answered "which GraphQL schema did we expose?" in a history that never says
 * GraphQL (a grown coding set). 0 when there is none.
 */
function nameHead(plain: string): number {
  for (let length = plain.length - 2; length >= MIN_ABBREVIATION_LETTERS; length--) {
    if (nameOnWord(plain.slice(0, length), plain)) return length;
  }
  return 0;
}

/**
 * The longest truncation of the stem of `plain` (a lower-case, diacritic-folded word) that the
 * scope holds: ≥ {@link MIN_ABBREVIATION_LETTERS} letters, ≥ {@link MIN_DROPPED_LETTERS} shorter,
 * its own stem, no stopword, no dictionary word, nor spelled in the scope as one, and no shorter
 * than a dictionary word `plain` is built on ({@link nameHead}). Returned as a
 * correction of `word` whose `distance` is the letters dropped and `to` the scope's spelling; null
 * when none is held. One count per truncation tried; rejects only when `scope` does.
 */
export async function findAbbreviation(
  word: string,
  plain: string,
  scope: ScopeWords,
): Promise<RankedCorrection | null> {
  if (!/^[a-z]+$/.test(plain)) return null;
  const stem = porterStem(plain);
  const head = nameHead(plain);
  for (
    let length = stem.length - MIN_DROPPED_LETTERS;
    length >= Math.max(MIN_ABBREVIATION_LETTERS, head);
    length--
  ) {
    const cut = stem.slice(0, length);
    if (porterStem(cut) !== cut || STOPWORDS.has(cut) || isDictionaryWord(cut)) continue;
    const appDocs = await scope.count(cut);
    if (appDocs === 0) continue;
    // A stem that is no word can still be the stem of one: "pretti" is how the app says "pretty",
    // which is another word, not "prettier" written short.
    const to = (await scope.spelling(cut)) ?? cut;
    if (isDictionaryWord(to)) continue;
    return { from: word, to, term: cut, distance: stem.length - length, appDocs };
  }
  return null;
}
