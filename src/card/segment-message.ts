/**
 * Splits a stored or imported assistant message into plain-text runs and cards
 * (`<dyad-explore-chat-history>`, and the legacy `<dyad-search-chats>` / `<dyad-read-chat>`).
 * Pure; never evaluates markup: everything that is not a well-formed card element stays text.
 * This is where persisted card XML is read back; callers get typed {@link HistoryCard} values.
 */
import { z } from "zod";
import { CARD_TAGS, type CardTag, parseCardXml } from "./card-xml.js";
import { type HistoryCard, historyCardSchema } from "./history-card.js";

/** One piece of a message, in order. */
export type MessageSegment =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "card"; readonly card: HistoryCard };

/** Validates a segment received from outside the process (the web API). */
export const messageSegmentSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text"), text: z.string() }),
  z.object({ kind: z.literal("card"), card: historyCardSchema }),
]);

const ELEMENT_PATTERN = new RegExp(
  `<(${CARD_TAGS.join("|")})((?:\\s+[A-Za-z_:-]+\\s*=\\s*"[^"]*")*)\\s*>([\\s\\S]*?)</\\1>`,
  "g",
);

/**
 * Segments `content`. An explorer card that fails its schema is dropped rather than
 * half-rendered; unclosed tags stay text. Adjacent text is merged; empty text runs are omitted.
 */
export function segmentMessage(content: string): MessageSegment[] {
  const segments: MessageSegment[] = [];
  const pushText = (text: string) => {
    if (text === "") return;
    const last = segments.at(-1);
    if (last?.kind === "text")
      segments[segments.length - 1] = { kind: "text", text: last.text + text };
    else segments.push({ kind: "text", text });
  };
  let cursor = 0;
  for (const match of content.matchAll(ELEMENT_PATTERN)) {
    const start = match.index ?? 0;
    pushText(content.slice(cursor, start));
    cursor = start + match[0].length;
    const card = parseCardXml(match[0], match[1] as CardTag, match[2] ?? "", match[3] ?? "");
    if (card) segments.push({ kind: "card", card });
  }
  pushText(content.slice(cursor));
  return segments;
}

const ANY_CARD_ELEMENT = new RegExp(`<(${CARD_TAGS.join("|")})(\\s[^>]*)?>[\\s\\S]*?</\\1>`, "g");

/**
 * `content` with every card element removed (well-formed or not), e.g. for a model conversation
 * that must not carry earlier cards' archival excerpts. Pure.
 */
export function withoutCards(content: string): string {
  return content.replace(ANY_CARD_ELEMENT, "");
}
