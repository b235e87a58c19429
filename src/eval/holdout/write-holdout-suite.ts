/**
 * Regenerates `eval/suites/holdout.json`: `npx tsx src/eval/holdout/write-holdout-suite.ts`. The
 * suite test fails when the committed file and this output differ.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { holdoutSuiteText } from "./build-holdout-suite.js";

const target = fileURLToPath(new URL("../../../eval/suites/holdout.json", import.meta.url));
writeFileSync(target, holdoutSuiteText());
process.stdout.write(`wrote ${target}\n`);
