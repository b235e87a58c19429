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
  current still right approach app apps application project happen happens happened work
  works handle handled deal whole system setup solution stop come comes came someone everyone
  everyone's anyone somebody during keep kept
  `
    .trim()
    .split(/\s+/),
);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const SCRIPT_RUNS =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|\p{Script=Hangul}+)/gu;

/**
 * Lower-case letter/number runs (Unicode-aware), apostrophes kept inside words ("let's"). Runs
 * of Chinese/Japanese and of Korean script are split from adjacent Latin ("UIフォント" → "ui",
 * "フォント").
 */
export function tokenize(text: string): string[] {
  return (
    text
      .replace(SCRIPT_RUNS, " $1 ")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []
  );
}

/**
 * Characters that end a Chinese/Japanese segment: particles, copulas and question words that
 * carry no topic (の, は, に, 的, 了, 吗, 什么 …). CJK has no spaces, so topic units are the runs
 * between these.
 */
const CJK_BREAKS =
  /(?:什么时候|什么|怎么|如何|哪个|哪些|为什么|是否|多少|时候|决定|使用|の|は|に|を|が|で|と|た|か|も|へ|や|ね|的|了|吗|呢|是|在|和|与|及|或|把|被|就|都|也|还|用|何|吧)+/u;

/** Whole CJK segments that are question scaffolding, not topic. */
const CJK_STOP_SEGMENTS: ReadonlySet<string> = new Set([
  "決め",
  "決定",
  "使う",
  "する",
  "ください",
]);

/** Korean words (and two-syllable prefixes) that are question scaffolding, not topic. */
const HANGUL_STOP_PREFIXES: ReadonlySet<string> = new Set([
  "어떻",
  "하기",
  "했나",
  "무엇",
  "뭐",
  "언제",
  "어디",
  "누가",
  "왜",
  "했어",
  "하나",
  "결정",
  "정했",
]);

/** The topic segments of one CJK token: runs between {@link CJK_BREAKS}, ≥ 2 chars, not stop. */
function cjkSegments(token: string): string[] {
  return token
    .split(CJK_BREAKS)
    .filter((segment) => segment.length >= 2 && !CJK_STOP_SEGMENTS.has(segment));
}

/** Overlapping character bigrams of a CJK segment ("对账任务" → 对账, 账任, 任务). */
function bigrams(segment: string): string[] {
  const chars = [...segment];
  if (chars.length < 2) return [];
  return chars.slice(0, -1).map((char, index) => `${char}${chars[index + 1]}`);
}

/** A Korean word's key: its first two syllables (particles attach at the end: 번역은 → 번역). */
function hangulKey(token: string): string {
  return [...token].slice(0, 2).join("");
}

/**
 * The comparison keys of one topic word: its stem for Latin words, the bigrams of a CJK segment,
 * the two-syllable prefix of a Korean word.
 */
export function wordKeys(word: string): string[] {
  if (CJK.test(word)) return bigrams(word);
  if (HANGUL.test(word)) return [hangulKey(word)];
  return [stem(word)];
}

/** Every comparison key present in `text` (see {@link wordKeys}); used to test topic overlap. */
export function textKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const token of tokenize(text)) {
    if (CJK.test(token)) {
      for (const segment of token.split(CJK_BREAKS))
        for (const pair of bigrams(segment)) keys.add(pair);
    } else if (HANGUL.test(token)) {
      keys.add(hangulKey(token));
    } else {
      keys.add(stem(token));
    }
  }
  return keys;
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

/**
 * Distinct topic words of `text` as written (lower-case), stopwords removed, in order. Chinese and
 * Japanese runs yield their topic segments; Korean words whose prefix is question scaffolding
 * are dropped.
 */
export function topicWords(text: string): string[] {
  const seenKeys = new Set<string>();
  const out: string[] = [];
  for (const token of tokenize(text)) {
    const candidates = CJK.test(token) ? cjkSegments(token) : [token];
    for (const word of candidates) {
      if (word.length < 2 || STOPWORDS.has(word)) continue;
      if (HANGUL.test(word) && HANGUL_STOP_PREFIXES.has(hangulKey(word))) continue;
      const key = wordKeys(word).join(" ");
      if (!key || seenKeys.has(key)) continue;
      seenKeys.add(key);
      out.push(word);
    }
  }
  return out;
}
