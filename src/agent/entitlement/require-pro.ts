import { proRequiredError } from "../../settings/index.js";
import type { AgentContext } from "../context.js";

/**
 * The execution-time Pro check every history tool runs before touching the store. Toolset
 * exclusion is not a security boundary (plan § Tool Exposure): a direct call from a non-Pro
 * context fails here, before any data is read.
 *
 * `settingsPath` is the store's settings file, where Pro is turned on (null: in-memory settings).
 *
 * @throws PreconditionError (`missing: "pro"`, remedy `TURN_PRO_ON`) when `ctx.isPro` is
 *   false; a ProLockedOffError, with no remedy, when the settings file's folder is read-only.
 */
export function requirePro(
  ctx: Pick<AgentContext, "isPro">,
  toolName: string,
  settingsPath: string | null = null,
): void {
  if (!ctx.isPro) {
    throw proRequiredError(
      `${toolName} requires Pro. History tools are unavailable without it, and there is no fallback.`,
      settingsPath,
    );
  }
}
