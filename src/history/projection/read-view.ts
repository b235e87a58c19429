/**
 * What a read (`readChat()`: `recollect read`, the primary agent's and MCP's `read_chat`, the
 * explorer's read) shows of a message. For evidence it is the projection. A message that is never
 * evidence (`Projection.notEvidence`) has an empty projection, so the read says what the turn was:
 * - `history_answer` reads as {@link HISTORY_ANSWER_LABEL}, never its words: its card and prose
 *   restate recalled history under a later date, and showing them again would hand a reader the
 *   self-ingested copy as if it were a newer statement (DESIGN.md § Lessons).
 * - `history_question` reads as the person's own words (projected as any user turn: private spans
 *   removed, credentials redacted): they are the person's, a reader following the chat needs the
 *   question the next turn answers, and they restate nothing recalled. What keeps them from ever
 *   becoming evidence is that they are not indexed and the explorer's view leaves the turn out
 *   (`child-serialization.ts`), not that a person or the primary agent cannot see them.
 * - `recollect_reply` reads as what Recollect wrote ("Noted."), for the same reason.
 * The kind travels beside the text (`ReadMessage.not_evidence`), so no reader parses a label.
 */
import {
  HISTORY_ANSWER_LABEL,
  type Projection,
  type ProjectionInput,
  projectMessage,
} from "./project-message.js";

/**
 * The read text of a message: `projectMessage(input)`, or for a message that is never evidence
 * the text above with `notEvidence` kept. Pure, never throws, bounded like the projection.
 */
export function readView(input: ProjectionInput): Projection {
  const projection = projectMessage(input);
  if (projection.notEvidence === null) return projection;
  if (projection.notEvidence === "history_answer") {
    return { ...projection, text: HISTORY_ANSWER_LABEL };
  }
  const own = projectMessage({ source: input.source, role: input.role, content: input.content });
  return { ...own, notEvidence: projection.notEvidence };
}
