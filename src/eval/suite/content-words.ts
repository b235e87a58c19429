/**
 * Content words, for the curated suite's mechanical check that a vague question shares at most one
 * content word with its gold message (issue 6 § Build 2). Deliberately generous about what counts
 * as "the same word" (a crude suffix stemmer), so a passing check is a strict one. Function words
 * are the project's one list (`history/text/stopwords.ts`, which the floor and the explorer drop).
 */
import { STOPWORDS } from "../../history/text/stopwords.js";

/**
 * Words the check ignores besides the project's {@link STOPWORDS}: the vocabulary of deciding and
 * of talking about a chat ("we decided to go with…", "the chat where we picked…") and generic
 * fillers. A vague question may use them freely; they say nothing about which decision it means.
 */
const DECISION_FRAMING: ReadonlySet<string> = new Set(
  (
    "like made make one really settle settled still thing things use used using way we'll we're " +
    "ok okay decide decided decision plan go going agree agreed chat conversation pick picked " +
    "choose chose chosen end ended"
  ).split(" "),
);

const ignored = (word: string): boolean => STOPWORDS.has(word) || DECISION_FRAMING.has(word);

/** Reduces a lower-case word to a crude stem (`logging` → `logg`, `links` → `link`). */
export function crudeStem(word: string): string {
  for (const suffix of [
    "ations",
    "ation",
    "ings",
    "ing",
    "ies",
    "ied",
    "ers",
    "er",
    "ed",
    "es",
    "s",
    "ly",
  ]) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix))
      return word.slice(0, -suffix.length);
  }
  return word;
}

/**
 * The set of content-word stems in `text`: Unicode letter/number runs (apostrophes kept inside
 * words), lower-cased, stopwords, decision framing and 1-char tokens dropped, then {@link crudeStem}med.
 */
export function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
  const result = new Set<string>();
  for (const word of words) {
    if (word.length < 2 || ignored(word)) continue;
    result.add(crudeStem(word.replace(/'.*$/, "")));
  }
  return result;
}

/** Content-word stems that `a` and `b` share, sorted. */
export function sharedContentWords(a: string, b: string): string[] {
  const right = contentWords(b);
  return [...contentWords(a)].filter((word) => right.has(word)).sort();
}
