/**
 * The history card: its model (explorer and legacy cards, states, the report shape it shows) and
 * its persisted XML form. A leaf: it imports nothing from the rest of Recollect, so every layer
 * (tools, events, server, web, terminal) can pass cards as values.
 */
export {
  CARD_TAG,
  CARD_TAGS,
  type CardTag,
  parseCardXml,
  renderCardXml,
} from "./card-xml.js";
export {
  CITATION_SCHEME,
  type CitationAddress,
  citationHref,
  citationLink,
  parseCitationHref,
} from "./citation-link.js";
export {
  CARD_STATES,
  type CardState,
  cardStateForReport,
  type ExploreCard,
  exploreCardSchema,
  REPORT_CARD_STATES,
  type ReportCardState,
  reportCounts,
} from "./explore-card.js";
export {
  EXPLORE_PHASES,
  type ExplorePhase,
  type ExploreProgress,
  exploreProgressSchema,
} from "./explore-progress.js";
export { exploreHistoryCard, type HistoryCard, historyCardSchema } from "./history-card.js";
export {
  READ_CHAT_TAG,
  type ReadChatCard,
  readChatCardSchema,
  SEARCH_CHATS_TAG,
  type SearchChatsCard,
  type ShownReadResult,
  type ShownSearchMatch,
  type ShownSearchResult,
  searchChatsCardSchema,
  shownReadResultSchema,
  shownSearchResultSchema,
} from "./legacy-cards.js";
export * from "./report-schema.js";
export {
  type MessageSegment,
  messageSegmentSchema,
  segmentMessage,
  withoutCards,
} from "./segment-message.js";
export { escapeXml, unescapeEntities } from "./xml-escape.js";
