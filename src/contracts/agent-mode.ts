/**
 * The primary agent's modes (DESIGN.md vocabulary): `agent` may change state, `ask` is read-only,
 * `plan` is read-only plus the planning tools (`write_plan`, `exit_plan`).
 */
export type AgentMode = "agent" | "ask" | "plan";

/** Every mode, in display order; for argument validation and UI choices. */
export const AGENT_MODES: readonly AgentMode[] = ["agent", "ask", "plan"];

/** True when `value` names a mode. */
export function isAgentMode(value: string): value is AgentMode {
  return (AGENT_MODES as readonly string[]).includes(value);
}
