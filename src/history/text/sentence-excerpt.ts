/**
 * Excerpts centred on the sentence that matches a query (issue 13 § Build 4): a message's first
 * characters are often a preamble ("Great question! Let's look at…"), while the sentence carrying
 * the answer sits further down. The host's evidence excerpts use this, so every engine's report
 * shows the matching sentence. Pure and deterministic.
 */

/** The index-form terms of a text (e.g. Porter stems without stopwords); the caller's notion of a match. */
export type TermsOf = (text: string) => readonly string[];

const SENTENCES = new Intl.Segmenter("en", { granularity: "sentence" });
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Context kept before the first matching word when the best sentence alone overflows, chars. */
const LONG_SENTENCE_LEAD = 40;

interface Sentence {
  readonly start: number;
  readonly end: number;
  readonly terms: ReadonlySet<string>;
}

/**
 * Whitespace-collapsed sentences (line breaks end a sentence too) and their offsets in `flat`, the
 * text with its whitespace collapsed and nothing else changed: a sentence boundary inside a token
 * ("`/login?error=`", which the segmenter ends after "?") adds no space to what is quoted.
 */
function splitSentences(text: string, termsOf: TermsOf): { flat: string; sentences: Sentence[] } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line !== "");
  const sentences: Sentence[] = [];
  let offset = 0;
  for (const line of lines) {
    for (const { segment, index } of SENTENCES.segment(line)) {
      const lead = segment.length - segment.trimStart().length;
      const part = segment.trim();
      if (part === "") continue;
      const start = offset + index + lead;
      sentences.push({ start, end: start + part.length, terms: new Set(termsOf(part)) });
    }
    offset += line.length + 1;
  }
  return { flat: lines.join(" "), sentences };
}

/**
 * The best sentence: the highest sum of idf-like weights ln(1 + N / df) of the query terms it
 * holds (df = sentences holding the term), so a term every sentence shares counts for little;
 * the earliest on ties; null when no sentence holds a query term.
 */
function bestSentence(sentences: readonly Sentence[], query: ReadonlySet<string>): Sentence | null {
  const df = new Map<string, number>();
  for (const sentence of sentences)
    for (const term of sentence.terms) if (query.has(term)) df.set(term, (df.get(term) ?? 0) + 1);
  let best: Sentence | null = null;
  let bestScore = 0;
  for (const sentence of sentences) {
    let score = 0;
    for (const term of sentence.terms) {
      const count = df.get(term);
      if (count !== undefined) score += Math.log(1 + sentences.length / count);
    }
    if (score > bestScore) {
      best = sentence;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Characters of a sentence that must occur together in a claim for the claim to quote it: long
 * enough that a shared phrase ("in the database") is no quote, short enough for a quote the
 * claim cut to a window of a long sentence.
 */
export const QUOTE_PROBE_CHARS = 24;
/** Step between the probes tried along a sentence, chars. */
const QUOTE_PROBE_STEP = 6;

/**
 * The first sentence of `flat` that `claim` quotes, and where in it the quoted part starts: a
 * {@link QUOTE_PROBE_CHARS}-character stretch of the sentence occurs in the claim (stretches tried
 * every {@link QUOTE_PROBE_STEP} chars). Null when the claim is shorter than a probe or quotes
 * none.
 */
function quotedSentence(
  flat: string,
  sentences: readonly Sentence[],
  claim: string,
): { readonly sentence: Sentence; readonly at: number } | null {
  if (claim.length < QUOTE_PROBE_CHARS) return null;
  for (const sentence of sentences) {
    const last = Math.max(sentence.start, sentence.end - QUOTE_PROBE_CHARS);
    for (let at = sentence.start; at <= last; at += QUOTE_PROBE_STEP) {
      const probe = flat.slice(at, Math.min(at + QUOTE_PROBE_CHARS, sentence.end));
      if (probe.length === QUOTE_PROBE_CHARS && claim.includes(probe)) return { sentence, at };
    }
  }
  return null;
}

/** Offset of the first word of `flat[from, to)` whose terms meet `query`, else `from`. */
function firstMatchingWord(
  flat: string,
  from: number,
  to: number,
  query: ReadonlySet<string>,
  termsOf: TermsOf,
): number {
  for (const word of flat.slice(from, to).matchAll(WORD)) {
    if (termsOf(word[0]).some((term) => query.has(term))) return from + (word.index ?? 0);
  }
  return from;
}

/** Moves a cut off a UTF-16 surrogate pair's second half. */
function onCodePoint(text: string, index: number, direction: 1 | -1): number {
  const unit = text.charCodeAt(index);
  return index > 0 && index < text.length && unit >= 0xdc00 && unit <= 0xdfff
    ? index + direction
    : index;
}

/**
 * An excerpt of `text` of at most `maxChars` chars (including `…` marks): whitespace collapsed,
 * starting at the sentence whose terms (per `termsOf`) best match `queryTerms` and running on
 * past it; starting at an earlier sentence when the text after it leaves room; starting
 * shortly before its first matching word when the sentence alone is longer than the bound. The
 * text's start when nothing matches; the whole text when it fits. When `claim` (the text a
 * report says about this message) quotes a sentence of `text` — {@link QUOTE_PROBE_CHARS}
 * consecutive characters of it, whitespace collapsed, occur in the claim — that sentence is the
 * one the excerpt starts at, so a reader finds the quoted words under the claim; the claim only
 * chooses among the text's own sentences, never adds to the excerpt.
 *
 * @throws RangeError when `maxChars` < 8 (no room for a sentence and two marks).
 */
export function sentenceExcerpt(
  text: string,
  queryTerms: ReadonlySet<string>,
  termsOf: TermsOf,
  maxChars: number,
  claim = "",
): string {
  if (maxChars < 8) throw new RangeError(`maxChars must be at least 8, got ${maxChars}`);
  const { flat, sentences } = splitSentences(text, termsOf);
  if (flat.length <= maxChars) return flat;
  const quoted = quotedSentence(flat, sentences, claim.replace(/\s+/g, " "));
  const best = quoted?.sentence ?? bestSentence(sentences, queryTerms);
  const budget = maxChars - 2;
  let start = 0;
  if (best !== null) {
    if (best.end - best.start > budget) {
      const word = quoted?.at ?? firstMatchingWord(flat, best.start, best.end, queryTerms, termsOf);
      start = Math.max(best.start, word - LONG_SENTENCE_LEAD);
      const space = flat.indexOf(" ", start);
      if (start > best.start && space !== -1 && space < word) start = space + 1;
    } else {
      // Near the end, earlier whole sentences fill the room the text after it leaves.
      const earliest = flat.length - budget;
      start =
        sentences.find((sentence) => sentence.start >= earliest && sentence.start <= best.start)
          ?.start ?? best.start;
    }
  }
  start = onCodePoint(flat, start, 1);
  let end = Math.min(flat.length, start + budget);
  if (end < flat.length) {
    const space = flat.lastIndexOf(" ", end);
    if (space > start + budget / 2) end = space;
  }
  end = onCodePoint(flat, end, -1);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}
