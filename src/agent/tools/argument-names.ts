/**
 * A tool's argument names as values typed by its own input schema, for the sentences that tell a
 * model how to call the tool: `argumentNames(childReadInputSchema).around_message_id` is the
 * string `"around_message_id"`, and renaming the argument in the schema fails to compile wherever
 * a description, prompt or routing line names it, so the two can never drift apart.
 */
import type { z } from "zod";

/** Each key of `shape` mapped to itself. */
export type ArgumentNames<Shape extends z.ZodRawShape> = {
  readonly [Name in keyof Shape & string]: Name;
};

/** The argument names of an object `schema` (see the module doc). Pure; never throws. */
export function argumentNames<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
): ArgumentNames<Shape> {
  const names = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, name]));
  return Object.freeze(names) as ArgumentNames<Shape>;
}
