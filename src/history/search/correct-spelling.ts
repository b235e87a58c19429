/**
 * App-scoped spelling correction for `searchChats()`: a query word the app's messages never hold
 * ("authentcation") is searched as the nearest spelling they do hold ("authentication"). Compared
 * where the index matches: FTS5's Porter stems of `unicode61` tokens, which is what
 * `history_fts_vocab` lists. That vocabulary is global across apps, so it only proposes
 * candidates; a candidate is used only after an FTS query restricted to the app (outside the
 * caller's chat) finds it, so no other app's word can reach a search, a result or a report.
 * Large indexes read candidates from `history_terms`, a copy of the vocabulary's plain-letter terms.
 * The rule itself ({@link correctWords}) reads a store only through a {@link CorrectionSource},
 * so a team's PostgreSQL store corrects by the same rule over its own app-scoped vocabulary.
 */
import { z } from "zod";
import type { DatabasePort } from "../../store/database-port.js";
import { boundedEditDistance } from "../../text/edit-distance.js";
import { scopeTokens } from "../indexer/build-index-row.js";
import { MIN_ROWS_FOR_TERM_STATS } from "../indexer/term-stats.js";
import { foldDiacritics } from "../text/fold-diacritics.js";
import { STOPWORDS } from "../text/stopwords.js";
import type { SpellingCorrection } from "../types.js";
import { findAbbreviation } from "./abbreviation.js";
import { quoteFtsString } from "./build-fts-query.js";
import { isDictionaryWord } from "./dictionary-word.js";
import type { QueryTerms } from "./extract-terms.js";
import { isTechnologyWord } from "./kind-names.js";
import { porterStem } from "./porter-stem.js";
import { findSpellingVariant } from "./spelling-variant.js";

/** Where a search looks: the caller's app, outside its current chat (null excludes nothing). */
export interface SearchScope {
  readonly appId: number;
  readonly excludeChatId: number | null;
}

/** A correction with what ranked it: its stem distance and its (capped) frequency in the app. */
export interface RankedCorrection extends SpellingCorrection {
  /** The index term (Porter stem) `to` stands for. */
  readonly term: string;
  /** Damerau–Levenshtein distance between the stems, 1 or 2. */
  readonly distance: number;
  /** Messages of the app holding `term`, counted up to {@link APP_DOCS_COUNTED}. */
  readonly appDocs: number;
}

/**
 * Edits allowed for a stem of `length` chars: none below 3, 1 up to 5, 2 from 6 — Lucene's and
 * Elasticsearch's `fuzziness: AUTO` (AUTO:3,6), the usual bound in search engines: a short word
 * one or two edits away from another is more often a different word than a typo.
 */
export function maxEditsFor(length: number): number {
  if (length < 3) return 0;
  return length < 6 ? 1 : 2;
}

/**
 * Vocabulary ranges read for a stem's candidates: B-tree prefix ranges that together hold every
 * term one edit from the stem in its first two letters. Misspellings rarely start wrong
 * (Pollock & Zamora 1984: the first letter is wrong in ~7% of them), but an fts5vocab range costs
 * every posting of every term it passes — measured on the 1M-message bench index, all terms under
 * one first letter took 1,071 ms, under a two-letter prefix 15–80 ms — so the live vocabulary
 * (small indexes) is read by two-letter prefixes: the stem's own, its first two letters swapped,
 * and its second and third letters (an extra first letter typed). The copy in `history_terms`
 * (large indexes, {@link CorrectionOptions}) is a plain B-tree: there the first letter alone
 * (any error from the second letter on) and its `substr(term, 2)` index (migration 008; a wrong or
 * missing first letter: the term's rest starts with the stem's second and third letters, or with
 * its first two) are read too.
 */
