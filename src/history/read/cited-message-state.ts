/**
 * Whether a message an earlier report cited still says what the report quoted (issue 30, stable
 * citations): a synced file can be edited after a report was stored, and an edited message keeps
 * its id (`importers/message-alignment.ts`) with its new text, while the stored card still shows
 * the excerpt observed then. Evidence is immutable once observed (plan § Evidence Registry), so
 * the card is never rewritten; instead the citation is flagged as changed since, or as gone.
 */
import { ChatNotFoundError } from "../../errors/recollect-error.js";
import type { ReadChatInput, ReadChatResult, RetrievalContext } from "../types.js";
import { readChat } from "./read-chat.js";

/**
 * `same`: the message still holds the excerpt (or it cannot be told: the read was cut before
 * it); `changed`: it holds other text now; `removed`: no such message in this app any more (the
 * same not-found `read_chat` gives).
 */
export type CitedMessageState = "same" | "changed" | "removed";

/** What a report cited: its chat, its message and the excerpt shown then (≤ 220 chars). */
export interface CitedMessage {
  readonly chat_id: number;
  readonly message_id: number;
  readonly excerpt: string;
}

/**
 * Text without whitespace: an excerpt collapses it, and excerpts stored before the excerpt code
 * stopped adding a space at a sentence boundary inside a token ("`/login? error=`") hold one the
 * message never had, so only the other characters tell a changed message.
 */
const flat = (text: string) => text.replace(/\s+/g, "");

/** The read that shows only the cited message: what every backend is asked for it. Pure. */
export function citedMessageRead(cited: CitedMessage): ReadChatInput {
  return { chat_id: cited.chat_id, around_message_id: cited.message_id, before: 0, after: 0 };
}

/**
 * The state of `cited` given `read`, the {@link citedMessageRead} of it (projected, ≤ 2,400
 * chars): the excerpt, whose `…` marks split it into pieces that must each appear in order,
 * compared with the message now. Pure.
 */
export function citedStateInRead(read: ReadChatResult, cited: CitedMessage): CitedMessageState {
  const message = read.messages.find((m) => m.message_id === cited.message_id);
  if (message === undefined) return "removed";
  const now = flat(message.content);
  let from = 0;
  for (const piece of cited.excerpt.split("…").map(flat)) {
    if (piece === "") continue;
    const at = now.indexOf(piece, from);
    // A piece past a cut read may still be in the stored message: not known to have changed.
    if (at < 0) return message.projection_truncated ? "same" : "changed";
    from = at + piece.length;
  }
  return "same";
}

/**
 * The state of `cited` in `ctx`'s app now ({@link citedStateInRead} of the local store's read).
 * One indexed read. Pure read.
 *
 * @throws whatever `readChat` throws other than not-found (an invalid id is not-found here).
 */
export function citedMessageState(ctx: RetrievalContext, cited: CitedMessage): CitedMessageState {
  let read: ReturnType<typeof readChat>;
  try {
    read = readChat(ctx, citedMessageRead(cited));
  } catch (error) {
    if (error instanceof ChatNotFoundError) return "removed";
    throw error;
  }
  return citedStateInRead(read, cited);
}
