/**
 * The part of a person's turn that asked the history tools to recall, told apart from what the
 * turn states beside it. The plan keeps out of the index what the history tools returned and the
 * request itself (a question matches its own later re-asking better than any real decision does,
 * issue 12), never the person's own words: "We use Postgres. Remind me what we chose." keeps
 * "We use Postgres.".
 */
import { contentTerms } from "../text/content-terms.js";

/** What a reply that carries a history-tool card says about the request it answered. */
export interface HistoryToolReply {
  /**
   * The question the first history tool of the reply was called with (an explorer or search
   * card's `query`, the argument recorded for a call in an agent's transcript); null when the
   * reply records none (a read card, a transcript marker written before queries were kept).
   */
  readonly query: string | null;
}

/**
 * A clause: text up to a sentence or clause end (`.` `!` `?` `;` before a space or the end, their
 * CJK full-width forms, a line break) or the end of the text. Lazy, so each match is one clause.
 */
const CLAUSE = /[\s\S]*?(?:[.!?;]+(?=\s|$)|[。！？；]+|\n|$)/g;
/** A clause that asks: it ends in a question mark (ASCII or full-width), closing quotes aside. */
const QUESTION_END = /[?？]["'”’)\]」』]*\s*$/;
const WORD = /[\p{L}\p{N}]+/gu;

/** How much of `query` a clause repeats: shared content terms first, then shared words. */
type Overlap = readonly [terms: number, words: number];

function overlapWith(query: string): (clause: string) => Overlap {
  const queryTerms = new Set(contentTerms(query).map((term) => term.term));
  const queryWords = new Set(query.toLowerCase().match(WORD) ?? []);
  return (clause) => {
    const terms = new Set(contentTerms(clause).map((term) => term.term));
    const words = new Set(clause.toLowerCase().match(WORD) ?? []);
    return [
      [...terms].filter((term) => queryTerms.has(term)).length,
      [...words].filter((word) => queryWords.has(word)).length,
    ];
  };
}

/**
 * The index of the clause the history tool was called with: the one that repeats most of the
 * tool's question (content terms, then any words; the later clause on a tie, since a request
 * usually follows what it is about). An agent words the question itself, so no clause may repeat
 * any of it: then the request is the turn's questions, or, when it asks none, its last clause (an
 * imperative "remind me…" after its context). -1 when no clause is singled out.
 */
function requestClause(
  clauses: readonly string[],
  asks: readonly boolean[],
  query: string,
): number {
  const overlap = overlapWith(query);
  let best = -1;
  let bestOverlap: Overlap = [0, 0];
  let last = -1;
  clauses.forEach((clause, index) => {
    if (clause.trim() === "") return; // a line break between clauses: never the request
    last = index;
    const [terms, words] = overlap(clause);
    const beats = terms > bestOverlap[0] || (terms === bestOverlap[0] && words >= bestOverlap[1]);
    if ((terms > 0 || words > 0) && beats) {
      best = index;
      bestOverlap = [terms, words];
    }
  });
  if (best >= 0) return best;
  return asks.some(Boolean) ? -1 : last;
}

/**
 * The clauses of a user turn answered by a history tool that are not its request to recall, in
 * order, as written: every clause but the questions (ending in `?`) and the clause the tool's
 * question repeats ({@link HistoryToolReply.query}), so an imperative request ("remind me what we
 * chose") needs no question mark and no list of English phrasings. "" when nothing else is left;
 * with no recorded question and no question mark the request cannot be told apart, and the whole
 * turn is taken for it (""). Pure; linear in the turn's length.
 */
export function statementsOf(content: string, reply: HistoryToolReply): string {
  const clauses = [...content.matchAll(CLAUSE)].map((match) => match[0]);
  const asks = clauses.map((clause) => QUESTION_END.test(clause));
  const request = reply.query === null ? -1 : requestClause(clauses, asks, reply.query);
  if (request === -1 && !asks.some(Boolean)) return "";
  return clauses
    .filter((_clause, index) => !asks[index] && index !== request)
    .join("")
    .trim();
}
