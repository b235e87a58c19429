/**
 * One-line text for a card, for terminals (`recollect chat`). Explorer cards use the explorer's
 * own grammar and phase text; legacy `<dyad-read-chat>` / `<dyad-search-chats>` cards show their
 * state and counts. Progress lines never contain archival text (the explorer's pending card has
 * none); finished cards show counts only — the answer text carries the content.
 */
import { parseCard, reportCounts } from "../../tools/explore-chat-history/card-xml.js";
import { describeProgress } from "../../tools/explore-chat-history/progress.js";
import { READ_CHAT_TAG, SEARCH_CHATS_TAG } from "../../tools/legacy-cards/index.js";

function openingAttributes(xml: string, tag: string): Map<string, string> | null {
  const opening = xml.match(new RegExp(`^<${tag}((?:\\s+[a-z-]+="[^"]*")*)>`));
  if (!opening) return null;
  const attributes = new Map<string, string>();
  for (const match of (opening[1] ?? "").matchAll(/([a-z-]+)="([^"]*)"/g)) {
    attributes.set(match[1]!, match[2]!);
  }
  return attributes;
}

/** The compact line for `xml`, or null when it is not a card this knows. */
export function compactCardText(xml: string): string | null {
  const card = parseCard(xml);
  if (card) {
    switch (card.state) {
      case "pending":
        return describeProgress(card.progress);
      case "cancelled":
        return "History exploration cancelled.";
      case "failed":
        return `History exploration failed (${card.error.kind}).`;
      default: {
        const counts = reportCounts(card.report);
        const state = card.state.replace(/_/g, " ");
        return `History explored: ${state} · ${counts.chats} ${counts.chats === 1 ? "chat" : "chats"} · ${counts.evidence} evidence ${counts.evidence === 1 ? "target" : "targets"} · confidence ${card.report.confidence}`;
      }
    }
  }
  const read = openingAttributes(xml, READ_CHAT_TAG);
  if (read) {
    const chat = read.get("chat-id") ?? "?";
    if (read.get("state") === "pending") return `Reading chat ${chat}…`;
    if (read.get("state") === "failed")
      return `Reading chat ${chat} failed (${read.get("error-kind") ?? "error"}).`;
    return `Read chat ${chat}: ${read.get("messages") ?? "0"} messages${read.get("truncated") === "true" ? " (cut to fit)" : ""}.`;
  }
  const search = openingAttributes(xml, SEARCH_CHATS_TAG);
  if (search) {
    if (search.get("state") === "pending") return "Searching earlier chats…";
    if (search.get("state") === "failed")
      return `Search failed (${search.get("error-kind") ?? "error"}).`;
    return `Searched: ${search.get("chats") ?? "0"} chats (index ${search.get("index-status") ?? "?"}).`;
  }
  return null;
}
