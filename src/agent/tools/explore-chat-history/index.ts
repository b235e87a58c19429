/**
 * The explorer's public seam (plan § Sub-agent Modules). `exploreChatHistoryTool` is wired to
 * `history/`'s real `searchChats()` / `readChat()`; `createExploreChatHistoryTool` lets hosts and
 * tests inject them. The card grammar and report schema are exported for renderers.
 */
import { readChat, searchChats } from "../../../history/index.js";
import { createExploreChatHistoryTool } from "./explore-chat-history-tool.js";

export { EXPLORER_BUDGETS, type ExplorerBudgets } from "./budgets.js";
export {
  CARD_STATES,
  CARD_TAG,
  type CardState,
  cardStateForReport,
  type ExploreCard,
  parseCard,
  parseCards,
  renderCard,
  reportCounts,
} from "./card-xml.js";
export {
  createExploreChatHistoryTool,
  EXPLORE_TOOL_NAME,
  type ExploreChatHistoryInput,
  type ExploreChatHistoryOutput,
  exploreChatHistoryInputSchema,
} from "./explore-chat-history-tool.js";
export {
  describeProgress,
  EXPLORE_PHASES,
  type ExplorePhase,
  type ExploreProgress,
} from "./progress.js";
export * from "./report-schema.js";
export { type ExplorerRun, type RunExplorerOptions, runExplorer } from "./run-explorer.js";
export type { ExplorerStats } from "./stats.js";

/** The production tool over `history/`'s retrieval functions. */
export const exploreChatHistoryTool = createExploreChatHistoryTool({ searchChats, readChat });
