/**
 * Which of the client's requests the server has not answered yet, so that `recollect mcp` can let
 * them finish before it exits. A piped one-shot client (`printf '…' | recollect mcp`) closes stdin
 * right after its last request; closing the SDK's `Server` then aborts every running handler and
 * drops its answer, so the server first waits for the requests it holds (bounded by the caller).
 *
 * A request is in flight from the message that carries its id until a result or error with that
 * id is sent, or until the client cancels it (`notifications/cancelled`: the SDK then sends
 * nothing, MCP § Cancellation).
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";

/** The requests a transport has received and not yet answered. */
export interface InFlightRequests {
  /** How many are unanswered now. */
  readonly size: number;
  /**
   * Resolves true once none is unanswered (at once when none is), or false after `timeoutMs`
   * (or when `signal` aborts) with some still unanswered.
   */
  settled(timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
}

/** The id of a request (a message with `method` and `id`); undefined for anything else. */
function requestId(message: JSONRPCMessage): RequestId | undefined {
  return "method" in message && "id" in message ? message.id : undefined;
}

/** The id a response answers (`result` or `error` with an `id`); undefined for anything else. */
function answeredId(message: JSONRPCMessage): RequestId | undefined {
  return ("result" in message || "error" in message) && "id" in message ? message.id : undefined;
}

/** The request a `notifications/cancelled` names; undefined for any other message. */
function cancelledId(message: JSONRPCMessage): RequestId | undefined {
  if (!("method" in message) || message.method !== "notifications/cancelled") return undefined;
  const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

/**
 * Follows `transport`'s incoming requests and outgoing answers. Call before the server connects:
 * the SDK keeps the `onmessage` set here and calls its own after it, and sends through the
 * wrapped `send`, so an answer counts once it has been handed to the transport.
 */
export function trackInFlightRequests(transport: Transport): InFlightRequests {
  const pending = new Set<RequestId>();
  const waiters = new Set<() => void>();
  const settle = (id: RequestId | undefined) => {
    if (id === undefined || !pending.delete(id) || pending.size > 0) return;
    for (const wake of waiters) wake();
  };

  const previous = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const id = requestId(message);
    if (id !== undefined) pending.add(id);
    settle(cancelledId(message));
    previous?.(message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    settle(answeredId(message));
  };

  return {
    get size() {
      return pending.size;
    },
    settled(timeoutMs, signal) {
      if (pending.size === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const finish = (drained: boolean) => {
          clearTimeout(timer);
          waiters.delete(wake);
          signal?.removeEventListener("abort", abort);
          resolve(drained);
        };
        const wake = () => finish(true);
        const abort = () => finish(false);
        const timer = setTimeout(abort, timeoutMs);
        waiters.add(wake);
        signal?.addEventListener("abort", abort, { once: true });
        if (signal?.aborted) abort();
      });
    },
  };
}
