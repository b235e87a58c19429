/**
 * `watchPush`'s loop with a stand-in push (the real push and process: `push-watch.test.ts`):
 * a push at once, another only after the change marker moved, failures retried after the given
 * backoff without ending the watch, and a stop that ends it between or during waits.
 */
import { describe, expect, it } from "vitest";
import { RecollectError } from "../../errors/recollect-error.js";
import { watchRetryMs } from "../../sync/index.js";
import type { PushResult } from "./push-history.js";
import { watchPush } from "./watch-push.js";

const RESULT: PushResult = { member: "alice", machine: "laptop", apps: [] };

/** Resolves once `check()` holds, polling every 5 ms; rejects after 5 s. */
async function until(check: () => boolean): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > 5_000) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("push --watch's loop", () => {
  it("pushes at once, again only when the marker moves, and stops when asked", async () => {
    const stop = new AbortController();
    let marker = 1;
    let pushes = 0;
    const firsts: boolean[] = [];
    const running = watchPush({
      push: async () => {
        pushes += 1;
        return RESULT;
      },
      marker: () => marker,
      signal: stop.signal,
      onPushed: (_result, first) => firsts.push(first),
      onFailed: () => undefined,
      pollMs: 5,
    });
    await until(() => pushes === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pushes).toBe(1);
    marker = 2;
    await until(() => pushes === 2);
    expect(firsts).toEqual([true, false]);
    stop.abort();
    await running;
  });

  it("retries a failed push after a doubling, bounded wait, and never ends on its own", async () => {
    const stop = new AbortController();
    let calls = 0;
    const waits: number[] = [];
    const kinds: string[] = [];
    const running = watchPush({
      push: async () => {
        calls += 1;
        if (calls <= 3) throw new RecollectError("precondition", "server down");
        if (calls === 4) throw new Error("socket hang up");
        return RESULT;
      },
      marker: () => 1,
      signal: stop.signal,
      onPushed: () => undefined,
      onFailed: (error, retryMs) => {
        waits.push(retryMs);
        kinds.push(error.kind);
      },
      pollMs: 5,
      retryMs: (failures) => failures,
    });
    await until(() => calls === 5);
    expect(waits).toEqual([1, 2, 3, 4]);
    expect(kinds).toEqual(["precondition", "precondition", "precondition", "internal"]);
    stop.abort();
    await running;
  });

  it("waits 1 s after a first failure, doubling to at most 60 s", () => {
    expect([1, 2, 3, 6, 7, 20].map(watchRetryMs)).toEqual([
      1_000, 2_000, 4_000, 32_000, 60_000, 60_000,
    ]);
  });
});
