/**
 * Renders one message's content: text as markdown-lite, history cards as cards. Stored messages
 * and streamed ones go through the same {@link segmentMessage} path.
 */
import { ExploreCard } from "../card/explore-card.js";
import { LegacyCard } from "../card/legacy-card.js";
import { MarkdownLite } from "./markdown-lite.js";
import type { MessageSegment } from "./segment-message.js";

/** Renders already-segmented content. Keys are positional: segments of a message never reorder. */
export function SegmentView({ segment }: { segment: MessageSegment }) {
  switch (segment.kind) {
    case "text":
      return <MarkdownLite text={segment.text} />;
    case "explore":
      return <ExploreCard card={segment.card} />;
    case "legacy":
      return <LegacyCard tag={segment.tag} attributes={segment.attributes} body={segment.body} />;
  }
}
