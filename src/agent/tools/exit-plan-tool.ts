/**
 * `exit_plan`: ends plan mode by marking the newest plan of this app and chat `ready` for the
 * person to approve. Only plan mode gets it.
 */
import { z } from "zod";
import { AbortedError, PreconditionError } from "../../errors/recollect-error.js";
import { latestPlanId, markPlanReady } from "../../store/catalog/plans.js";
import type { ToolDefinition } from "./tool-definition.js";

/** The tool's name. */
export const EXIT_PLAN_TOOL_NAME = "exit_plan";

const inputSchema = z.object({});

/** Input: none. */
export type ExitPlanInput = z.infer<typeof inputSchema>;

/** Output: the plan now `ready`. */
export interface ExitPlanOutput {
  readonly plan_id: number;
  readonly status: "ready";
}

/** Options for {@link createExitPlanTool}. */
export interface ExitPlanToolOptions {
  /** Clock in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Builds `exit_plan`. `modifiesState: true`, consent default `always`.
 * @throws PreconditionError (`missing: "plan"`) when no plan was written in this app and chat.
 */
export function createExitPlanTool(
  options: ExitPlanToolOptions = {},
): ToolDefinition<ExitPlanInput, ExitPlanOutput> {
  const now = options.now ?? Date.now;
  return {
    name: EXIT_PLAN_TOOL_NAME,
    description:
      "Finish planning: mark the plan saved with write_plan as ready for the person to review. Call only after write_plan.",
    inputSchema,
    defaultConsent: "always",
    usesEngineEndpoint: false,
    modifiesState: true,
    isEnabled: () => true,
    consentPreview: () => "Mark the saved plan as ready.",
    async execute(_input, ctx) {
      if (ctx.abortSignal.aborted) throw new AbortedError();
      const planId = latestPlanId(ctx.store.db, ctx.appId, ctx.chatId);
      if (planId === null) {
        throw new PreconditionError("plan", "exit_plan needs a plan saved with write_plan first.");
      }
      markPlanReady(ctx.store.db, planId, now());
      return { plan_id: planId, status: "ready" };
    },
    toModelOutput: (output) => JSON.stringify(output),
  };
}
