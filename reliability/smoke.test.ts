/**
 * CI runs the reliability harness at smoke scale (`npm run reliability -- --smoke`): every check,
 * small counts, each figure at or past its target. The full counts run only by hand.
 */
import { describe, expect, it } from "vitest";
import { CHECKS, type CheckName, scaleOf } from "./checks/index.js";
import { formatFigure, meets } from "./figure.js";

/** Checks with child processes need more than vitest's default on a busy 2-core machine, ms. */
const CHECK_TIMEOUT_MS = 180_000;

describe("reliability harness, smoke scale", () => {
  it.each(Object.keys(CHECKS) as CheckName[])(
    "%s: every figure meets its target",
    async (name) => {
      const lines: string[] = [];
      const figures = await CHECKS[name]({
        scale: scaleOf(true),
        seed: 20261201,
        log: (line) => lines.push(line),
      });
      expect(figures.length).toBeGreaterThan(0);
      const short = figures.filter((figure) => !meets(figure)).map(formatFigure);
      expect(short, lines.join("\n")).toEqual([]);
    },
    CHECK_TIMEOUT_MS,
  );
});
