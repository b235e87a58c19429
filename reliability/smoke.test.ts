/**
 * CI runs the reliability harness at smoke scale (`npm run reliability -- --smoke`): every check,
 * small counts, each figure at or past its target. The full counts run only by hand.
 */
import { describe, expect, it } from "vitest";
import { POSTGRESQL } from "../src/test/postgres-cluster.js";
import { describeRequiring } from "../src/test/require-resource.js";
import { CHECKS, type CheckName, scaleOf } from "./checks/index.js";
import { formatFigure, meets } from "./figure.js";

/** Checks with child processes need more than vitest's default on a busy 2-core machine, ms. */
const CHECK_TIMEOUT_MS = 180_000;

/** Checks that need a PostgreSQL (a team store): skipped with one line without it outside CI. */
const NEEDS_POSTGRESQL: readonly CheckName[] = ["push-kill"];

/** Runs check `name` at smoke scale and expects every figure to meet its target. */
async function smokeCheck(name: CheckName): Promise<void> {
  const lines: string[] = [];
  const figures = await CHECKS[name]({
    scale: scaleOf(true),
    seed: 20261201,
    log: (line) => lines.push(line),
  });
  expect(figures.length).toBeGreaterThan(0);
  const short = figures.filter((figure) => !meets(figure)).map(formatFigure);
  expect(short, lines.join("\n")).toEqual([]);
}

describe("reliability harness, smoke scale", () => {
  it.each((Object.keys(CHECKS) as CheckName[]).filter((name) => !NEEDS_POSTGRESQL.includes(name)))(
    "%s: every figure meets its target",
    smokeCheck,
    CHECK_TIMEOUT_MS,
  );
});

describeRequiring([POSTGRESQL], "reliability harness, smoke scale, on a team store", () => {
  it.each(NEEDS_POSTGRESQL)("%s: every figure meets its target", smokeCheck, CHECK_TIMEOUT_MS);
});
