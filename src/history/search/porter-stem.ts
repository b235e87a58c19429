/**
 * The Porter stemmer as FTS5's `porter` tokenizer applies it (M. F. Porter, 1980, with the
 * reference implementation's `bli`/`logi` rules). Used only to look query words up in the FTS5
 * vocabulary (`history_fts_vocab` holds stems), so a rare mismatch costs nothing but a missed
 * frequency estimate. Words shorter than 3 or longer than 64 chars, or not plain ASCII lowercase,
 * pass through unchanged, as in FTS5.
 */

const VOWELS = new Set(["a", "e", "i", "o", "u"]);

function isConsonant(word: string, index: number): boolean {
  const char = word[index] ?? "";
  if (VOWELS.has(char)) return false;
  if (char === "y") return index === 0 ? true : !isConsonant(word, index - 1);
  return true;
}

/** m in [C](VC)^m[V] of `stem`. */
function measure(stem: string): number {
  let count = 0;
  let index = 0;
  const length = stem.length;
  while (index < length && isConsonant(stem, index)) index += 1;
  while (index < length) {
    while (index < length && !isConsonant(stem, index)) index += 1;
    if (index >= length) break;
    while (index < length && isConsonant(stem, index)) index += 1;
    count += 1;
  }
  return count;
}

function hasVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index += 1) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsDoubleConsonant(stem: string): boolean {
  const length = stem.length;
  return length >= 2 && stem[length - 1] === stem[length - 2] && isConsonant(stem, length - 1);
}

/** *o: ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(stem: string): boolean {
  const length = stem.length;
  if (length < 3) return false;
  const last = stem[length - 1] ?? "";
  return (
    isConsonant(stem, length - 3) &&
    !isConsonant(stem, length - 2) &&
    isConsonant(stem, length - 1) &&
    last !== "w" &&
    last !== "x" &&
    last !== "y"
  );
}

/** Replaces the first matching suffix whose stem satisfies `condition`; stops at the first suffix match. */
function replaceSuffix(
  word: string,
  rules: readonly (readonly [string, string])[],
  condition: (stem: string) => boolean,
): string {
  for (const [suffix, replacement] of rules) {
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

const STEP2: readonly (readonly [string, string])[] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
];

const STEP3: readonly (readonly [string, string])[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];

const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
] as const;

/** Longest-first order for suffix lists, so e.g. `ational` wins over `tional`. */
function longestFirst<T extends readonly [string, string]>(rules: readonly T[]): T[] {
  return [...rules].sort((a, b) => b[0].length - a[0].length);
}
const STEP2_SORTED = longestFirst(STEP2);
const STEP3_SORTED = longestFirst(STEP3);
const STEP4_SORTED = [...STEP4].sort((a, b) => b.length - a.length);

function step1(word: string): string {
  let out = word;
  if (out.endsWith("sses")) out = out.slice(0, -2);
  else if (out.endsWith("ies")) out = out.slice(0, -2);
  else if (!out.endsWith("ss") && out.endsWith("s")) out = out.slice(0, -1);

  let stripped = false;
  if (out.endsWith("eed")) {
    if (measure(out.slice(0, -3)) > 0) out = out.slice(0, -1);
  } else if (out.endsWith("ed") && hasVowel(out.slice(0, -2))) {
    out = out.slice(0, -2);
    stripped = true;
  } else if (out.endsWith("ing") && hasVowel(out.slice(0, -3))) {
    out = out.slice(0, -3);
    stripped = true;
  }
  if (stripped) {
    if (out.endsWith("at") || out.endsWith("bl") || out.endsWith("iz")) out += "e";
    else if (endsDoubleConsonant(out) && !/[lsz]$/.test(out)) out = out.slice(0, -1);
    else if (measure(out) === 1 && endsCvc(out)) out += "e";
  }
  if (out.endsWith("y") && hasVowel(out.slice(0, -1))) out = `${out.slice(0, -1)}i`;
  return out;
}

function step4(word: string): string {
  for (const suffix of STEP4_SORTED) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (measure(stem) <= 1) return word;
    if (suffix === "ion" && !/[st]$/.test(stem)) return word;
    return stem;
  }
  return word;
}

function step5(word: string): string {
  let out = word;
  if (out.endsWith("e")) {
    const stem = out.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) out = stem;
  }
  if (measure(out) > 1 && endsDoubleConsonant(out) && out.endsWith("l")) out = out.slice(0, -1);
  return out;
}

/**
 * Stems already computed, word → stem. Stemming is pure and a history's vocabulary repeats (the
 * offline explorer stems every message it scores, at each of its steps): profiled on BEAM-100K,
 * uncached stemming was ~8% of a question's CPU time. Cleared when it reaches
 * {@link STEM_CACHE_LIMIT} entries, so memory stays bounded (~50k short strings, a few MB).
 */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 50_000;

/** The Porter stem of a lowercase ASCII word; anything else is returned unchanged. */
export function porterStem(word: string): string {
  if (word.length < 3 || word.length > 64) return word;
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const stem = /^[a-z]+$/.test(word) ? computeStem(word) : word;
  if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
  stemCache.set(word, stem);
  return stem;
}

function computeStem(word: string): string {
  let out = step1(word);
  out = replaceSuffix(out, STEP2_SORTED, (stem) => measure(stem) > 0);
  out = replaceSuffix(out, STEP3_SORTED, (stem) => measure(stem) > 0);
  out = step4(out);
  return step5(out);
}
