/**
 * Any card a tool call shows in an assistant message: the explorer's card or a legacy search or
 * read card. This is the value `ToolExecutionContext.updateCard`, the `card-update` event, the
 * server's SSE, the web app and the terminal pass around.
 */
import { z } from "zod";
import { type ExploreCard, exploreCardSchema } from "./explore-card.js";
import {
  type ReadChatCard,
  readChatCardSchema,
  type SearchChatsCard,
  searchChatsCardSchema,
} from "./legacy-cards.js";

/** A card, tagged by the tool family that shows it. */
export type HistoryCard =
  | { readonly kind: "explore"; readonly card: ExploreCard }
  | { readonly kind: "search_chats"; readonly card: SearchChatsCard }
  | { readonly kind: "read_chat"; readonly card: ReadChatCard };

/** Validates a card received from outside the process (e.g. the browser reading SSE). */
export const historyCardSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("explore"), card: exploreCardSchema }),
  z.object({ kind: z.literal("search_chats"), card: searchChatsCardSchema }),
  z.object({ kind: z.literal("read_chat"), card: readChatCardSchema }),
]);

/** Wraps an explorer card. */
export const exploreHistoryCard = (card: ExploreCard): HistoryCard => ({ kind: "explore", card });
