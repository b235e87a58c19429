import { defineConfig } from "vitest/config";
import {
  CHROMIUM,
  isCiRun,
  missingResourceLine,
  missingResources,
} from "./src/test/test-resources.js";

// The browser tests need Chromium for every test in `e2e/`: without it (and outside CI) the whole
// folder is left out with one line saying so; under CI=true it stays in and fails, naming it.
const BROWSER_TESTS = "e2e/**/*.test.ts";
const missingBrowser = missingResources([CHROMIUM]);
const skipBrowserTests = missingBrowser.length > 0 && !isCiRun();
if (skipBrowserTests) {
  process.stderr.write(
    `${missingResourceLine(`${BROWSER_TESTS} (browser tests)`, missingBrowser)}\n`,
  );
}

export default defineConfig({
  test: {
    include: [
      "src/**/*.test.ts",
      "src/**/*.test.tsx",
      "test/**/*.test.ts",
      "reliability/**/*.test.ts",
      BROWSER_TESTS,
    ],
    exclude: skipBrowserTests ? ["**/node_modules/**", BROWSER_TESTS] : ["**/node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
