/**
 * What tests may need from outside the repository: the team's shared corpus and data sets
 * (`../shared/…`, laid beside the clone) and a Chromium binary; whether each is there, whether
 * this is a CI run, and the one line that says what is missing and how to get it. Pure (no
 * vitest import), so `vitest.config.ts` uses it too; test files use `describeRequiring()` from
 * `require-resource.ts`.
 */
import { accessSync, constants, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Something a test needs from outside the repository. */
export interface TestResource {
  /** Short name shown in the skip line, e.g. `"the shared corpus"`. */
  readonly name: string;
  /** Absolute path that must exist (a folder, a file, or an executable). */
  readonly path: string;
  /** One sentence: how a developer gets it. */
  readonly howToGet: string;
  /** True when the path must be an executable file (a browser), not just exist. */
  readonly executable?: boolean;
}

const SHARED_DIR = fileURLToPath(new URL("../../../shared/", import.meta.url));

/** `../shared/corpus`: the real public chat histories the format and importer tests read. */
export const SHARED_CORPUS: TestResource = {
  name: "the shared corpus",
  path: `${SHARED_DIR}corpus`,
  howToGet: "lay the team's shared/ folder beside the repository (../shared/corpus)",
};

/** `../shared/datasets`: benchmark data sets (e.g. BEAM) for evaluation tests. */
export const SHARED_DATASETS: TestResource = {
  name: "the shared data sets",
  path: `${SHARED_DIR}datasets`,
  howToGet: "lay the team's shared/ folder beside the repository (../shared/datasets)",
};

/** Debian's Chromium (or `CHROMIUM_PATH`) for the browser tests; never a downloaded browser. */
export const CHROMIUM: TestResource = {
  name: "Chromium",
  path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  howToGet: "apt-get install chromium, or set CHROMIUM_PATH to a Chromium binary",
  executable: true,
};

/** True when `resource` is there (and executable, when it must be). */
export function isResourceAvailable(resource: TestResource): boolean {
  if (!existsSync(resource.path)) return false;
  if (!resource.executable) return true;
  try {
    accessSync(resource.path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** True when the run is CI (`CI=true` or `CI=1`): missing resources then fail instead of skipping. */
export function isCiRun(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === "true" || env.CI === "1";
}

/** The resources of `resources` that are missing, in order. */
export function missingResources(resources: readonly TestResource[]): TestResource[] {
  return resources.filter((resource) => !isResourceAvailable(resource));
}

/** The one line that names what is missing and how to get it, e.g. for the skip notice. */
export function missingResourceLine(suite: string, missing: readonly TestResource[]): string {
  const what = missing
    .map((resource) => `${resource.name} (not found at ${resource.path}; ${resource.howToGet})`)
    .join(" and ");
  return `skipped "${suite}": needs ${what}`;
}
