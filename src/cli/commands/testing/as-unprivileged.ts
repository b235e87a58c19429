/**
 * Child runs that permission bits must stop. Root ignores them, so as root the child runs as
 * `nobody`, who must reach the checkout's `bin/recollect.js`; when it cannot, the tests that need
 * it are skipped with one stderr line outside CI and fail under CI=true.
 */
import { spawnSync } from "node:child_process";
import { it } from "vitest";
import { isCiRun } from "../../../test/require-resource.js";
import { type ChildOptions, RECOLLECT_BIN } from "./run-child.js";

/** `nobody`'s uid on Debian. */
const NOBODY = 65534;

/** True when this process runs as root (permission bits would not stop its children). */
export const IS_ROOT = process.getuid?.() === 0;

/** Child options that make permission bits apply: as root, run as `nobody`, HOME /tmp. */
export const AS_UNPRIVILEGED: Pick<ChildOptions, "uid" | "env"> = {
  uid: IS_ROOT ? NOBODY : undefined,
  env: { HOME: "/tmp" },
};

const blocked =
  IS_ROOT &&
  spawnSync(
    process.execPath,
    ["-e", `require("node:fs").accessSync(${JSON.stringify(RECOLLECT_BIN)}, 4)`],
    { uid: NOBODY },
  ).status !== 0;

/**
 * Declares one test whose body runs a child {@link AS_UNPRIVILEGED}; `timeoutMs` overrides the
 * configured test timeout for a body that runs several children in turn.
 */
export type UnprivilegedTest = (
  name: string,
  body: () => Promise<void>,
  timeoutMs?: number,
) => void;

/**
 * The test declaration for `suite`'s child runs as {@link AS_UNPRIVILEGED}: vitest's `it`; when
 * `nobody` cannot read the checkout, a skip with one stderr line outside CI, and under CI=true a
 * test that fails saying why.
 */
export function unprivilegedIt(suite: string): UnprivilegedTest {
  if (!blocked) return (name, body, timeoutMs) => it(name, body, timeoutMs);
  const line = `skipped "${suite}" child run: user nobody cannot read ${RECOLLECT_BIN}`;
  if (!isCiRun()) {
    process.stderr.write(`${line}\n`);
    return (name, body) => it.skip(name, body);
  }
  return (name) =>
    it(name, () => {
      throw new Error(line.replace(/^skipped/, "CI=true cannot skip"));
    });
}
