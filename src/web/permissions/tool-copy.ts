/**
 * Which translation keys name and describe a tool. Known tools have their own copy; a host tool
 * this build has no copy for falls back to the generic "other" text plus its raw name.
 */
const KNOWN_TOOLS = [
  "explore_chat_history",
  "read_chat",
  "set_chat_summary",
  "write_plan",
  "exit_plan",
] as const;
type KnownTool = (typeof KNOWN_TOOLS)[number];

/** True if the tool has its own copy. */
export function isKnownTool(tool: string): tool is KnownTool {
  return (KNOWN_TOOLS as readonly string[]).includes(tool);
}

/** The `permissions.tools.*` key prefix for a tool. */
export function toolCopyKey(tool: string): `permissions.tools.${KnownTool | "other"}` {
  return `permissions.tools.${isKnownTool(tool) ? tool : "other"}`;
}
