/**
 * Test helpers: where the shared real-history corpus lives (`../shared/corpus` beside the repo,
 * laid the same way in CI) and small readers over it. Never copied into the repo.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of the shared corpus folder. */
export const CORPUS_DIR = fileURLToPath(new URL("../../../../shared/corpus/", import.meta.url));

/** Absolute path of a corpus file, e.g. `corpusFile("cline", "haram-333__fineye__ui_messages.json")`. */
export function corpusFile(folder: string, name: string): string {
  return join(CORPUS_DIR, folder, name);
}

/** A corpus file's text. */
export function readCorpus(folder: string, name: string): string {
  return readFileSync(corpusFile(folder, name), "utf8");
}
