/**
 * Zod schemas for reading the child protocol's tool answers back out of the prompt. The offline
 * engine never trusts prompt JSON: anything that does not parse is ignored, like a model would
 * ignore noise. Shapes mirror `ChildSearchOutput`, `ChildReadOutput`, `ChildToolError` and
 * `ChildSubmitOutput` in `agent/tools/explore-chat-history/child-protocol.ts`; unknown extra
 * fields are allowed so the host can add fields without breaking the engine.
 */
import { z } from "zod";

/** `ChildBudgetView`: remaining calls, observation bytes and model steps. */
export const budgetViewSchema = z.object({
  calls_left: z.number(),
  observation_bytes_left: z.number(),
  steps_left: z.number(),
});

const roleSchema = z.enum(["user", "assistant"]);

/** `ChildSearchOutput`. */
export const searchOutputSchema = z.object({
  index_status: z.enum(["ready", "indexing"]),
  pending_count: z.number().optional(),
  truncated: z.boolean().optional(),
  chats: z.array(
    z.object({
      chat_id: z.number(),
      title: z.string().nullable().optional(),
      created_at: z.string().optional(),
      matches: z.array(
        z.object({
          candidate_id: z.string(),
          message_id: z.number(),
          role: roleSchema,
          created_at: z.string(),
          excerpt: z.string(),
          is_compaction_summary: z.boolean().optional(),
          projection_truncated: z.boolean().optional(),
        }),
      ),
    }),
  ),
  budget: budgetViewSchema.optional(),
  notice: z.string().optional(),
});

/** `ChildReadOutput`. */
export const readOutputSchema = z.object({
  chat_id: z.number(),
  title: z.string().nullable().optional(),
  messages: z.array(
    z.object({
      candidate_id: z.string(),
      message_id: z.number(),
      role: roleSchema,
      created_at: z.string(),
      content: z.string(),
      is_compaction_summary: z.boolean().optional(),
      projection_truncated: z.boolean().optional(),
    }),
  ),
  has_more_before: z.boolean().optional(),
  has_more_after: z.boolean().optional(),
  truncated: z.boolean().optional(),
  budget: budgetViewSchema.optional(),
  notice: z.string().optional(),
});

/** `ChildToolError`. */
export const toolErrorSchema = z.object({
  error: z.object({ kind: z.string(), message: z.string() }),
  budget: budgetViewSchema.optional(),
});

/** `ChildSubmitOutput`. */
export const submitOutputSchema = z.union([
  z.object({ accepted: z.literal(true) }),
  z.object({ accepted: z.literal(false), reason: z.string() }),
]);

/** Loose inputs as the engine itself (or another model) sent them earlier in the run. */
export const searchInputSchema = z.object({ query: z.string() });
export const readInputSchema = z.object({
  chat_id: z.number(),
  around_message_id: z.number().optional(),
  offset: z.number().optional(),
});
