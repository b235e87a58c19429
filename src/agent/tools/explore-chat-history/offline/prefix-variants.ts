/**
 * prefix: abbreviations and truncations of the question's terms. Porter stemming keeps "auth" and
 * "authentication" apart ("auth" / "authent"), and people write both; a pool term that is a prefix
 * of a question term, or extends one, is conflated into it (counted as that term), the way a
 * truncation stemmer would, but only for the question's own terms and only for prefixes of at
 * least `minLength` characters so short stems ("us", "app") never merge. Local scoring only:
 * sending the variants to the index as search words crowded RM3's terms out of the 12-word
 * query and cost recall on BEAM-100K. Pure.
 */
import { isDictionaryWord } from "../../../../history/search/dictionary-word.js";
import { nameOnWord } from "../../../../history/search/name-on-word.js";
import type { TermVector } from "./score-messages.js";

/** Pool term → the question term it abbreviates or extends. */
export type Conflation = ReadonlyMap<string, string>;

const DIGITS = /^\d+$/;

/** One of `a`, `b` is a prefix of the other, the shorter is ≥ `minLength` chars, neither digits. */
function prefixRelated(a: string, b: string, minLength: number): boolean {
  if (a === b || DIGITS.test(a) || DIGITS.test(b)) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= minLength && long.startsWith(short);
}

/**
 * The pool terms of `vocabulary` to count as one of `questionTerms` (a question term itself is
 * never remapped; a pool term related to several question terms joins the first).
 */
export function prefixConflation(
  questionTerms: readonly string[],
  vocabulary: Iterable<string>,
  minLength: number,
): Conflation {
  const own = new Set(questionTerms);
  const map = new Map<string, string>();
  for (const term of vocabulary) {
    if (own.has(term)) continue;
    const target = questionTerms.find((question) => prefixRelated(question, term, minLength));
    if (target !== undefined) map.set(term, target);
  }
  return map;
}

/**
 * English endings that are also dictionary words ("less", "able", "ness"): a term that ends in one
 * after a shorter term derives from it rather than compounding it.
 */
const SUFFIX_WORDS = new Set([
  "able",
  "ible",
  "less",
  "ness",
  "ment",
  "ing",
  "est",
  "ion",
  "ally",
  "ful",
  "ure",
  "ism",
  "ist",
  "ive",
  "ize",
  "ise",
]);

/**
 * `long` is `short` and another word of ≥ 3 letters: a compound ("databas" is "data" + "bas",
 * "typescript" is "type" + "script"), not a truncation ("auth" of "authent") nor a derivation;
 * or a name built on the word `short` (`nameOnWord`: "graphql" is "graph" + "ql"). A message that
 * says "data" holds no "database", and one that says "graph" no "GraphQL": conflated for scoring,
 * yet not a mention.
 */
export function compoundOf(short: string, long: string): boolean {
  const rest = long.slice(short.length);
  return (
    (long.startsWith(short) &&
      rest.length >= 3 &&
      !SUFFIX_WORDS.has(rest) &&
      isDictionaryWord(rest)) ||
    nameOnWord(short, long)
  );
}

/**
 * The question terms of `conflation` that no pool term in `vocabulary` states: not held as
 * themselves, and every pool term conflated into them is the first part of a compound
 * ({@link compoundOf}: "data" for "database"). Absence probes still test them.
 */
export function compoundOnlyTerms(
  conflation: Conflation,
  vocabulary: ReadonlySet<string>,
): Set<string> {
  const held = new Set<string>();
  const compoundOnly = new Set<string>();
  for (const [pool, question] of conflation) {
    if (compoundOf(pool, question)) compoundOnly.add(question);
    else held.add(question);
  }
  return new Set([...compoundOnly].filter((term) => !held.has(term) && !vocabulary.has(term)));
}

/** `vector` with every conflated term's count added to its question term. */
export function conflate(vector: TermVector, conflation: Conflation): TermVector {
  if (conflation.size === 0) return vector;
  let changed = false;
  const tf = new Map<string, number>();
  for (const [term, count] of vector.tf) {
    const target = conflation.get(term);
    if (target !== undefined) changed = true;
    const key = target ?? term;
    tf.set(key, (tf.get(key) ?? 0) + count);
  }
  return changed ? { tf, length: vector.length } : vector;
}
