/** The held-out evaluation suite, authored as code and committed as `eval/suites/holdout.json`. */
export { buildHoldoutSuite, holdoutSuiteText } from "./build-holdout-suite.js";
