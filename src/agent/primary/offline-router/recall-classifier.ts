/**
 * The offline router's one decision: does this message ask about earlier conversations?
 * Transparent keyword rules (no model), English only, per clause (split at `.`, `!`, `?`, `;` and
 * line ends): a clause is a recall request when it both names the past or a decision (a recall
 * cue: "decide", "chose", "earlier", "remind me", "why did we", …) and asks — it ends with "?",
 * opens with a question word or a request verb ("what", "did", "remind", "tell", …), or says the
 * person does not know ("I forgot", "not sure"). So "Decision: billing goes through Stripe." or
 * "We went with Vercel." is a statement (a note the chat keeps, indexed as an ordinary turn),
 * while "what did we decide about billing" is a recall request. A question the rules miss is
 * answered plainly, which is the safe failure.
 */

/** Phrases that mark talk about earlier chats or decisions. Lower-case; matched on word boundaries. */
import { escapeRegExp } from "../../../text/escape-reg-exp.js";

export const RECALL_CUES: readonly string[] = [
  "decide",
  "decided",
  "decision",
  "decisions",
  "agreed",
  "agree on",
  "settled on",
  "went with",
  "chose",
  "chosen",
  "picked",
  "earlier",
  "previous",
  "previously",
  "originally",
  "last time",
  "prior",
  "we discussed",
  "discussed",
  "mentioned",
  "did we",
  "have we",
  "had we",
  "were we",
  "we talked",
  "talked about",
  "remind me",
  "remember",
  "recall",
  "history",
  "why did we",
  "what was the",
  "what did we",
  "requirement",
  "requirements",
];

/** First words of a clause that ask: question words and the auxiliaries that open a question. */
export const QUESTION_OPENERS: readonly string[] = [
  "what",
  "what's",
  "whats",
  "which",
  "why",
  "when",
  "where",
  "who",
  "whom",
  "whose",
  "how",
  "did",
  "do",
  "does",
  "have",
  "has",
  "had",
  "were",
  "was",
  "is",
  "are",
  "can",
  "could",
  "would",
  "will",
  "should",
];

/** First words of a clause that request a look-up ("remind me …", "tell me …", "find …"). */
export const REQUEST_OPENERS: readonly string[] = [
  "remind",
  "recall",
  "tell",
  "show",
  "find",
  "look up",
  "search",
  "summarize",
  "summarise",
  "list",
  "check",
  "explain",
  "i need to know",
  "i'd like to know",
];

/** Phrases by which the person says they do not know, which ask as much as a question does. */
export const NOT_KNOWING: readonly string[] = [
  "forgot",
  "forget",
  "don't remember",
  "do not remember",
  "can't remember",
  "cannot remember",
  "don't know",
  "do not know",
  "not sure",
  "wonder",
  "no idea",
];

/**
 * Words a clause may open with before what it says ("so, what did we…", "ok remind me…"): they
 * neither ask nor state, so they are skipped before the opener is read.
 */
const FILLERS =
  /^(?:(?:so|ok|okay|and|but|also|hey|hi|hello|please|btw|well|now|then|quick question|one more thing)\b[\s,:—–-]*)+/i;

/** A case-insensitive pattern matching any of `phrases` as whole words (at the start when `anchored`). */
function phrasePattern(phrases: readonly string[], anchored: boolean): RegExp {
  return new RegExp(`${anchored ? "^" : "\\b"}(?:${phrases.map(escapeRegExp).join("|")})\\b`, "i");
}

const CUE_PATTERN = phrasePattern(RECALL_CUES, false);
const QUESTION_PATTERN = phrasePattern(QUESTION_OPENERS, true);
const REQUEST_PATTERN = phrasePattern(REQUEST_OPENERS, true);
const NOT_KNOWING_PATTERN = phrasePattern(NOT_KNOWING, false);
const GREETING_PATTERN = /^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening))\b/i;

/**
 * What a message is, for the router: a `recall` request (explore), a `greeting`, another
 * `question` (answered with help, no tool), or a `statement` (a note; acknowledged, no tool).
 */
export type MessageKind = "recall" | "greeting" | "question" | "statement";

/** The message's clauses, each with its closing mark (`?` stays on the clause it ends). Pure. */
export function clausesOf(message: string): string[] {
  return (message.match(/[^.!?;\n]+[.!?;]*/g) ?? [])
    .map((clause) => clause.replace(/\u2019/g, "'").trim())
    .filter((clause) => clause.length > 0);
}

/** True when `clause` asks: a closing "?", a question or request opener, or not knowing. Pure. */
export function clauseAsks(clause: string): boolean {
  const body = clause.replace(FILLERS, "");
  return (
    /\?\s*$/.test(clause) ||
    QUESTION_PATTERN.test(body) ||
    REQUEST_PATTERN.test(body) ||
    NOT_KNOWING_PATTERN.test(body)
  );
}

/** True when some clause of `message` asks about earlier chats (a cue, and it asks). Pure. */
export function isRecallQuestion(message: string): boolean {
  return clausesOf(message).some((clause) => CUE_PATTERN.test(clause) && clauseAsks(clause));
}

/** Classifies `message` for the router (see {@link MessageKind}). Pure. */
export function classifyMessage(message: string): MessageKind {
  if (isRecallQuestion(message)) return "recall";
  if (GREETING_PATTERN.test(message)) return "greeting";
  return clausesOf(message).some(clauseAsks) ? "question" : "statement";
}

/** Longest explorer query, in characters (the explorer's input schema allows 1–500). */
export const MAX_ROUTED_QUERY_CHARS = 500;

/** The research question the router sends: the message, whitespace-collapsed, ≤ 500 chars. */
export function routedQuery(message: string): string {
  return message.replace(/\s+/g, " ").trim().slice(0, MAX_ROUTED_QUERY_CHARS);
}
