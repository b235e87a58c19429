/**
 * The offline router's one decision: is this message a question about earlier conversations?
 * Transparent keyword rules (no model): recall cues such as "did we decide", "earlier",
 * "last time", "we discussed", "remind me", "why did we", "history". English only; a question
 * the rules miss is answered plainly, which is the safe failure.
 */

/** Phrases that mark a question about earlier chats. Lower-case; matched on word boundaries. */
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
  "picked",
  "earlier",
  "previous",
  "previously",
  "last time",
  "prior",
  "we discussed",
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const CUE_PATTERN = new RegExp(`\\b(?:${RECALL_CUES.map(escapeRegExp).join("|")})\\b`, "i");

/** True when `message` asks about earlier conversations (see {@link RECALL_CUES}). */
export function isRecallQuestion(message: string): boolean {
  return CUE_PATTERN.test(message);
}

/** Longest explorer query, in characters (the explorer's input schema allows 1–500). */
export const MAX_ROUTED_QUERY_CHARS = 500;

/** The research question the router sends: the message, whitespace-collapsed, ≤ 500 chars. */
export function routedQuery(message: string): string {
  return message.replace(/\s+/g, " ").trim().slice(0, MAX_ROUTED_QUERY_CHARS);
}
