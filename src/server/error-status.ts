/**
 * The only place the server turns a {@link RecollectErrorKind} into an HTTP status (STYLE.md §
 * What we take). Used by the app's single `onError`.
 */
import type { Context } from "hono";
import { invalidInputFields } from "../errors/invalid-input-fields.js";
import type { RecollectErrorKind } from "../errors/recollect-error.js";
import { toRecollectError } from "../errors/recollect-error.js";

/** HTTP status for each error kind. 499 follows the common "client closed request" convention. */
export const STATUS_BY_KIND: Readonly<Record<RecollectErrorKind, number>> = {
  invalid_input: 400,
  not_found: 404,
  user_cancelled: 409,
  precondition: 412,
  budget_exhausted: 422,
  import_format: 422,
  rate_limited: 429,
  aborted: 499,
  internal: 500,
  provider: 502,
  store_busy: 503,
};

/**
 * `onError` handler: classifies any error and answers `{ error: { kind, message } }` with the
 * kind's status; invalid input adds `argument`, `allowed` (and `length`/`limit`: `invalidInputFields`).
 * Internal errors answer a generic message (their text may carry details from libraries) and are
 * logged to stderr without request bodies.
 */
export function errorResponse(error: unknown, _context: Context): Response {
  const classified = toRecollectError(error);
  const status = STATUS_BY_KIND[classified.kind];
  const message = classified.kind === "internal" ? "Internal error." : classified.message;
  if (classified.kind === "internal") {
    process.stderr.write(`recollect serve: internal error: ${classified.message}\n`);
  }
  const body = { error: { kind: classified.kind, message, ...invalidInputFields(classified) } };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
