/**
 * One-line text for a card, for terminals (`recollect chat`). Explorer cards use the explorer's
 * phase text; legacy read / search cards show their state and counts. Progress lines never contain
 * archival text (the explorer's pending card has none); finished cards show counts only — the
 * answer text carries the content.
 */
import { type ExploreCard, reportCounts } from "../../../card/explore-card.js";
import type { HistoryCard } from "../../../card/history-card.js";
import type { ReadChatCard, SearchChatsCard } from "../../../card/legacy-cards.js";
import { plural } from "../../../text/plural.js";
import { describeProgress } from "../../tools/explore-chat-history/progress.js";

function exploreLine(card: ExploreCard): string {
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
      return `History explored: ${state} · ${plural(counts.chats, "chat", "chats")} · ${plural(counts.evidence, "evidence target", "evidence targets")} · confidence ${card.report.confidence}`;
    }
  }
}

function readLine(card: ReadChatCard): string {
  switch (card.state) {
    case "pending":
      return `Reading chat ${card.chatId}…`;
    case "failed":
      return `Reading chat ${card.chatId} failed (${card.errorKind}).`;
    case "archived":
      return `Read chat ${card.chatId ?? "?"}.`;
    case "done":
      return `Read chat ${card.result.chat_id}: ${plural(card.result.messages.length, "message")}${card.result.truncated ? " (cut to fit)" : ""}.`;
  }
}

function searchLine(card: SearchChatsCard): string {
  switch (card.state) {
    case "pending":
      return "Searching earlier chats…";
    case "failed":
      return `Search failed (${card.errorKind}).`;
    case "archived":
      return "Searched earlier chats.";
    case "done":
      return `Searched: ${plural(card.result.chats.length, "chat")} (index ${card.result.index_status ?? "?"}).`;
  }
}

/** The compact line for `card`. Pure. */
export function compactCardText(card: HistoryCard): string {
  switch (card.kind) {
    case "explore":
      return exploreLine(card.card);
    case "read_chat":
      return readLine(card.card);
    case "search_chats":
      return searchLine(card.card);
  }
}
