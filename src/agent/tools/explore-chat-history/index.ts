/**
 * The explorer's public seam (plan § Sub-agent Modules). `exploreChatHistoryTool` is wired to
 * `history/`'s real `searchChats()` / `readChat()`; `createExploreChatHistoryTool` lets hosts and
 * tests inject them. The card and the report shape it shows live in `card/`; the report schema is
 * re-exported here because the explorer produces it.
 */
import { routedReadChat, routedSearchChats } from "../../../history/index.js";
import { createExploreChatHistoryTool } from "./explore-chat-history-tool.js";

export * from "../../../card/report-schema.js";
export { EXPLORER_BUDGETS, type ExplorerBudgets } from "./budgets.js";
export {
  createExploreChatHistoryTool,
  EXPLORE_TOOL_NAME,
  type ExploreChatHistoryInput,
  type ExploreChatHistoryOutput,
  exploreChatHistoryInputSchema,
} from "./explore-chat-history-tool.js";
export { describeProgress } from "./progress.js";
export { type ExplorerRun, type RunExplorerOptions, runExplorer } from "./run-explorer.js";
export type { ExplorerStats } from "./stats.js";

/**
 * The production tool over `history/`'s retrieval functions: the local store's, or the team
 * store's when the turn's context names one (`AgentContext.history`).
 */
export const exploreChatHistoryTool = createExploreChatHistoryTool({
  searchChats: routedSearchChats,
  readChat: routedReadChat,
});
