/**
 * The floor's query (issue 13 § Build 2): the question's words with the project's stopwords
 * (`history/text/stopwords.ts`, the list the offline explorer drops too) dropped, each
 * quoted, OR-ed. No reformulation, no stemming here (the floor table's `porter` tokenizer stems),
 * no term cap. Pure.
 */
import { STOPWORDS } from "../../history/text/stopwords.js";

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Distinct lower-case letter/number runs of `question` that are not stopwords, in order. */
export function floorTerms(question: string): string[] {
  const terms: string[] = [];
  for (const [word] of question.normalize("NFC").toLowerCase().matchAll(WORD)) {
    if (STOPWORDS.has(word) || terms.includes(word)) continue;
    terms.push(word);
  }
  return terms;
}

/** The FTS5 MATCH text `"a" OR "b" OR …`, or null when the question has no term left. */
export function floorMatch(question: string): string | null {
  const terms = floorTerms(question);
  return terms.length === 0 ? null : terms.map((term) => `"${term}"`).join(" OR ");
}
