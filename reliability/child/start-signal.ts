/**
 * A shared start for several child processes: each child reports `ready` on stdout once loaded
 * and then waits for the parent's start line on stdin, `go <untilEpochMs>`; the parent sends it
 * to all of them once every one is ready, so their work overlaps for the whole window.
 */
import { createInterface } from "node:readline";
import { writeEvent } from "./child-events.js";

/** Reports `ready`, waits for the start line and returns its end time (epoch ms). */
export async function waitForStart(): Promise<number> {
  writeEvent({ type: "ready" });
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const match = /^go (\d+)$/.exec(line.trim());
    if (match) {
      lines.close();
      return Number(match[1]);
    }
  }
  throw new Error("start-signal: stdin closed before the start line");
}

/** The start line for a window ending at `untilEpochMs`. */
export function startLine(untilEpochMs: number): string {
  return `go ${untilEpochMs}\n`;
}
