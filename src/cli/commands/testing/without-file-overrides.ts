/**
 * Test helper: child runs that meet file permissions. As root (CI containers) permissions stop
 * nothing, so the child runs as root without the capabilities that override them (`setpriv`,
 * util-linux): it meets them as their owner does, wherever the checkout lives (running it as
 * another user would need every folder above the checkout to be open to that user).
 */
import { spawnSync } from "node:child_process";
import { it } from "vitest";
import { isCiRun } from "../../../test/require-resource.js";

/** True when the tests run as root, where permissions need {@link SETPRIV_RUNNER} to bite. */
export const IS_ROOT = process.getuid?.() === 0;

/** Capabilities that let root ignore file permissions (capabilities(7)). */
const OVERRIDES = "-dac_override,-dac_read_search,-fowner,-linux_immutable";

/** A `runner` (`ChildOptions.runner`) that starts the child without {@link OVERRIDES}. */
export const SETPRIV_RUNNER: readonly string[] = [
  "setpriv",
  `--bounding-set=${OVERRIDES}`,
  `--inh-caps=${OVERRIDES}`,
  "--",
];

/** The runner a permission test's child needs here: {@link SETPRIV_RUNNER} as root, else none. */
export const PERMISSION_RUNNER: readonly string[] | undefined = IS_ROOT
  ? SETPRIV_RUNNER
  : undefined;

/** As root without `setpriv`, a permission test cannot run here. */
export const SETPRIV_MISSING =
  IS_ROOT && spawnSync("setpriv", ["--version"], { stdio: "ignore" }).status !== 0;

/**
 * `it` for tests whose child must meet file permissions, and the line that says why they cannot
 * run: without `setpriv` as root, one stderr line outside CI and the tests skipped; under CI=true
 * they run and fail through {@link requirePermissionRunner} (as for any missing test resource,
 * `require-resource.ts`).
 */
export function permissionIt(suite: string): {
  readonly childIt: typeof it | typeof it.skip;
  readonly blocked: string;
} {
  const blocked = `skipped "${suite}" child run: running as root needs setpriv (util-linux: apt-get install util-linux) to drop the capabilities that override file permissions`;
  if (SETPRIV_MISSING && !isCiRun()) process.stderr.write(`${blocked}\n`);
  return { childIt: SETPRIV_MISSING && !isCiRun() ? it.skip : it, blocked };
}

/** Throws the CI failure for a permission test that cannot run (see {@link permissionIt}). */
export function requirePermissionRunner(blocked: string): void {
  if (SETPRIV_MISSING) throw new Error(blocked.replace(/^skipped/, "CI=true cannot skip"));
}
