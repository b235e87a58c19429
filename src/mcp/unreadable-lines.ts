/**
 * A line on stdin that is not a JSON-RPC message gets a JSON-RPC error reply, and the server keeps
 * serving. The SDK's stdio transport drops such a line and only reports it to `onerror`; JSON-RPC
 * 2.0 § 5 asks for a reply — `-32700` Parse error when the line is not JSON, `-32600` Invalid
 * Request when it is JSON but no JSON-RPC message — whose id is null because none could be read.
 * MCP's schema (2025-11-25) makes the error response's `id` optional for this case, and the SDK's
 * client accepts a reply without one, so the reply omits it. Not `"id": null`, as base JSON-RPC
 * writes it: MCP's request ids are strings or numbers, never null, and the SDK's own
 * `JSONRPCMessageSchema` (1.32) refuses such a line, so an SDK client would drop the reply as
 * unreadable itself. A JSON line that has a readable `id` but is no valid message is answered
 * without it too: the SDK's transport hands `onerror` only the zod error, not the line, so the id
 * is gone before the server sees it (modelcontextprotocol/typescript-sdk#2000, open, keeps it);
 * reading it back would mean replacing the SDK's stdio framing.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** The reply code for a transport error that is an unreadable line; null for any other error. */
export function unreadableLineCode(
  error: Error,
): ErrorCode.ParseError | ErrorCode.InvalidRequest | null {
  if (error instanceof SyntaxError) return ErrorCode.ParseError;
  // The transport validates each parsed line with the SDK's zod schema of a JSON-RPC message.
  if (error.name === "ZodError") return ErrorCode.InvalidRequest;
  return null;
}

/** A content-free description of an unreadable line (the transport's error quotes the line). */
export const UNREADABLE_LINE_LOG =
  "a line on stdin was not a JSON-RPC message; answered with an error";

/**
 * Makes `transport` answer every unreadable line with the JSON-RPC error for it. Call before the
 * server connects: the SDK keeps this handler and calls its own after it.
 */
export function answerUnreadableLines(transport: Transport): void {
  const previous = transport.onerror;
  transport.onerror = (error) => {
    previous?.(error);
    const code = unreadableLineCode(error);
    if (code === null) return;
    const reply: JSONRPCMessage = {
      jsonrpc: "2.0",
      error: { code, message: code === ErrorCode.ParseError ? "Parse error" : "Invalid Request" },
    };
    transport.send(reply).catch(() => undefined);
  };
}
