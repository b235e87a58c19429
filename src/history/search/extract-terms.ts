import { CJK_RUN } from "../text/cjk.js";
import { withoutTerminalEscapes } from "../text/terminal-escapes.js";

/**
 * Most distinct terms a query contributes. A 500-char query can hold ~100 words; past a dozen
 * extra OR-terms add cost (each one is another doclist to score, DESIGN.md § Lessons) and almost
 * no ranking signal.
 */
export const MAX_QUERY_TERMS = 12;

/** Longest term kept, chars. Longer letter runs are pasted hashes or blobs, not words. */
export const MAX_TERM_CHARS = 64;

/** The searchable parts of a query. */
export interface QueryTerms {
  /** Lowercased non-CJK letter/number runs, in query order, deduplicated. */
  readonly words: readonly string[];
  /** CJK runs (Han, kana, Hangul), in query order, deduplicated. */
  readonly cjkRuns: readonly string[];
}

const LETTER_NUMBER_RUN = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Extracts terms from free text: Unicode letter/number runs (so quotes, `*`, `^`, `:`, parentheses
 * and every other FTS5 operator character separate terms and never reach FTS5 as syntax); each
 * run is split into its CJK and non-CJK parts; a terminal escape sequence is no term (`\x1b[31m` is
 * not "31m"). At most {@link MAX_QUERY_TERMS} in total. Pure.
 */
export function extractTerms(query: string): QueryTerms {
  const words: string[] = [];
  const cjkRuns: string[] = [];
  const seen = new Set<string>();
  const add = (list: string[], term: string) => {
    if (term === "" || seen.has(term) || words.length + cjkRuns.length >= MAX_QUERY_TERMS) return;
    seen.add(term);
    list.push(term);
  };
  for (const [run] of withoutTerminalEscapes(query).normalize("NFC").matchAll(LETTER_NUMBER_RUN)) {
    let last = 0;
    for (const cjk of run.matchAll(CJK_RUN)) {
      const index = cjk.index ?? 0;
      add(words, run.slice(last, index).toLowerCase().slice(0, MAX_TERM_CHARS));
      add(cjkRuns, cjk[0].slice(0, MAX_TERM_CHARS));
      last = index + cjk[0].length;
    }
    add(words, run.slice(last).toLowerCase().slice(0, MAX_TERM_CHARS));
  }
  return { words, cjkRuns };
}
