/**
 * irregular: a verb's irregular forms. Porter stemming joins "decided" to "decide" but keeps
 * "rebuilt" apart from "rebuild", "chose" from "choose", "ran" from "run", so a question in one
 * form missed a message in the other and a probe then called the word absent. WordNet's verb
 * exception list (through `wink-lemmatizer`, shipped inside the npm package) gives each irregular
 * form its base; a pool term and a question term with the same base count as the question's term,
 * as prefix variants do (`prefix-variants.ts`). Regular forms are left to the stemmer: a form
 * counts as irregular only when its base stems differently, and only when it is spelled like its
 * base (a shared prefix), since "left" or "found" in a chat is more often another word. Pure.
 */
import lemmatizer from "wink-lemmatizer";
import { porterStem } from "../../../../history/search/porter-stem.js";
import type { Conflation } from "./prefix-variants.js";

/**
 * The stem of `term`'s verb base when `term` is an irregular form that starts with at least
 * `minShared` letters of its base ("rebuilt" → "rebuild", "chosen" → "choos"), else `term`
 * ("left", "found", "ran" stay: see `irregularSharedPrefix` in `policy-parameters.ts`).
 */
export function irregularBase(term: string, minShared: number): string {
  const base = lemmatizer.verb(term);
  if (base === term) return term;
  // "left" is seldom "leave" in a chat ("anything left?"), "found" seldom "find": a form that
  // shares little of its base's spelling is more often another word.
  if (sharedPrefix(base, term) < minShared) return term;
  const stem = porterStem(base);
  return stem === porterStem(term) ? term : stem;
}

/**
 * The pool terms of `vocabulary` to count as one of `questionTerms` that the pool lacks in its own
 * form, because one is an irregular form of the other's verb or both are forms of one verb
 * ("rebuilt" → "rebuild" asked; "choos" → "chosen" asked). A question term itself is never
 * remapped; `taken` (another stage's map) wins for a term it already maps.
 */
export function irregularConflation(
  questionTerms: readonly string[],
  vocabulary: Iterable<string>,
  minShared: number,
  taken: Conflation = new Map(),
): Conflation {
  const baseOf = (term: string) => irregularBase(term, minShared);
  const own = new Set(questionTerms);
  const pool = new Set(vocabulary);
  const byBase = new Map<string, string>();
  // Only a question term the pool lacks in its own form: morphology rescues a word that would
  // otherwise count as absent, and re-weighting one the pool holds moved older statements first.
  for (const term of questionTerms.filter((question) => !pool.has(question))) {
    const base = baseOf(term);
    if (!byBase.has(base)) byBase.set(base, term);
  }
  const map = new Map(taken);
  // The usual case: the pool holds every question term, and no pool term needs a lemma lookup.
  if (byBase.size === 0) return map;
  for (const term of pool) {
    if (own.has(term) || map.has(term)) continue;
    const target = byBase.get(baseOf(term));
    if (target !== undefined && target !== term) map.set(term, target);
  }
  return map;
}

/** How many leading letters `a` and `b` share. */
function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
