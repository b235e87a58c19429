/**
 * The tool registry (plan § Tool Exposure and Entitlement, Phase 1 and 4).
 *
 * `TOOL_DEFINITIONS` lists every tool the primary agent may be given, in the order the model sees
 * them: the explorer, the Pro-only `read_chat` drill-down, and the host's own small tools.
 * `search_chats` is deliberately absent (internal to the explorer); its implementation stays in
 * `INTERNAL_TOOL_DEFINITIONS` with its legacy card renderer.
 */
import { routedReadChat, routedSearchChats } from "../../history/index.js";
import { createExitPlanTool } from "./exit-plan-tool.js";
import { exploreChatHistoryTool } from "./explore-chat-history/index.js";
import { createReadChatTool } from "./read-chat-tool.js";
import { createSearchChatsTool } from "./search-chats-tool.js";
import { setChatSummaryTool } from "./set-chat-summary-tool.js";
import type { ToolDefinition } from "./tool-definition.js";
import { createWritePlanTool } from "./write-plan-tool.js";

export {
  EXPLORE_CHAT_HISTORY_TOOL_NAME,
  HISTORY_TOOL_NAMES,
  INTERNAL_ONLY_TOOLS,
  PLAN_MODE_ONLY_TOOLS,
  PRO_AGENT_ONLY_TOOLS,
} from "./tool-names.js";

/**
 * Any tool definition, whatever its input and output. Every concrete `ToolDefinition` is
 * assignable to it (its methods are declared with method syntax); the host only ever calls
 * `execute` with input that tool's own `inputSchema` parsed, and hands its output back to the same
 * tool's `toModelOutput`.
 */
export type AnyToolDefinition = ToolDefinition<unknown, unknown>;

/** The `read_chat` tool wired to `history/`'s `readChat()` (a team's store's when the turn names one). */
export const readChatTool = createReadChatTool({ readChat: routedReadChat });

/** The internal `search_chats` tool wired to `history/`'s `searchChats()` (routed alike). */
export const searchChatsTool = createSearchChatsTool({ searchChats: routedSearchChats });

/** Every tool the primary agent may be given, in model-facing order. Never includes search_chats. */
export const TOOL_DEFINITIONS: readonly AnyToolDefinition[] = [
  exploreChatHistoryTool,
  readChatTool,
  setChatSummaryTool,
  createWritePlanTool(),
  createExitPlanTool(),
];

/** Implemented tools that no primary toolset ever contains (kept for internal reuse and rendering). */
export const INTERNAL_TOOL_DEFINITIONS: readonly AnyToolDefinition[] = [searchChatsTool];
