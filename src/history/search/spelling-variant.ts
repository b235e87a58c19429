/**
 * British and American spelling variants for `searchChats()`: a query word the app never holds
 * ("colours") is searched as its other national spelling when the app holds that one ("colors").
 * Porter stemming keeps the two apart ("colour" / "color", "behaviour" / "behavior"), so a person
 * who writes British English found nothing in a history written in American English, or the other
 * way round. The pairs are the American–British spelling lists of the
 * `american-british-english-translator` package (MIT; ~1,700 pairs each way, from the VARCON-style
 * lists its README cites): knowledge of the language, checked against the app like a spelling
 * correction, so no other app's word reaches a search.
 */
import { createRequire } from "node:module";
import type { ScopeWords } from "./abbreviation.js";
import type { RankedCorrection } from "./correct-spelling.js";
import { porterStem } from "./porter-stem.js";

const require = createRequire(import.meta.url);

let variants: ReadonlyMap<string, string> | null = null;

/** Both directions of the package's spelling lists, lower-case word → its other spelling (memoized). */
function spellingVariants(): ReadonlyMap<string, string> {
  if (variants) return variants;
  const load = (file: string): Record<string, string> =>
    require(`american-british-english-translator/data/${file}`) as Record<string, string>;
  variants = new Map([
    ...Object.entries(load("british_spellings.json")),
    ...Object.entries(load("american_spellings.json")),
  ]);
  return variants;
}

/**
 * The other national spelling of `plain` (a lower-case, diacritic-folded word) when the scope
 * holds it: a correction of `word` at distance 1 whose `to` is the scope's own spelling of the
 * variant's stem. Null when `plain` has no listed variant or the scope never holds it. One count
 * at most; rejects only when `scope` does.
 */
export async function findSpellingVariant(
  word: string,
  plain: string,
  scope: ScopeWords,
): Promise<RankedCorrection | null> {
  const variant = spellingVariants().get(plain);
  if (variant === undefined) return null;
  const term = porterStem(variant);
  if (term === porterStem(plain)) return null;
  const appDocs = await scope.count(variant);
  if (appDocs === 0) return null;
  const to = (await scope.spelling(term)) ?? variant;
  return { from: word, to, term, distance: 1, appDocs };
}
