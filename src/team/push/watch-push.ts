/**
 * `recollect push --watch` (issue 32): pushes once, then again whenever the local store changed
 * (its change marker, `store/data-version.ts`: a sync or import committed), until stopped. A
 * failed push — the server down or restarting, a lost network — is retried after a bounded
 * backoff (1 s doubling to 60 s, `watchRetryMs`, as `sync --watch` retries), never ending the
 * watch: only `signal` does, between or inside pushes (a push stopped inside keeps its committed
 * batches, and the next run resumes after them).
 */

import type { RecollectError } from "../../errors/recollect-error.js";
import { toRecollectError } from "../../errors/recollect-error.js";
import { watchRetryMs } from "../../sync/index.js";
import type { PushResult } from "./push-history.js";

/** How often the change marker is read, ms: a synced turn reaches the team within about this. */
export const PUSH_WATCH_POLL_MS = 1_000;

/** Options of {@link watchPush}. */
export interface WatchPushOptions {
  /** One whole push (`pushHistory`); rejects with the push's error. */
  readonly push: () => Promise<PushResult>;
  /** The local store's change marker: a different value means another connection committed. */
  readonly marker: () => number;
  /** Ends the watch (resolves) when aborted. */
  readonly signal: AbortSignal;
  /** After each push that succeeded; `first` for the first one. */
  readonly onPushed: (result: PushResult, first: boolean) => void;
  /** After each push that failed, with the wait before the retry (ms); never archival text. */
  readonly onFailed: (error: RecollectError, retryMs: number) => void;
  /** Marker poll interval, ms; default {@link PUSH_WATCH_POLL_MS}. */
  readonly pollMs?: number;
  /** The wait after `failures` failures in a row, ms; default `watchRetryMs`. */
  readonly retryMs?: (failures: number) => number;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Runs until `signal` aborts: a push at once, then one after each change of `marker()`, a failed
 * push retried after `retryMs(failures)`. The marker is read before each push, so a change made
 * while a push runs is pushed next. Resolves when stopped; never rejects (every failure goes to
 * `onFailed`).
 */
export async function watchPush(options: WatchPushOptions): Promise<void> {
  const { signal } = options;
  const pollMs = options.pollMs ?? PUSH_WATCH_POLL_MS;
  const retryMs = options.retryMs ?? watchRetryMs;
  let due = true;
  let first = true;
  let failures = 0;
  let seen = options.marker();
  while (!signal.aborted) {
    if (due) {
      seen = options.marker();
      try {
        const result = await options.push();
        failures = 0;
        due = false;
        options.onPushed(result, first);
        first = false;
      } catch (error) {
        if (signal.aborted) return;
        failures += 1;
        const wait = retryMs(failures);
        options.onFailed(toRecollectError(error), wait);
        await pause(wait, signal);
        continue;
      }
    }
    await pause(pollMs, signal);
    if (options.marker() !== seen) due = true;
  }
}
