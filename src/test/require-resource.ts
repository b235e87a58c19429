/**
 * Tests that need something outside the repository: the team's shared corpus or data sets
 * (`../shared/…`, laid beside the clone) or a Chromium binary. A clone with nothing beside it must
 * still pass `npm test`, so such tests are declared with {@link describeRequiring}:
 *
 * - everything present: the suite runs as usual;
 * - something missing, `CI` unset: the suite is skipped and ONE line on stderr names what is
 *   missing, where it was looked for, and how to get it;
 * - something missing, `CI=true`: the suite fails with that same message, so CI can never go
 *   green by skipping.
 *
 * ```ts
 * describeRequiring([SHARED_CORPUS], "parseAider on the real corpus", () => { it(…) });
 * ```
 */
import { describe, it } from "vitest";
import {
  isCiRun,
  missingResourceLine,
  missingResources,
  type TestResource,
} from "./test-resources.js";

export {
  CHROMIUM,
  isCiRun,
  isResourceAvailable,
  missingResourceLine,
  missingResources,
  SHARED_CORPUS,
  SHARED_DATASETS,
  type TestResource,
} from "./test-resources.js";

/**
 * `describe(name, body)` when every resource is present; otherwise skipped with one stderr line,
 * or, under CI, one failing test carrying the same line. `body` is not even collected when
 * skipped or failing, so it may read the resource at collection time.
 */
export function describeRequiring(
  resources: readonly TestResource[],
  name: string,
  body: () => void,
): void {
  const missing = missingResources(resources);
  if (missing.length === 0) {
    describe(name, body);
    return;
  }
  const line = missingResourceLine(name, missing);
  if (isCiRun()) {
    describe(name, () => {
      it("has the resources it needs (CI never skips)", () => {
        throw new Error(line.replace(/^skipped/, "CI=true cannot skip"));
      });
    });
    return;
  }
  process.stderr.write(`${line}\n`);
  describe.skip(name, () => {
    it("needs resources that are missing", () => {});
  });
}
