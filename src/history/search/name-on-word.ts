/**
 * A name built on an everyday word: "graphql" is "graph" + "ql", "nextjs" is "next" + "js". The
 * word's truncations are not the name's abbreviations ("grap" of "graphql" is a cut into "graph"),
 * and a message that says the word does not mention the name ("the graph shows wins" says nothing
 * of GraphQL). Used by the search's abbreviations and the offline explorer's prefix variants.
 * English. Pure but for the word lists' one-time load.
 */
import { familyZipf } from "../text/word-frequency.js";
import { isDictionaryWord } from "./dictionary-word.js";

/**
 * Endings that make one word of another: a plural ("parameter" + "s") or a derivative
 * ("authentic" + "ation", "perform" + "ance"). A word and one of these is that word's form, not a
 * name built on it.
 */
const DERIVING_ENDING =
  /^(?:e?s|ies|ations?|ions?|ives?|ity|ities|ments?|ness|ances?|ences?|encies|i[sz](?:e|es|ed|ing|ation)|ings?|ed|ers?|ly|al|ally|ic|ical|ics|ous|able|ible|ated?|ates)$/;

/**
 * Least everyday-English frequency (family Zipf, SUBTLEX-US) of the word a name is built on:
 * "graph" (2.9) is one; the dictionary's rare entries ("compone", "javas") are not.
 */
const WORD_MIN_ZIPF = 2.5;

/**
 * `long` (lower case) is `short` followed by at least two letters that are no ending
 * ({@link DERIVING_ENDING}) and no dictionary word, and `short` is a dictionary word of everyday
 * English ({@link WORD_MIN_ZIPF}): a name built on that word. False for a truncation ("auth" of
 * "authentication", no word), a form ("parameter" of "parameters") or a compound of two words
 * ("data" + "base").
 */
export function nameOnWord(short: string, long: string): boolean {
  const rest = long.slice(short.length);
  return (
    long.startsWith(short) &&
    rest.length >= 2 &&
    !DERIVING_ENDING.test(rest) &&
    !isDictionaryWord(rest) &&
    isDictionaryWord(short) &&
    familyZipf(short) >= WORD_MIN_ZIPF
  );
}
