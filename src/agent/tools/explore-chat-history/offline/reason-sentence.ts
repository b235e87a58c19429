/**
 * A sentence that gives a reason about the question's subject, for a question asking why: "I
 * recommend using MailerLite for this implementation due to its clean REST API" answers "why did
 * we pick MailerLite?", where "let's create a service module for MailerLite" only names it. Why-
 * questions expect an explanation, and its cue words ("because", "due to") are what a bag of words
 * misses (Verberne et al., "What is not in the bag of words for why-QA?", Computational
 * Linguistics 2010). English. Pure.
 */
import type { QueryModel } from "./query-model.js";
import { holdsTermOf } from "./score-messages.js";

/**
 * Cues that introduce a reason: a cause ("because", "due to"; "since" only before a word that is
 * no number or time word: "since it already handles VAT", not "since 2024"), or the problem a
 * choice fixed, as coding agents state it ("the direct connection failed", "the direct host is
 * IPv6-only", "this machine can't route IPv6", "the fix is the Session Pooler", "the issue is that
 * … the asynchronous driver (asyncpg) is missing").
 */
const REASON_CUE =
  /\b(?:because|due\s+to|so\s+that|in\s+order\s+to|the\s+reasons?\b|thanks\s+to|to\s+avoid|which\s+(?:means|lets|avoids|keeps)|since\s+(?!\d|yesterday|today|then|last|the\s+last)\w|fail(?:s|ed)\b|can(?:not|['’]t)\b|(?:does|do|is|are)(?:n['’]t|\s+not)\s+(?:support|work|compatible)|the\s+(?:fix|issue|problem|cause)\s+(?:is|was)\b|(?:is|are)\s+[\w.]+-only\b)/i;

/**
 * Whether a sentence is no question, holds a {@link REASON_CUE} and names a word of `subject`
 * (index terms, `holdsTermOf`), or follows (`previous`, the sentence before it in its message) a
 * statement that does: a reason often comes right after what it explains, in words of its own
 * ("Let's set vite to run on a different starting port. I'm doing parallel development and ran
 * into issues because the address was in use."; coding-histories dev, focuslab-q03).
 */
export function givingReason(
  subject: QueryModel,
): (sentence: string, previous?: string) => boolean {
  const onSubject = holdsTermOf(subject);
  const states = (text: string | undefined) => text !== undefined && !/[?？]$/.test(text);
  return (sentence, previous) =>
    states(sentence) &&
    REASON_CUE.test(sentence) &&
    (onSubject(sentence) || (states(previous) && onSubject(previous ?? "")));
}
