/**
 * A line on stdin that is not a JSON-RPC message gets a JSON-RPC error reply, and the server keeps
 * serving. The SDK's stdio transport drops such a line and only reports it to `onerror`; JSON-RPC
 * 2.0 § 5 asks for a reply — `-32700` Parse error when the line is not JSON, `-32600` Invalid
 * Request when it is JSON but no JSON-RPC message — whose id is null because none could be read.
 * MCP's schema (2025-11-25) makes the error response's `id` optional for this case, and the SDK's
 * client accepts a reply without one, so the reply omits it.
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
