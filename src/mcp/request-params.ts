/**
 * A request whose `params` do not fit its method's schema (a `tools/call` with no `params`, no
 * `name`, or `arguments` that are not an object) gets a one-line `-32602` Invalid params answer
 * naming the parameter, the JSON type it must be and the kind of value that arrived, and never
 * reaches the SDK's dispatcher. The SDK (1.x) parses a request with the handler's zod schema before
 * the handler runs and answers a failure with `-32603` Internal error and the zod issue list as the
 * message (modelcontextprotocol/typescript-sdk#2284, open): JSON-RPC 2.0 § 5.1 assigns a caller's
 * bad parameters `-32602`.
 *
 * Malformed tool arguments inside a well-formed `arguments` object (an empty `query`, a `chat_id`
 * of the wrong type) are not this: they stay `isError` tool results (`tool-arguments.ts`), which the
 * host's model reads and can correct (MCP § Tools, error handling).
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { type ReceivedKind, receivedKind } from "./tool-arguments.js";

/** What the `data` of a `-32602` answer holds. */
export interface InvalidParamsData {
  /** The parameter's path from the request, e.g. `params`, `params.name`, `params.arguments`. */
  readonly argument: string;
  /** The JSON type it must have: `object`, `string`, … (`value` when zod names no type). */
  readonly expected: string;
  readonly received: ReceivedKind;
}

/** zod's names for types a JSON value can have, in JSON's own words. */
const JSON_TYPE_OF_ZOD: Readonly<Record<string, string>> = {
  record: "object",
  object: "object",
  string: "string",
  number: "number",
  int: "integer",
  boolean: "boolean",
  array: "array",
};

/** The `-32602` data for `message` under `schema`; null when its params fit. */
export function invalidParamsOf(
  schema: z.ZodType,
  message: { readonly method: string; readonly params?: unknown },
): InvalidParamsData | null {
  const parsed = schema.safeParse({ method: message.method, params: message.params });
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String) ?? ["params"];
  let value: unknown = message;
  for (const key of path) {
    value =
      value !== null && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)[key]
        : undefined;
  }
  const zodType = issue && "expected" in issue ? String(issue.expected) : "";
  return {
    argument: path.length > 0 ? path.join(".") : "params",
    expected: JSON_TYPE_OF_ZOD[zodType] ?? "value",
    received: receivedKind(value),
  };
}

/** The one-line message of an Invalid params answer, e.g. "Invalid params: params.arguments must be an object (got string)". */
export function invalidParamsMessage(data: InvalidParamsData): string {
  const article = /^[aeiou]/.test(data.expected) ? "an" : "a";
  const got = data.received === "missing" ? "got nothing" : `got ${data.received}`;
  return `Invalid params: ${data.argument} must be ${article} ${data.expected} (${got})`;
}

/**
 * Answers every request to one of `schemas`' methods whose params fail that method's schema with
 * `-32602` (message {@link invalidParamsMessage}, data {@link InvalidParamsData}) instead of handing
 * it to the SDK. Call right after the server connected: it wraps the `onmessage` the SDK installed
 * (the SDK reads stdin only from the next I/O turn, so no message can slip past).
 */
export function answerInvalidParams(
  transport: Transport,
  schemas: Readonly<Record<string, z.ZodType>>,
): void {
  const dispatch = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage, extra) => {
    if ("method" in message && "id" in message) {
      const schema = schemas[message.method];
      const data = schema ? invalidParamsOf(schema, message) : null;
      if (data !== null) {
        const reply: JSONRPCMessage = {
          jsonrpc: "2.0",
          id: message.id,
          error: { code: ErrorCode.InvalidParams, message: invalidParamsMessage(data), data },
        };
        transport.send(reply).catch(() => undefined);
        return;
      }
    }
    dispatch?.(message, extra);
  };
}
