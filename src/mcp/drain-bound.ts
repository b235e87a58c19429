/**
 * How long `recollect mcp` lets unanswered requests run once the client closed stdin (or the
 * first SIGINT/SIGTERM came), before it exits anyway.
 *
 * 30 s: an offline explorer run answers within a few seconds, and a hosted-Engine run of the
 * explorer's 10 steps usually within that; a client that closed stdin and is gone must not keep a
 * process (and the store's files) busy for minutes, which the 120 s model idle bound alone would
 * allow per step. Hosts that want the process gone sooner say so: the SDK's stdio client sends
 * SIGTERM 2 s after closing stdin, and a signal during the drain ends it at once.
 */
export const MCP_DRAIN_TIMEOUT_MS = 30_000;

/** Longest drain `RECOLLECT_MCP_DRAIN_TIMEOUT_MS` may set, ms (10 minutes). */
const MAX_DRAIN_TIMEOUT_MS = 600_000;

/**
 * The drain bound, ms: `RECOLLECT_MCP_DRAIN_TIMEOUT_MS` when it is an integer from 0 to 600,000
 * (0: exit at once, as before the drain existed), else {@link MCP_DRAIN_TIMEOUT_MS}.
 */
export function mcpDrainTimeoutMs(env: NodeJS.ProcessEnv): number {
  const raw = env.RECOLLECT_MCP_DRAIN_TIMEOUT_MS;
  if (raw === undefined || !/^\d{1,6}$/.test(raw.trim())) return MCP_DRAIN_TIMEOUT_MS;
  const value = Number(raw.trim());
  return value <= MAX_DRAIN_TIMEOUT_MS ? value : MCP_DRAIN_TIMEOUT_MS;
}
