import { describe, expect, it } from "vitest";
import type { ExploreProgress } from "../card/explore-progress.js";
import { progressLines } from "./progress-lines.js";

const event = (reads: number, discussions: number): ExploreProgress => ({
  phase: "reading",
  searches: 1,
  reads,
  discussions,
  observations: 0,
});

describe("progressLines", () => {
  it("writes a line per event but never the line it wrote last", () => {
    const lines: string[] = [];
    const onProgress = progressLines((line) => lines.push(line));
    for (const [reads, discussions] of [
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 3],
    ] as const) {
      onProgress(event(reads, discussions));
    }
    expect(lines).toHaveLength(3);
    expect(new Set(lines).size).toBe(3);
    expect(lines.every((line) => line.startsWith("· "))).toBe(true);
  });
});
