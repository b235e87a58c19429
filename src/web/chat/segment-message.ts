/**
 * Splits a stored or streamed assistant message into plain-text runs and history cards
 * (`<dyad-explore-chat-history>`, and the legacy `<dyad-search-chats>` / `<dyad-read-chat>` found
 * in stored or imported messages). Pure; never evaluates markup: everything that is not a
 * well-formed card tag stays text, rendered later as React text nodes.
 */
import {
  CARD_TAG,
  type ExploreCard,
  parseCard,
} from "../../agent/tools/explore-chat-history/card-xml.js";

import {
  READ_CHAT_TAG as LEGACY_READ_TAG,
  SEARCH_CHATS_TAG as LEGACY_SEARCH_TAG,
} from "../../agent/tools/legacy-cards/index.js";

/** The legacy tag names (plan § Phase 1: keep rendering them), as the agent's renderer writes them. */
export { LEGACY_READ_TAG, LEGACY_SEARCH_TAG };

/** One piece of a message, in order. */
export type MessageSegment =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "explore"; readonly card: ExploreCard }
  | {
      readonly kind: "legacy";
      readonly tag: typeof LEGACY_SEARCH_TAG | typeof LEGACY_READ_TAG;
      /** Attribute values, XML-unescaped. */
      readonly attributes: Readonly<Record<string, string>>;
      /** Element body, XML-unescaped (often a JSON result; may be free text in old exports). */
      readonly body: string;
    };

const TAG_PATTERN = new RegExp(
  `<(${CARD_TAG}|${LEGACY_SEARCH_TAG}|${LEGACY_READ_TAG})((?:\\s+[A-Za-z_:-]+\\s*=\\s*"[^"]*")*)\\s*>([\\s\\S]*?)</\\1>`,
  "g",
);
const ATTRIBUTE_PATTERN = /([A-Za-z_:-]+)\s*=\s*"([^"]*)"/g;

/** Reverses XML escaping of the five predefined entities and numeric references. */
export function unescapeEntities(text: string): string {
  return text.replace(
    /&(lt|gt|quot|apos|amp|#\d{1,7}|#x[0-9a-fA-F]{1,6});/g,
    (whole, name: string) => {
      switch (name) {
        case "lt":
          return "<";
        case "gt":
          return ">";
        case "quot":
          return '"';
        case "apos":
          return "'";
        case "amp":
          return "&";
        default: {
          const code = name.startsWith("#x")
            ? Number.parseInt(name.slice(2), 16)
            : Number(name.slice(1));
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        }
      }
    },
  );
}

function readAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE_PATTERN)) {
    attributes[match[1] ?? ""] = unescapeEntities(match[2] ?? "");
  }
  return attributes;
}

/**
 * Segments `content`. An explore card that fails its schema (unknown state, bad counts, a body
 * that is not a valid report) is dropped rather than half-rendered; unclosed tags stay text.
 * Adjacent text is merged; empty text runs are omitted.
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
  for (const match of content.matchAll(TAG_PATTERN)) {
    const start = match.index ?? 0;
    pushText(content.slice(cursor, start));
    cursor = start + match[0].length;
    const tag = match[1];
    if (tag === CARD_TAG) {
      const card = parseCard(match[0]);
      if (card) segments.push({ kind: "explore", card });
    } else if (tag === LEGACY_SEARCH_TAG || tag === LEGACY_READ_TAG) {
      segments.push({
        kind: "legacy",
        tag,
        attributes: readAttributes(match[2] ?? ""),
        body: unescapeEntities(match[3] ?? ""),
      });
    }
  }
  pushText(content.slice(cursor));
  return segments;
}
