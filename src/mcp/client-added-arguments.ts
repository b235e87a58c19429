/**
 * Tool arguments a known MCP client adds to every tool's parameters on its own and then sends,
 * whatever the tool's `inputSchema` says. The strict argument check (`tool-input-schema.ts`)
 * would refuse every call such a client makes, so these names, and only these, are removed
 * before the check (unless the tool itself declares one) and the removal is logged once per
 * session on stderr: a misnamed argument from a model is still refused.
 */
import { z } from "zod";

/** Name → the client known to add it. Gemini CLI ≥ 0.61 adds `wait_for_previous` (a boolean). */
export const CLIENT_ADDED_ARGUMENTS: Readonly<Record<string, string>> = {
  wait_for_previous: "Gemini CLI",
};

/** `args` without the client-added names the tool does not declare, and the names removed. */
export interface ClientAddedArgumentsRemoved {
  /** `args` itself when nothing was removed (also when it is not a plain object). */
  readonly args: unknown;
  /** The removed names, in `args`' key order; empty when none. */
  readonly ignored: readonly string[];
}

/**
 * Removes {@link CLIENT_ADDED_ARGUMENTS} names from a call's `arguments` object, keeping any the
 * tool's input `schema` declares. Never throws; a non-object
 * `args` is returned as it is for the argument check to refuse.
 */
export function withoutClientAddedArguments(
  args: unknown,
  schema: z.ZodType,
): ClientAddedArgumentsRemoved {
  const declared = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    return { args, ignored: [] };
  }
  const ignored = Object.keys(args).filter(
    (name) => Object.hasOwn(CLIENT_ADDED_ARGUMENTS, name) && !declared.includes(name),
  );
  if (ignored.length === 0) return { args, ignored };
  const kept = Object.fromEntries(Object.entries(args).filter(([name]) => !ignored.includes(name)));
  return { args: kept, ignored };
}
