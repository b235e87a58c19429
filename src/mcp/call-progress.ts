/**
 * The `notifications/progress` of one `tools/call` that carried a `_meta.progressToken`: numbered
 * 1, 2, 3, … with the phase text (counts only), every one written before the call's result and
 * none after it. The MCP spec ends progress with the request; a notification for a finished token
 * reaches a client that has already dropped its handler (the TypeScript SDK then reports "unknown
 * token"). The result waits for {@link CallProgress.settle}, so it is never written ahead of a
 * notification still on its way (e.g. one the SDK queues asynchronously for a task).
 */
import type { ServerNotification } from "@modelcontextprotocol/sdk/types.js";
import { describeProgress } from "../agent/tools/explore-chat-history/progress.js";
import type { ExploreProgress } from "../card/explore-progress.js";

/** What {@link createCallProgress} returns. */
export interface CallProgress {
  /** Sends the next progress notification; does nothing once {@link settle} was called. */
  readonly report: (progress: ExploreProgress) => void;
  /** Stops reporting and resolves when every notification sent so far has been written. */
  readonly settle: () => Promise<void>;
}

/**
 * Progress for the call whose token is `token`, sent through `send` (the request handler's
 * `extra.sendNotification`). A failed send is dropped: progress is advisory, the result still goes.
 * Once `signal` (the request's: `notifications/cancelled`) has fired, nothing more is sent.
 */
export function createCallProgress(
  token: string | number,
  send: (notification: ServerNotification) => Promise<void>,
  signal?: AbortSignal,
): CallProgress {
  let sent = 0;
  let settled = false;
  const inFlight: Promise<void>[] = [];
  return {
    report(progress) {
      // A cancelled call gets nothing more: the client has already dropped its progress handler.
      if (settled || signal?.aborted) return;
      sent += 1;
      const notification: ServerNotification = {
        method: "notifications/progress",
        params: { progressToken: token, progress: sent, message: describeProgress(progress) },
      };
      inFlight.push(send(notification).catch(() => undefined));
    },
    async settle() {
      settled = true;
      await Promise.all(inFlight);
    },
  };
}
