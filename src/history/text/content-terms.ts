/**
 * Content terms of free text as the search index sees them: the same letter/number runs as
 * `extractTerms`, non-CJK words lower-cased, their Latin letters' accents folded as the index's
 * `unicode61` tokenizer folds them ("sessión" is "session"), and Porter-stemmed exactly as FTS5's
 * `porter` tokenizer does, CJK runs as the index's character bigrams, {@link STOPWORDS} and 1-char words
 * dropped. The offline explorer scores messages with these, so its view of a match is the index's.
 */
import { porterStem } from "../search/porter-stem.js";
import { CJK_RUN, runBigrams } from "./cjk.js";
import { foldDiacritics } from "./fold-diacritics.js";
import { STOPWORDS } from "./stopwords.js";
import { withoutTerminalEscapes } from "./terminal-escapes.js";

const LETTER_NUMBER_RUN = /[\p{L}\p{N}\p{M}]+/gu;

/** One content term: its index form and the word it came from (the first one seen). */
export interface ContentTerm {
  /** Porter stem of a lower-case word, or a CJK bigram. */
  readonly term: string;
  /** The surface word, lower-case (a bigram for CJK); what a search query should send. */
  readonly word: string;
}

function pushWord(out: ContentTerm[], raw: string): void {
  const word = foldDiacritics(raw.toLowerCase()).normalize("NFC");
  if (word.length < 2 || STOPWORDS.has(word)) return;
  out.push({ term: porterStem(word), word });
}

/**
 * Every content term of `text` in order, repeats kept (term frequencies count); terminal escape
 * sequences are no text (`withoutTerminalEscapes`). Pure; never throws; linear in the text length.
 */
export function contentTerms(text: string): ContentTerm[] {
  const out: ContentTerm[] = [];
  for (const [run] of withoutTerminalEscapes(text).normalize("NFC").matchAll(LETTER_NUMBER_RUN)) {
    let last = 0;
    for (const cjk of run.matchAll(CJK_RUN)) {
      const index = cjk.index ?? 0;
      pushWord(out, run.slice(last, index));
      for (const gram of runBigrams(cjk[0])) out.push({ term: gram, word: gram });
      last = index + cjk[0].length;
    }
    pushWord(out, run.slice(last));
  }
  return out;
}
