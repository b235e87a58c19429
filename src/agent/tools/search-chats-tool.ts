/**
 * `search_chats`: kept implemented, Pro-gated and renderable, but internal-only (plan § Tool
 * Exposure: "Remove searchChatsTool from the primary TOOL_DEFINITIONS array, but retain its
 * implementation and historical <dyad-search-chats> renderer support"). It is never in a primary
 * toolset: the registry keeps it out of `TOOL_DEFINITIONS`, and `buildToolSet` drops the name
 * even if someone adds it back. Its consent never prompts (internal calls are covered by the
 * explorer invocation); a stored legacy `search_chats` consent value is preserved but unused.
 */
import type { SearchChatsCard } from "../../card/legacy-cards.js";
import type { SearchChatsResult } from "../../history/types.js";
import {
  type ChildSearchInput,
  childSearchInputSchema,
} from "./explore-chat-history/child-protocol.js";
import type { SearchChatsFunction } from "./history-port.js";
import { archivalModelOutput, executeHistoryTool } from "./history-tool-execute.js";
import type { ToolDefinition } from "./tool-definition.js";

/** The tool's name, fixed by the plan. */
export const SEARCH_CHATS_TOOL_NAME = "search_chats";

/** Input: one keyword query (1–500 chars) and at most `limit` chats (1–20, default 8). */
export type SearchChatsToolInput = ChildSearchInput;

/** Options for {@link createSearchChatsTool}. */
export interface SearchChatsToolOptions {
  /** `history/`'s `searchChats()`. */
  readonly searchChats: SearchChatsFunction;
}

const searchCard = (card: SearchChatsCard) => ({ kind: "search_chats", card }) as const;

/**
 * Builds the internal `search_chats` tool. `execute` checks Pro first (`PreconditionError`, nothing
 * searched), renders the legacy `<dyad-search-chats>` card, and returns the typed result (≤ 12 KB
 * serialized, same app only, current chat excluded).
 */
export function createSearchChatsTool(
  options: SearchChatsToolOptions,
): ToolDefinition<SearchChatsToolInput, SearchChatsResult> {
  return {
    name: SEARCH_CHATS_TOOL_NAME,
    description:
      "Keyword search over this app's earlier chats (internal to explore_chat_history; never given to the primary agent).",
    inputSchema: childSearchInputSchema,
    defaultConsent: "always",
    usesEngineEndpoint: true,
    modifiesState: false,
    isEnabled: (ctx) => ctx.isPro,
    consentPreview: () => "Search this app's earlier chats on this device.",
    execute: (input, ctx) =>
      executeHistoryTool(
        ctx,
        SEARCH_CHATS_TOOL_NAME,
        {
          pending: () => searchCard({ state: "pending", query: input.query }),
          done: (result) => searchCard({ state: "done", result }),
          failed: (errorKind) => searchCard({ state: "failed", query: input.query, errorKind }),
        },
        (retrieval) => options.searchChats(retrieval, input),
      ),
    toModelOutput: archivalModelOutput,
  };
}
