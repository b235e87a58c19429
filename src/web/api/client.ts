/**
 * The browser's API client. Every response is validated with the shared zod schemas before use;
 * errors become {@link ApiError} with the server's classified `kind`.
 */
import type { z } from "zod";
import type { ReplyLocale } from "../../contracts/reply-locale.js";
import { errorResponseSchema } from "../../server/shared/api-types.js";
import { type ServerEvent, serverEventSchema } from "../../server/shared/server-events.js";
import { ssePayloads } from "../../server/shared/sse-frames.js";

/** A failed API call: `kind` is the server's error kind (or `network` / `invalid_response`). */
export class ApiError extends Error {
  readonly kind: string;
  readonly status: number;
  constructor(kind: string, status: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.status = status;
  }
}

async function failure(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const parsed = errorResponseSchema.safeParse(body);
  return parsed.success
    ? new ApiError(parsed.data.error.kind, response.status, parsed.data.error.message)
    : new ApiError("internal", response.status, `HTTP ${response.status}`);
}

async function parsed<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  if (!response.ok) throw await failure(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError("invalid_response", response.status, "The server sent invalid JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ApiError("invalid_response", response.status, "The server sent an unexpected shape.");
  }
  return result.data;
}

/** The kind of an {@link ApiError} for a server that could not be reached or went away. */
export const NETWORK_ERROR_KIND = "network";

/**
 * `fetch`, with a failure to reach the server (it stopped, the network is down) as an
 * {@link ApiError} of kind {@link NETWORK_ERROR_KIND} instead of the browser's bare TypeError.
 */
async function request(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    throw new ApiError(
      NETWORK_ERROR_KIND,
      0,
      error instanceof Error ? error.message : "The server could not be reached.",
    );
  }
}

/** GETs `path` and validates the JSON body. */
export async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
  return parsed(await request(path, { headers: { accept: "application/json" } }), schema);
}

/** Sends a JSON body; validates the response with `schema`, or expects no content when null. */
export async function sendJson<T>(
  method: "POST" | "PUT",
  path: string,
  body: unknown,
  schema: z.ZodType<T> | null,
): Promise<T | null> {
  const response = await request(path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (schema === null) {
    if (!response.ok) throw await failure(response);
    return null;
  }
  return parsed(response, schema);
}

function parseEvent(payload: string): ServerEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null; // a malformed frame is skipped, never half-applied
  }
  const result = serverEventSchema.safeParse(json);
  return result.success ? (result.data as ServerEvent) : null;
}

/**
 * Starts a turn (Recollect's own fixed replies in `locale`) and calls `onEvent` for each validated event until a terminal event
 * (`turn-finish` / `turn-error`).
 * @throws ApiError when the server refuses the turn (e.g. 404 chat, 400 empty message), or of
 *   kind {@link NETWORK_ERROR_KIND} when the server cannot be reached or its stream breaks or ends
 *   before a terminal event (the server stopped mid-turn).
 */
export async function streamTurn(
  chatId: number,
  message: string,
  locale: ReplyLocale,
  onEvent: (event: ServerEvent) => void,
): Promise<void> {
  const response = await request(`/api/chats/${chatId}/turns`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ message, locale }),
  });
  if (!response.ok || !response.body) throw await failure(response);
  try {
    for await (const payload of ssePayloads(response.body)) {
      const event = parseEvent(payload);
      if (!event) continue;
      onEvent(event);
      // Nothing follows a terminal event; stop reading (which cancels the body) even if the server
      // is still cleaning up.
      if (event.type === "turn-finish" || event.type === "turn-error") return;
    }
  } catch (error) {
    throw new ApiError(
      NETWORK_ERROR_KIND,
      0,
      error instanceof Error ? error.message : "The turn's stream broke.",
    );
  }
  // The server went away mid-turn: a stream always ends with a terminal event otherwise.
  throw new ApiError(NETWORK_ERROR_KIND, 0, "The turn's stream ended without a result.");
}
