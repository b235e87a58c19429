/**
 * Regenerates `eval/suites/curated.json` from the authored specs:
 * `npx tsx src/eval/curated/write-curated-suite.ts`. The suite test fails when the committed file
 * and this output differ.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { curatedSuiteText } from "./build-curated-suite.js";

const target = fileURLToPath(new URL("../../../eval/suites/curated.json", import.meta.url));
writeFileSync(target, curatedSuiteText());
process.stdout.write(`wrote ${target}\n`);
