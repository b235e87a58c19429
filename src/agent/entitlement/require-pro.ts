import { PreconditionError } from "../../errors/recollect-error.js";
import { TURN_PRO_ON } from "../../settings/index.js";
import type { AgentContext } from "../context.js";

/**
 * The execution-time Pro check every history tool runs before touching the store. Toolset
 * exclusion is not a security boundary (plan § Tool Exposure): a direct call from a non-Pro
 * context fails here, before any data is read.
 *
 * @throws PreconditionError (`missing: "pro"`, remedy {@link TURN_PRO_ON}) when `ctx.isPro` is false.
 */
export function requirePro(ctx: Pick<AgentContext, "isPro">, toolName: string): void {
  if (!ctx.isPro) {
    throw new PreconditionError(
      "pro",
      `${toolName} requires Pro. History tools are unavailable without it, and there is no fallback.`,
      [TURN_PRO_ON],
    );
  }
}
