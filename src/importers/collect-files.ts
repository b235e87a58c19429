/**
 * Expands the paths given to `import` into files: a file stands for itself, a folder for every
 * file under it (recursively, sorted, following no symlinked folders, skipping `.git` and
 * `node_modules`). Hidden files and folders are kept: `.specstory/` and `.aider.chat.history.md`
 * are hidden.
 */
import { lstatSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { InvalidInputError } from "../errors/recollect-error.js";

/** Folders never walked into: version control and dependencies hold no chat histories. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([".git", "node_modules"]);

/** One file to consider; `explicit` when the caller named it rather than a folder holding it. */
export interface CandidateFile {
  readonly path: string;
  readonly explicit: boolean;
}

/**
 * Lists candidate files for `paths`, in argument order, folder contents sorted by name.
 *
 * @throws InvalidInputError (`paths`) when no path is given or one does not exist.
 */
export function collectFiles(paths: readonly string[]): CandidateFile[] {
  if (paths.length === 0) {
    throw new InvalidInputError("paths", "at least one file or folder to import");
  }
  const files: CandidateFile[] = [];
  for (const path of paths) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(path);
    } catch {
      throw new InvalidInputError("paths", "existing files or folders", `${path} does not exist`);
    }
    if (stats.isDirectory()) walk(path, files);
    else files.push({ path, explicit: true });
  }
  return files;
}

function walk(folder: string, into: CandidateFile[]): void {
  const entries = readdirSync(folder).sort();
  for (const name of entries) {
    const path = join(folder, name);
    const link = lstatSync(path);
    if (link.isSymbolicLink()) {
      // Follow links to files, never to folders (no cycles, no escaping the tree).
      const target = statSync(path, { throwIfNoEntry: false });
      if (target?.isFile()) into.push({ path, explicit: false });
      continue;
    }
    if (link.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(name)) walk(path, into);
    } else if (link.isFile()) {
      into.push({ path, explicit: false });
    }
  }
}
