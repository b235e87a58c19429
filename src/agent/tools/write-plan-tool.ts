/**
 * `write_plan`: plan mode's tool for saving a plan (issue 4 § Build 1). Plans go to the `plans`
 * table (migration 003), scoped to the locked app and the current chat. Only plan mode gets it
 * (`PLAN_MODE_ONLY_TOOLS` in the registry).
 */
import { z } from "zod";
import { AbortedError } from "../../errors/recollect-error.js";
import { insertDraftPlan } from "../../store/catalog/plans.js";
import type { ToolDefinition } from "./tool-definition.js";

/** The tool's name. */
export const WRITE_PLAN_TOOL_NAME = "write_plan";

/** Longest plan title, in characters. */
export const MAX_PLAN_TITLE_CHARS = 120;
/** Longest plan body (Markdown), in characters: a detailed plan, bounded for the store. */
export const MAX_PLAN_BODY_CHARS = 20_000;

const inputSchema = z.object({
  title: z.string().trim().min(1).max(MAX_PLAN_TITLE_CHARS),
  plan: z.string().trim().min(1).max(MAX_PLAN_BODY_CHARS),
});

/** Input: title 1–120 chars; plan (Markdown) 1–20,000 chars. */
export type WritePlanInput = z.infer<typeof inputSchema>;

/** Output: the new plan's id and status (`draft` until `exit_plan`). */
export interface WritePlanOutput {
  readonly plan_id: number;
  readonly status: "draft";
}

/** Options for {@link createWritePlanTool}. */
export interface WritePlanToolOptions {
  /** Clock in milliseconds since the epoch; injected for exact tests. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Builds `write_plan`: inserts a `draft` plan for `ctx.appId` (and `ctx.chatId`, when in a chat).
 * `modifiesState: true` (it writes), consent default `always`, no Engine, no Pro needed.
 */
export function createWritePlanTool(
  options: WritePlanToolOptions = {},
): ToolDefinition<WritePlanInput, WritePlanOutput> {
  const now = options.now ?? Date.now;
  return {
    name: WRITE_PLAN_TOOL_NAME,
    description:
      "Save the implementation plan you have worked out (Markdown). Call it again to save a revised plan; then call exit_plan when the plan is ready for the person to approve.",
    inputSchema,
    defaultConsent: "always",
    usesEngineEndpoint: false,
    modifiesState: true,
    isEnabled: () => true,
    consentPreview: () => "Save a plan for this app.",
    async execute(input, ctx) {
      if (ctx.abortSignal.aborted) throw new AbortedError();
      const time = now();
      const planId = insertDraftPlan(ctx.store.db, {
        appId: ctx.appId,
        chatId: ctx.chatId,
        title: input.title,
        body: input.plan,
        nowMs: time,
      });
      return { plan_id: planId, status: "draft" };
    },
    toModelOutput: (output) => JSON.stringify(output),
  };
}
