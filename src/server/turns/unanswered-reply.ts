/**
 * The reply stored for a turn that ended with nothing to show (stopped, or failed before the model
 * wrote anything): without it the chat would hold an unanswered question after a reload, and the
 * next turn's model would read that question as still open. Stored as a fixed reply Recollect
 * wrote (`messages.is_recollect_reply`): shown in the chat, never indexed, never cited.
 */
import type { AgentEventError } from "../../contracts/agent-events.js";

/** The stored reply of a turn stopped (Stop, or the server stopping) before it answered. */
export const STOPPED_REPLY = "Stopped before an answer.";

/**
 * The stored reply of a turn that ended empty: {@link STOPPED_REPLY} when it was aborted, else
 * `No answer: <the classified error's message>` (messages of classified errors name what failed,
 * an HTTP status or a timeout, and never carry prompt or archival text). Pure.
 */
export function unansweredReply(error: AgentEventError | null): string {
  if (error === null || error.kind === "aborted") return STOPPED_REPLY;
  return `No answer: ${error.message}`;
}
