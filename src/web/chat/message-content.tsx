/**
 * Renders one message's content: text as markdown, history cards as cards. Stored messages (split
 * by the server) and streamed ones (cards arrive as values) render through the same view.
 */
import type { HistoryCard } from "../../card/history-card.js";
import type { MessageSegment } from "../../card/segment-message.js";
import { ExploreCard } from "../card/explore-card.js";
import { LegacyCard } from "../card/legacy-card.js";
import { Markdown } from "./markdown.js";

/** One card of any kind. */
export function CardView({ card }: { card: HistoryCard }) {
  return card.kind === "explore" ? <ExploreCard card={card.card} /> : <LegacyCard {...card} />;
}

/** Renders already-segmented content. Keys are positional: segments of a message never reorder. */
export function SegmentView({ segment }: { segment: MessageSegment }) {
  return segment.kind === "text" ? (
    <Markdown text={segment.text} />
  ) : (
    <CardView card={segment.card} />
  );
}
