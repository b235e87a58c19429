/** The curated evaluation suite, authored as code and committed as `eval/suites/curated.json`. */
export { buildCuratedSuite, curatedSuiteText, NOISE_CHATS_PER_APP } from "./build-curated-suite.js";
