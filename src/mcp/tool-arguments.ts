import type { z } from "zod";
import { InvalidInputError } from "../errors/recollect-error.js";

/**
 * Parses a tool call's `arguments` with the tool's own input schema (the one its `inputSchema`
 * JSON Schema is generated from).
 *
 * @throws InvalidInputError naming the first failing argument (`query`, `chat_id`, …; `arguments`
 *   when the whole value is wrong) and, as what is allowed, the schema's own description of it.
 */
export function parseToolArguments<Input>(schema: z.ZodType<Input>, args: unknown): Input {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const argument = issue?.path.map(String).join(".") || "arguments";
  throw new InvalidInputError(argument, allowedFrom(issue?.message));
}

/** zod's "Too small: expected string to have >=1 characters" → "string to have >=1 characters". */
function allowedFrom(message: string | undefined): string {
  if (!message) return "a valid value";
  const at = message.indexOf("expected ");
  return at === -1 ? message : message.slice(at + "expected ".length);
}
