/**
 * The segments of a stored message as the chat view may show them: every string inside them —
 * plain text and each field of a card (a question, an excerpt, a title) — passed through
 * `visibleText`. Card XML escapes `<`, so a `<private>` span written inside a card's text only
 * becomes visible once the card is read back; this is where it is cut.
 */
import type { MessageSegment } from "../card/segment-message.js";
import { visibleText } from "../history/index.js";

/** `segments` with their strings made visible text; shapes and order unchanged. */
export function visibleSegments(segments: readonly MessageSegment[]): MessageSegment[] {
  return segments.map((segment) => mapStrings(segment));
}

function mapStrings<T>(value: T): T {
  if (typeof value === "string") return visibleText(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item)) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, key === "kind" ? item : mapStrings(item)]),
    ) as T;
  }
  return value;
}
