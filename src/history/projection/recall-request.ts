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

/** How much of a clause the tool's question repeats: shares of its content terms, then words. */
type Coverage = readonly [terms: number, words: number];

function coverageBy(query: string): (clause: string) => Coverage {
  const queryTerms = new Set(contentTerms(query).map((term) => term.term));
  const queryWords = new Set(query.toLowerCase().match(WORD) ?? []);
  const share = (items: ReadonlySet<string>, within: ReadonlySet<string>) =>
    items.size === 0 ? 0 : [...items].filter((item) => within.has(item)).length / items.size;
  return (clause) => [
    share(new Set(contentTerms(clause).map((term) => term.term)), queryTerms),
    share(new Set(clause.toLowerCase().match(WORD) ?? []), queryWords),
  ];
}

/**
 * The index of the clause the history tool was called with, in a turn that asks no question: the
 * one whose words the tool's question repeats most (the share of its content terms, then of all
 * its words; the later clause on a tie, since a request usually follows what it is about — and
 * an agent that forwards the whole turn as its question repeats every clause). When no clause
 * shares a word with the question (the agent reworded it), the last clause. -1 for no clause.
 */
function requestClause(clauses: readonly string[], query: string): number {
  const coverage = coverageBy(query);
  let best = -1;
  let bestCoverage: Coverage = [0, 0];
  let last = -1;
  clauses.forEach((clause, index) => {
    if (clause.trim() === "") return; // a line break between clauses: never the request
    last = index;
    const [terms, words] = coverage(clause);
    const beats =
      terms > bestCoverage[0] || (terms === bestCoverage[0] && words >= bestCoverage[1]);
    if ((terms > 0 || words > 0) && beats) {
      best = index;
      bestCoverage = [terms, words];
    }
  });
  return best >= 0 ? best : last;
}

/**
 * The clauses of a user turn answered by a history tool that are not its request to recall, in
 * order, as written. A turn that asks (clauses ending in `?`) keeps every clause but its
 * questions. A turn that asks nothing ("We use Postgres. Remind me what we chose.") keeps every
 * clause but the one the tool's question repeats ({@link HistoryToolReply.query}), so an
 * imperative request needs no question mark and no list of English phrasings; with no recorded
 * question it cannot be told apart, and the whole turn is taken for the request (""). "" when
 * nothing else is left. Pure; linear in the turn's length.
 */
export function statementsOf(content: string, reply: HistoryToolReply): string {
  const clauses = [...content.matchAll(CLAUSE)].map((match) => match[0]);
  const asks = clauses.map((clause) => QUESTION_END.test(clause));
  const asking = asks.some(Boolean);
  if (!asking && reply.query === null) return "";
  const request = asking || reply.query === null ? -1 : requestClause(clauses, reply.query);
  return clauses
    .filter((_clause, index) => !asks[index] && index !== request)
    .join("")
    .trim();
}
