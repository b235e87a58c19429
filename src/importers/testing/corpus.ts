/**
 * Test helpers: where the shared real-history corpus lives (`../shared/corpus` beside the repo,
 * laid the same way in CI) and small readers over it. Never copied into the repo. Suites that read
 * it are declared with `describeRequiring([SHARED_CORPUS], …)` (`src/test/require-resource.ts`),
 * so a clone without it skips them with one line, and CI fails instead.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SHARED_CORPUS } from "../../test/test-resources.js";

/** Absolute path of the shared corpus folder, with a trailing separator. */
export const CORPUS_DIR = `${SHARED_CORPUS.path}/`;

/** Absolute path of a corpus file, e.g. `corpusFile("cline", "haram-333__fineye__ui_messages.json")`. */
export function corpusFile(folder: string, name: string): string {
  return join(CORPUS_DIR, folder, name);
}

/** A corpus file's text. */
export function readCorpus(folder: string, name: string): string {
  return readFileSync(corpusFile(folder, name), "utf8");
}