export function candidateRanges(stem: string, copied: boolean): VocabularyRange[] {
  const [first = "", second = "", third = ""] = stem;
  const ranges: VocabularyRange[] = [
    { key: "term", prefix: copied ? first : first + second },
    { key: "term", prefix: second + first },
    { key: "term", prefix: second + third },
  ];
  if (copied) {
    ranges.push({ key: "rest", prefix: second + third }, { key: "rest", prefix: first + second });
  }
  const seen = new Set<string>();
  return ranges.filter(({ key, prefix }) => {
    const id = `${key} ${prefix}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** A prefix range of the vocabulary: over its terms, or (`rest`) over each term but its first letter. */
export interface VocabularyRange {
  readonly key: "term" | "rest";
  readonly prefix: string;
}

/**
 * Candidates checked against the app per word (nearest first, then alphabetically): bounds the
 * zero-hit path's cost — a capped FTS count each, plus a 3-message read for a new best, ~0.3–1 ms
 * at 1M messages — however many near terms the global vocabulary holds.
 */
export const MAX_CANDIDATES_CHECKED = 8;

/** Endings tried to find a word FTS5 stems back to a vocabulary stem (stems are not fixed points). */
const SURFACE_ENDINGS = ["", "e", "s", "es", "ing", "ed", "ion", "ation", "y"] as const;

/** A lower-case word the Porter stemmer maps to `stem`, or null (then the stem is skipped). Pure. */
export function surfaceWordFor(stem: string): string | null {
  for (const ending of SURFACE_ENDINGS) {
    if (porterStem(stem + ending) === stem) return stem + ending;
  }
  return null;
}

/** The first `length` chars' exclusive upper bound for a vocabulary range (`da` → `db`). */
export function rangeOf(prefix: string): [string, string] {
  const last = prefix.charCodeAt(prefix.length - 1);
  return [prefix, prefix.slice(0, -1) + String.fromCharCode(last + 1)];
}

const vocabSchema = z.array(z.object({ term: z.string() }));

/** Options of {@link findCorrections}. */
export interface CorrectionOptions {
  /**
   * From this many indexed rows on, candidates come from `history_terms` (the copy the indexer's
   * frequent-term walk keeps, migration 006) instead of `history_fts_vocab`, whose ranges cost
   * every posting they pass. Default `MIN_ROWS_FOR_TERM_STATS` (20,000): the walk's own floor, so
   * below it the copy is empty and the live vocabulary is small.
   */
  readonly minRowsForTermCopy?: number;
}

/** A vocabulary stem near the stem being corrected, with its edit distance from it. */
interface NearStem {
  readonly term: string;
  readonly distance: number;
}

/**
 * The vocabulary terms the ranges of {@link candidateRanges} hold with a length within
 * `maxEdits` of the stem's (any app's: candidates only), unfiltered.
 */
function vocabularyTerms(
  db: DatabasePort,
  stem: string,
  maxEdits: number,
  copied: boolean,
): string[] {
  const table = copied ? "history_terms" : "history_fts_vocab";
  // `substr(term, 2)` is spelled as migration 008 indexes it, so the range reads that index.
  const rangeOver = (column: string) =>
    db.prepare(
      `SELECT term FROM ${table} WHERE ${column} >= ? AND ${column} < ? AND length(term) BETWEEN ? AND ?`,
    );
  const statements = {
    term: rangeOver("term"),
    rest: copied ? rangeOver("substr(term, 2)") : null,
  };
  return candidateRanges(stem, copied).flatMap(({ key, prefix }) => {
    const [low, high] = rangeOf(prefix);
    return vocabSchema
      .parse(statements[key]?.all(low, high, stem.length - maxEdits, stem.length + maxEdits) ?? [])
      .map((row) => row.term);
  });
}

/**
 * The plain-letter `terms` within 1 to `maxEdits` edits of `stem`, nearest first, then by term,
 * each with its distance, so the caller does not measure it again. Pure.
 */
function nearest(stem: string, terms: readonly string[], maxEdits: number): NearStem[] {
  const near = new Map<string, number>();
  for (const term of terms) {
    if (near.has(term) || !/^[a-z]+$/.test(term)) continue;
    const distance = boundedEditDistance(stem, term, maxEdits);
    if (distance > 0 && distance <= maxEdits) near.set(term, distance);
  }
  return [...near]
    .map(([term, distance]) => ({ term, distance }))
    .sort((a, b) => a.distance - b.distance || (a.term < b.term ? -1 : 1));
}

/** The FTS5 MATCH of one word in the title or body of the scope's messages. */
export function scopedMatch(word: string, scope: SearchScope): string {
  const [app, chat] = scopeTokens(scope.appId, scope.excludeChatId ?? 0).split(" ");
  const inApp = `(scope:${quoteFtsString(app ?? "")} AND {title body}:${quoteFtsString(word)})`;
  return scope.excludeChatId === null ? inApp : `${inApp} NOT scope:${quoteFtsString(chat ?? "")}`;
}

/**
 * Whether `word` (folded) can be corrected at all: plain ASCII letters (what the Porter stemmer changes),
 * not a stopword, and a stem long enough for one edit ({@link maxEditsFor}).
 */
function correctable(word: string): boolean {
  return /^[a-z]+$/.test(word) && !STOPWORDS.has(word) && maxEditsFor(porterStem(word).length) > 0;
}

/**
 * Shortest term a word is corrected to, letters: two letters are mostly a word's start or an
 * abbreviation of anything ("ll" for "llm", shared corpus: an LLM question searched as "ll").
 */
const MIN_CORRECTED_LETTERS = 3;

/** Edits from an abbreviation's stem its spelling in the app may have ("auths" for "auth"). */
const MAX_ABBREVIATION_SPELLING_EDITS = 2;

/** Messages of the app read per candidate to see how it spells the candidate's term. */
const MESSAGES_READ_PER_CANDIDATE = 3;

/**
 * Messages counted per candidate for ranking: enough to tell a word the app says once from one it
 * uses throughout, while a frequent word's count stays one short capped read (~0.3 ms at 1M).
 */
export const APP_DOCS_COUNTED = 100;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

const contentSchema = z.array(z.object({ content: z.string() }));

/**
 * What the correction rule reads of a store, for one scope (an app outside its current chat).
 * Every method may be synchronous (the local store) or not (a team's store).
 */
export interface CorrectionSource {
  /** True when the scope's messages hold `word` (a query word) in a title or body. */
  held(word: string): boolean | Promise<boolean>;
  /** Messages of the scope holding `word` in a title or body, counted up to {@link APP_DOCS_COUNTED}. */
  count(word: string): number | Promise<number>;
  /**
   * Vocabulary terms (Porter stems) that may lie within `maxEdits` of `stem`: at least those of
   * {@link candidateRanges}' ranges; any others are filtered out. A vocabulary wider than the
   * scope only proposes: every candidate is counted in the scope before use.
   */
  vocabulary(stem: string, maxEdits: number): readonly string[] | Promise<readonly string[]>;
  /** The text of up to {@link MESSAGES_READ_PER_CANDIDATE} scope messages holding `word`. */
  texts(word: string): readonly string[] | Promise<readonly string[]>;
}

/**
 * How the scope's messages spell `term` nearest to `from` (folded, {@link foldDiacritics}),
 * within `maxEdits` of it, as written (accents kept, lower-cased); null when no spelling is that
 * near. Porter can mangle a misspelling ("desing" stems to "dese", one edit from
 * "desk"), so the stem only proposes and the words compared are the person's and the app's own.
 */
async function appSpelling(
  source: CorrectionSource,
  term: string,
  from: string,
  maxEdits: number,
): Promise<string | null> {
  let best: string | null = null;
  let bestDistance = maxEdits + 1;
  for (const content of await source.texts(surfaceWordFor(term) ?? term)) {
    for (const [raw] of content.matchAll(WORD)) {
      const word = raw.toLowerCase();
      const plain = foldDiacritics(word);
      if (plain[0] !== term[0] || porterStem(plain) !== term) continue;
      const distance = boundedEditDistance(from, plain, maxEdits);
      if (distance < bestDistance) [best, bestDistance] = [word, distance];
    }
  }
  return best;
}

/**
 * The local store's {@link CorrectionSource} for `scope`: FTS5 queries restricted to the app
 * (outside the caller's chat), and the global vocabulary — live, or its `history_terms` copy on
 * a large index ({@link CorrectionOptions}) — as candidates only.
 */
export function sqliteCorrectionSource(
  db: DatabasePort,
  scope: SearchScope,
  options: CorrectionOptions = {},
): CorrectionSource {
  // Which vocabulary to walk is decided only once a word needs it: most searches never do.
  let copied: boolean | null = null;
  const termCopyIsRead = (): boolean => {
    if (copied !== null) return copied;
    const rows = Number(db.prepare("SELECT max(id) FROM history_fts_docsize").pluck().get() ?? 0);
    copied = rows >= (options.minRowsForTermCopy ?? MIN_ROWS_FOR_TERM_STATS);
    return copied;
  };
  const count = db
    .prepare(
      `SELECT count(*) FROM (SELECT rowid FROM history_fts WHERE history_fts MATCH ? LIMIT ${APP_DOCS_COUNTED})`,
    )
    .pluck();
  const held = db.prepare("SELECT 1 FROM history_fts WHERE history_fts MATCH ? LIMIT 1");
  const texts = db.prepare(
    `SELECT m.content FROM messages m JOIN chats c ON c.id = m.chat_id
     WHERE m.id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH ? LIMIT ${MESSAGES_READ_PER_CANDIDATE})
       AND c.app_id = ?`,
  );
  return {
    held: (word) => held.get(scopedMatch(word, scope)) !== undefined,
    count: (word) => Number(count.get(scopedMatch(word, scope)) ?? 0),
    vocabulary: (stem, maxEdits) => vocabularyTerms(db, stem, maxEdits, termCopyIsRead()),
    texts: (word) =>
      contentSchema
        .parse(texts.all(scopedMatch(word, scope), scope.appId))
        .map((row) => row.content),
  };
}

/**
 * For each word of `words` that the scope's messages never hold and that is no dictionary word
 * (`isDictionaryWord`) nor a technology's (`isTechnologyWord`), the nearest vocabulary stem they do hold: within {@link maxEditsFor} of
 * the word's stem, spelled in the app within {@link maxEditsFor} of the word itself; ranked by stem
 * distance, then by the term's frequency in the app (≤ {@link APP_DOCS_COUNTED}), then
 * alphabetically; at most {@link MAX_CANDIDATES_CHECKED} candidates per word, a farther distance
 * only when no nearer one is in the app. A word with no such stem, dictionary words included, is
 * searched as its other national spelling when the app holds that (`spelling-variant.ts`:
 * "colours" → "colors"), else as its abbreviation when the app holds one (`abbreviation.ts`:
 * "authentication" → "auth"). `to` is the app's own spelling. A word the app holds costs
 * one `LIMIT 1` FTS read; only the zero-hit path walks the vocabulary. Words reach FTS5 quoted
 * only; never rejects for any words. Resolves to corrections in `words` order.
 */
export function findCorrections(
  db: DatabasePort,
  scope: SearchScope,
  words: readonly string[],
  options: CorrectionOptions = {},
): Promise<RankedCorrection[]> {
  return correctWords(sqliteCorrectionSource(db, scope, options), words);
}

/**
 * {@link findCorrections}' rule over any store's {@link CorrectionSource}: the same candidates,
 * order, bounds and abbreviations. Never throws for any words (a source's failure rejects).
 */
export async function correctWords(
  source: CorrectionSource,
  words: readonly string[],
): Promise<RankedCorrection[]> {
  const out: RankedCorrection[] = [];
  for (const word of words) {
    const plain = foldDiacritics(word);
    if (!correctable(plain) || (await source.held(word))) continue;
    const scopeWords = {
      count: (held: string) => source.count(held),
      spelling: (stem: string) => appSpelling(source, stem, stem, MAX_ABBREVIATION_SPELLING_EDITS),
    };
    // A technology's name is a word of its own too: "orm" (absent) is not "org" (held).
    if (isDictionaryWord(plain) || isTechnologyWord(plain)) {
      const variant = await findSpellingVariant(word, plain, scopeWords);
      if (variant !== null) {
        out.push(variant);
        continue;
      }
      const abbreviation = await findAbbreviation(word, plain, scopeWords);
      if (abbreviation !== null) out.push(abbreviation);
      continue;
    }
    const stem = porterStem(plain);
    const maxEdits = maxEditsFor(stem.length);
    let best: RankedCorrection | null = null;
    const candidates = nearest(stem, await source.vocabulary(stem, maxEdits), maxEdits);
    for (const { term, distance } of candidates.slice(0, MAX_CANDIDATES_CHECKED)) {
      if (best !== null && distance > best.distance) break;
      // A correction is never shorter than the shortest correctable word: "llm" is not "ll".
      if (term.length < MIN_CORRECTED_LETTERS) continue;
      const query = surfaceWordFor(term);
      const appDocs = query === null ? 0 : await source.count(query);
      if (appDocs === 0 || (best !== null && appDocs <= best.appDocs)) continue;
      const to = await appSpelling(source, term, plain, maxEditsFor(plain.length));
      // Dropping a word's last letters is writing it short, not a typo, and a short form that is
      // another word is that word: "graphql" is not "graph" (`findAbbreviation`'s rule).
      if (to !== null && isTruncation(term, stem) && isDictionaryWord(to)) continue;
      // A stopword is never searched, so it corrects nothing ("foo" is not "for").
      if (to !== null && STOPWORDS.has(to)) continue;
      if (to !== null) best = { from: word, to, term, distance, appDocs };
    }
    best ??= await findAbbreviation(word, plain, scopeWords);
    if (best !== null) out.push(best);
  }
  return out;
}

/** `term` is `stem` with two or more of its last letters dropped. */
function isTruncation(term: string, stem: string): boolean {
  return stem.length - term.length >= 2 && stem.startsWith(term);
}

/** `terms` with each corrected word replaced by its `to` (a repeat of a kept word dropped). Pure. */
export function applyCorrections(
  terms: QueryTerms,
  corrections: readonly SpellingCorrection[],
): QueryTerms {
  const to = new Map(corrections.map((correction) => [correction.from, correction.to]));
  return { ...terms, words: [...new Set(terms.words.map((word) => to.get(word) ?? word))] };
}

/**
 * `text` with each word a correction names (in any case) replaced by its `to`: how a reader of the
 * search results re-reads the question (the offline explorer's question model). Pure.
 */
export function respell(text: string, corrections: readonly SpellingCorrection[]): string {
  if (corrections.length === 0) return text;
  const to = new Map(corrections.map((correction) => [correction.from, correction.to]));
  return text.replace(WORD, (word) => to.get(word.toLowerCase()) ?? word);
}
