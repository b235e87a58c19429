/**
 * `exit_plan`: ends plan mode by marking the newest plan of this app and chat `ready` for the
 * person to approve. Only plan mode gets it.
 */
import { z } from "zod";
import { AbortedError, PreconditionError } from "../../errors/recollect-error.js";
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
      const planId = ctx.store.db
        .prepare("SELECT id FROM plans WHERE app_id = ? AND chat_id IS ? ORDER BY id DESC LIMIT 1")
        .pluck()
        .get(ctx.appId, ctx.chatId);
      if (typeof planId !== "number") {
        throw new PreconditionError("plan", "exit_plan needs a plan saved with write_plan first.");
      }
      ctx.store.db
        .prepare("UPDATE plans SET status = 'ready', updated_at = ? WHERE id = ?")
        .run(now(), planId);
      return { plan_id: planId, status: "ready" };
    },
    toModelOutput: (output) => JSON.stringify(output),
  };
}
