/**
 * The reply stored for a turn that ended with nothing to show (stopped, or failed before the model
 * wrote anything): without it the chat would hold an unanswered question after a reload, and the
 * next turn's model would read that question as still open. Stored as a fixed reply Recollect
 * wrote (`messages.is_recollect_reply`): shown in the chat, never indexed, never cited.
 */
import { FIXED_REPLIES } from "../../agent/primary/offline-router/fixed-replies.js";
import type { AgentEventError } from "../../contracts/agent-events.js";
import type { ReplyLocale } from "../../contracts/reply-locale.js";

/** The stored reply of a turn stopped (Stop, or the server stopping) before it answered (English). */
export const STOPPED_REPLY = FIXED_REPLIES.en.stopped;

/**
 * The stored reply of a turn that ended empty: {@link STOPPED_REPLY} when it was aborted, else
 * `No answer: <the classified error's message>` (messages of classified errors name what failed,
 * an HTTP status or a timeout, and never carry prompt or archival text), in `locale`. Pure.
 */
export function unansweredReply(error: AgentEventError | null, locale: ReplyLocale = "en"): string {
  const replies = FIXED_REPLIES[locale];
  if (error === null || error.kind === "aborted") return replies.stopped;
  return replies.noAnswer(error.message);
}
