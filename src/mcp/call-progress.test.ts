import type { ServerNotification } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import type { ExploreProgress } from "../card/explore-progress.js";
import { createCallProgress } from "./call-progress.js";

const event: ExploreProgress = {
  phase: "searching",
  searches: 1,
  reads: 0,
  discussions: 0,
  observations: 0,
};

describe("createCallProgress", () => {
  it("numbers notifications from 1, settles only once every send was written, and sends nothing after", async () => {
    const written: Array<string | number> = [];
    const releases: Array<() => void> = [];
    const progress = createCallProgress("t-1", (notification: ServerNotification) => {
      const params = notification.params as { progressToken: string; progress: number };
      return new Promise<void>((resolve) => {
        releases.push(() => {
          written.push(params.progress);
          resolve();
        });
      });
    });
    progress.report(event);
    progress.report(event);
    let settled = false;
    const settling = progress.settle().then(() => {
      settled = true;
    });
    progress.report(event);
    await Promise.resolve();
    expect([settled, releases.length]).toEqual([false, 2]);
    for (const release of releases) release();
    await settling;
    expect([settled, written]).toEqual([true, [1, 2]]);
  });

  it("settles when a send fails", async () => {
    const progress = createCallProgress(7, () => Promise.reject(new Error("closed")));
    progress.report(event);
    await expect(progress.settle()).resolves.toBeUndefined();
  });
});
