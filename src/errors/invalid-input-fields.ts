/**
 * The machine-readable fields of a refused input, for the surfaces that answer with data (the
 * HTTP API, the MCP server's tool results): `argument` (which part of the request, e.g. `query`,
 * `body.title`, a header) and `allowed` (what is accepted), plus `length` and `limit` (characters)
 * for text over its bound. Only these: an error's other fields (ids, paths) are each surface's
 * own choice. Empty for any other error.
 */
import { InvalidInputError, TextTooLongError } from "./recollect-error.js";

/** See the module doc. Never throws. */
export function invalidInputFields(error: unknown): Record<string, string | number> {
  if (!(error instanceof InvalidInputError)) return {};
  return {
    argument: error.argument,
    allowed: error.allowed,
    ...(error instanceof TextTooLongError ? { length: error.length, limit: error.limit } : {}),
  };
}
