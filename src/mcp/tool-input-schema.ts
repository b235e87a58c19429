/**
 * The schema an MCP tool call's `arguments` are checked against and the tool's published
 * `inputSchema` is generated from: the tool's own zod input schema, refusing keys it does not
 * declare. zod's plain objects drop unknown keys silently, so a misnamed argument (`message_id`
 * for `around_message_id`) would be ignored and the call would run without it; strict, the call
 * is refused, and the JSON Schema says `additionalProperties: false`, so clients learn it up
 * front. Only this surface is strict: the primary agent's and the explorer's own tool calls keep
 * the schemas as they are.
 */
import { z } from "zod";

/**
 * The strict twin of each tool schema, made once: `.strict()` builds a new schema, which zod then
 * compiles again on its first parse, and every `tools/call` parses through it.
 */
const strictSchemas = new WeakMap<z.ZodType, z.ZodType>();

/** `schema` refusing undeclared keys when it is an object schema; any other schema as it is. */
export function toolInputSchema<Input>(schema: z.ZodType<Input>): z.ZodType<Input> {
  if (!(schema instanceof z.ZodObject)) return schema;
  let strict = strictSchemas.get(schema);
  if (strict === undefined) {
    // `.strict()` keeps the object's properties, their refinements and its own checks.
    strict = schema.strict();
    strictSchemas.set(schema, strict);
  }
  return strict as z.ZodType<Input>;
}
