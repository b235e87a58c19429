/**
 * Content words, for the curated suite's mechanical check that a vague question shares at most one
 * content word with its gold message (issue 6 § Build 2). Deliberately generous about what counts
 * as "the same word" (a crude suffix stemmer), so a passing check is a strict one.
 */

/** Function words and filler that carry no topic. Lower-case. */
const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being " +
    "below between both but by can could did do does doing done down during each earlier either else " +
    "ever few for from further get got had has have having he her here hers him his how i if in into is " +
    "it its itself just let lets like made make me more most much must my no nor not now of off on once " +
    "one only or other our ours out over own really same say said settle settled she should so some " +
    "still such than that the their them then there these they thing things this those through to too " +
    "under until up us use used using very was way we we'll we're were what when where which while who " +
    "whom why will with would yes yet you your ok okay decide decided decision did plan go going " +
    "agree agreed chat conversation pick picked choose chose chosen end ended"
  ).split(" "),
);

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
 * words), lower-cased, stopwords and 1-char tokens dropped, then {@link crudeStem}med.
 */
export function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
  const result = new Set<string>();
  for (const word of words) {
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    result.add(crudeStem(word.replace(/'.*$/, "")));
  }
  return result;
}

/** Content-word stems that `a` and `b` share, sorted. */
export function sharedContentWords(a: string, b: string): string[] {
  const right = contentWords(b);
  return [...contentWords(a)].filter((word) => right.has(word)).sort();
}
