/**
 * Word-level text helpers shared by the offline engine's policy: tokenizing, a light English
 * stemmer and the stopword list. Pure and deterministic; no locale-dependent APIs.
 */

/**
 * Words that carry no topic: question scaffolding ("what did we decide about"), pronouns,
 * auxiliaries and filler. Kept lower-case. Decision verbs are here too because in a question they
 * describe the ask, not the topic ("what did we *decide* about auth" → `auth`). "app" and
 * "project" are here because in an app builder's history every chat is about the app: no ranking
 * signal, and frequent FTS terms are costly (DESIGN.md § Lessons).
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `
  a about above after again all also am an and any are as at be been before being both but by
  can could did do does doing done for from had has have having he her here him his how i if
  in into is it its just me my no nor not now of off on once only or other our ours out over
  own same she should so some such than that the their them then there these they this those
  through to too under until up us very was we were what when where which while who whom why
  will with would you your yours ever earlier previously prior last remind recall remember
  tell told know say said talk talked discuss discussed discussion conversation conversations
  chat chats decide decided decision decisions agree agreed choose chose chosen pick picked
  settle settled plan planned go going went use used using way ways thing things stuff let
  lets let's get got want wanted need needed think thought regarding re anything something
  everything whether please ok okay yes hi hey like really actually basically currently
  current still right approach app apps application project
  `
    .trim()
    .split(/\s+/),
);

/** Lower-case letter/number runs (Unicode-aware), apostrophes kept inside words ("let's"). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

const SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ["ications", "ic"],
  ["ication", "ic"],
  ["ational", "ate"],
  ["ations", "ate"],
  ["ation", "ate"],
  ["ating", ""],
  ["ated", ""],
  ["ates", ""],
  ["ate", ""],
  ["ments", ""],
  ["ment", ""],
  ["ness", ""],
  ["ities", ""],
  ["ity", ""],
  ["ings", ""],
  ["ing", ""],
  ["ies", "y"],
  ["ied", "y"],
  ["ers", ""],
  ["er", ""],
  ["ed", ""],
  ["es", ""],
  ["s", ""],
];

/**
 * A light suffix-stripping stemmer: maps inflections to one key so `deployed`, `deploying` and
 * `deploys` meet, and `authentication`/`authenticate`/`authenticated` meet (`authentic`). Words of 4 chars or
 * fewer are kept whole (stripping "es" from "yes" helps nobody). Not Porter; only used to compare
 * words inside the offline engine, never sent to the index (which stems on its own).
 */
export function stem(word: string): string {
  const lower = word.toLowerCase().replace(/['’]s$/, "");
  if (lower.length <= 4) return lower;
  for (const [suffix, replacement] of SUFFIXES) {
    if (lower.endsWith(suffix) && lower.length - suffix.length >= 3) {
      const base = lower.slice(0, lower.length - suffix.length) + replacement;
      // "ate"/"e" endings collapse so authentic-ate and authentic-ation share a key; a doubled
      // final consonant is undone so running and run meet.
      return base.replace(/(ate|e)$/, "").replace(/([b-df-hj-kmnp-rtv-z])\1$/, "$1");
    }
  }
  return lower.replace(/e$/, "");
}

/** Distinct stems of the topic words of `text` (stopwords and 1-char tokens dropped), in order. */
export function topicStems(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const token of tokenize(text)) {
    if (token.length < 2 || STOPWORDS.has(token)) continue;
    const key = stem(token);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(key);
  }
  return out;
}

/** Distinct topic words of `text` as written (lower-case), stopwords removed, in order. */
export function topicWords(text: string): string[] {
  const seenStems = new Set<string>();
  const out: string[] = [];
  for (const token of tokenize(text)) {
    if (token.length < 2 || STOPWORDS.has(token)) continue;
    const key = stem(token);
    if (seenStems.has(key)) continue;
    seenStems.add(key);
    out.push(token);
  }
  return out;
}
