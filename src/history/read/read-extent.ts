/**
 * How much of each message a read returns. The read_chat primitive a model calls is always
 * `bounded` (DESIGN.md § Retrieval primitives); only a person reading their own history at the
 * CLI (`recollect read --whole`) asks for `whole` messages.
 */
import { truncateChars } from "../projection/normalize-text.js";
import { boundReadResult } from "../serialize/bound-read-result.js";
import type { ReadChatResult } from "../types.js";
import { focusWindow } from "./focus-window.js";

/** Longest message content in a bounded read, chars (DESIGN.md § Retrieval primitives). */
export const MAX_READ_MESSAGE_CHARS = 2_400;

/**
 * `bounded`: each message cut to {@link MAX_READ_MESSAGE_CHARS} chars and the result to 20 KB of
 * JSON (the plan's read bounds). `whole`: each message as its read view holds it (a projection,
 * itself ≤ 8,000 chars, `MAX_PROJECTION_CHARS`), and no bound on the window's size.
 */
export type ReadExtent = "bounded" | "whole";

/**
 * A message's read text at `extent`, and whether that cut it (it is never cut when `whole`). A
 * bounded cut shows the stretch that best matches `focus` (the read's words to look for,
 * `focusWindow`), or the message's head when there is none.
 */
export function cutToExtent(
  text: string,
  extent: ReadExtent,
  focus: string | null = null,
): { readonly text: string; readonly truncated: boolean } {
  if (extent === "whole") return { text, truncated: false };
  return focus === null
    ? truncateChars(text, MAX_READ_MESSAGE_CHARS)
    : focusWindow(text, focus, MAX_READ_MESSAGE_CHARS);
}

/** `result` bounded to 20 KB around `targetMessageId` when `bounded` (`boundReadResult`), as is when `whole`. */
export function boundToExtent(
  result: ReadChatResult,
  targetMessageId: number | null,
  extent: ReadExtent,
): ReadChatResult {
  return extent === "whole" ? result : boundReadResult(result, targetMessageId);
}
