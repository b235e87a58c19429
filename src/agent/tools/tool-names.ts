/**
 * Tool names and the name sets the toolset filters read (plan § Tool Exposure and Entitlement).
 * Names only, no implementations, so every layer can import them cheaply.
 */

/** The explorer (H3b's `exploreChatHistoryTool`). */
export const EXPLORE_CHAT_HISTORY_TOOL_NAME = "explore_chat_history";

/**
 * The three history tools (plan: "all three capabilities are unavailable to non-Pro users with no
 * fallback"). Basic-agent (not Pro) filtering removes every name here; so does free-model mode.
 */
export const PRO_AGENT_ONLY_TOOLS: ReadonlySet<string> = new Set([
  "explore_chat_history",
  "read_chat",
  "search_chats",
]);

/** The whole history surface free-model mode removes, including direct `read_chat`. */
export const HISTORY_TOOL_NAMES: ReadonlySet<string> = PRO_AGENT_ONLY_TOOLS;

/** Tools internal to the explorer: implemented, never in any primary toolset. */
export const INTERNAL_ONLY_TOOLS: ReadonlySet<string> = new Set(["search_chats"]);

/** Tools only plan mode gets (they write plans, so ask mode never has them either). */
export const PLAN_MODE_ONLY_TOOLS: ReadonlySet<string> = new Set(["write_plan", "exit_plan"]);
